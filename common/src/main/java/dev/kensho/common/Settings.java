package dev.kensho.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Every suite-wide knob, as a {@code NAME_PROPERTY} / {@code NAME_DEFAULT} pair (YCSB style). All are
 * Java system properties; the Maven {@code bench} profile forwards the {@code -D} ones you pass.
 *
 * <table>
 * <caption>Suite-wide properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>kensho.scale</td><td>default</td><td>smoke | default | seed: the sizes every benchmark uses</td></tr>
 * <tr><td>kensho.bench</td><td>.*</td><td>regex over benchmark names: which to run</td></tr>
 * <tr><td>kensho.jfr</td><td>false</td><td>attach JMH's JFR profiler; recordings land beside the results</td></tr>
 * <tr><td>kensho.results</td><td>&lt;repo&gt;/target/kensho-runs</td><td>where run folders go</td></tr>
 * <tr><td>kensho.runId</td><td>timestamp</td><td>name of the run folder</td></tr>
 * <tr><td>kensho.redis.uri</td><td>(none)</td><td>redis:// or rediss:// URI of an external Redis</td></tr>
 * <tr><td>KENSHO_REDIS_PASSWORD (env)</td><td>(none)</td><td>its password; never printed or recorded</td></tr>
 * <tr><td>kensho.redis.server</td><td>bundled 7.0.15</td><td>path of a redis-server binary for the embedded target</td></tr>
 * <tr><td>kensho.redis.container</td><td>false</td><td>true: a Testcontainers redis (Docker hosts only)</td></tr>
 * <tr><td>kensho.redis.image</td><td>redis:7.0.15</td><td>image of the container target</td></tr>
 * <tr><td>kensho.keyPrefix</td><td>kensho:</td><td>prefix of every key the suite writes</td></tr>
 * <tr><td>kensho.destructive</td><td>false</td><td>true: allow FLUSHDB, CONFIG SET, DEBUG on an external target</td></tr>
 * </table>
 */
public final class Settings {

    public static final String SCALE_PROPERTY = "kensho.scale";
    public static final String SCALE_DEFAULT = "default";
    public static final String BENCH_PROPERTY = "kensho.bench";
    public static final String BENCH_DEFAULT = ".*";
    public static final String JFR_PROPERTY = "kensho.jfr";
    public static final String RESULTS_PROPERTY = "kensho.results";
    public static final String RUN_ID_PROPERTY = "kensho.runId";
    public static final String ROOT_PROPERTY = "kensho.root";
    /** Set by the launcher in every fork: the run folder this JVM writes its measurements into. */
    public static final String RUN_DIR_PROPERTY = "kensho.runDir";

    public static final String REDIS_URI_PROPERTY = "kensho.redis.uri";
    public static final String REDIS_PASSWORD_ENV = "KENSHO_REDIS_PASSWORD";
    public static final String REDIS_SERVER_PROPERTY = "kensho.redis.server";
    public static final String REDIS_SERVER_ENV = "KENSHO_REDIS_SERVER";
    public static final String REDIS_CONTAINER_PROPERTY = "kensho.redis.container";
    public static final String REDIS_IMAGE_PROPERTY = "kensho.redis.image";
    public static final String REDIS_IMAGE_DEFAULT = "redis:7.0.15";
    public static final String KEY_PREFIX_PROPERTY = "kensho.keyPrefix";
    public static final String KEY_PREFIX_DEFAULT = "kensho:";
    public static final String DESTRUCTIVE_PROPERTY = "kensho.destructive";

    private Settings() {
    }

    public static String get(String name, String def) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? def : v.trim();
    }

    public static String get(String name) {
        return get(name, null);
    }

    public static boolean flag(String name) {
        String v = get(name, "false").toLowerCase(Locale.ROOT);
        return switch (v) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0" -> false;
            default -> throw BadInput.of(name, v, "true or false");
        };
    }

    /** An integer in [min, max], or a one-line {@link BadInput}. */
    public static long range(String name, String value, long min, long max) {
        long v;
        try {
            v = Long.parseLong(value.trim().replace("_", ""));
        } catch (NumberFormatException e) {
            throw BadInput.of(name, value, "an integer in " + min + " … " + max);
        }
        if (v < min || v > max) {
            throw BadInput.of(name, value, "an integer in " + min + " … " + max);
        }
        return v;
    }

    /** A decimal in [min, max], or a one-line {@link BadInput}. */
    public static double range(String name, String value, double min, double max) {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of(name, value, "a number in " + min + " … " + max);
        }
        if (!(v >= min && v <= max)) {
            throw BadInput.of(name, value, "a number in " + min + " … " + max);
        }
        return v;
    }

    /** Key prefix every suite key starts with. Never empty: an empty prefix would own the whole keyspace. */
    public static String keyPrefix() {
        String p = get(KEY_PREFIX_PROPERTY, KEY_PREFIX_DEFAULT);
        if (p.isEmpty() || p.length() > 32 || !p.matches("[A-Za-z0-9:_.\\-{}]+")) {
            throw BadInput.of(KEY_PREFIX_PROPERTY, p, "1 … 32 characters of [A-Za-z0-9:_.-{}]");
        }
        return p;
    }

    /** True when the user explicitly allows FLUSHDB / CONFIG SET / DEBUG on an external target. */
    public static boolean destructiveAllowed() {
        return flag(DESTRUCTIVE_PROPERTY);
    }

    /**
     * The repository root: {@code kensho.root} if set (Maven sets it), else the nearest ancestor of the
     * working directory holding {@code mvnw}, else the working directory. Used so an IDE run and a Maven
     * run write into the same {@code target/kensho-runs}.
     */
    public static Path root() {
        String r = get(ROOT_PROPERTY);
        if (r != null) {
            return Paths.get(r).toAbsolutePath().normalize();
        }
        Path cwd = Paths.get("").toAbsolutePath();
        for (Path p = cwd; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("mvnw")) && Files.exists(p.resolve("pom.xml"))) {
                return p;
            }
        }
        return cwd;
    }

    public static Path resultsRoot() {
        String r = get(RESULTS_PROPERTY);
        return r != null ? Paths.get(r).toAbsolutePath().normalize() : root().resolve("target").resolve("kensho-runs");
    }
}
