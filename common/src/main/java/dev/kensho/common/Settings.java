package dev.kensho.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Reading the suite's settings. Their names, defaults and meanings live in one registry, {@link Setting};
 * the constants here are that registry's keys under the names the code has always used. The Maven
 * {@code bench} profile forwards every {@code -Dkensho.*} you pass (and the {@code KENSHO_*}
 * environment) to the launcher, which forwards them to every JMH fork; a name the registry does not
 * know ends the run with one line ({@link Setting#checkNames}).
 */
public final class Settings {

    public static final String SCALE_PROPERTY = Setting.SCALE.key();
    public static final String SCALE_DEFAULT = "default";
    public static final String BENCH_PROPERTY = Setting.BENCH.key();
    public static final String BENCH_DEFAULT = ".*";
    public static final String JFR_PROPERTY = Setting.JFR.key();
    public static final String RESULTS_PROPERTY = Setting.RESULTS.key();
    public static final String RUN_ID_PROPERTY = Setting.RUN_ID.key();
    public static final String ROOT_PROPERTY = Setting.ROOT.key();
    /** Set by the launcher in every fork: the run folder this JVM writes its measurements into. */
    public static final String RUN_DIR_PROPERTY = Setting.RUN_DIR.key();

    public static final String REDIS_URI_PROPERTY = Setting.REDIS_URI.key();
    public static final String REDIS_PASSWORD_ENV = Setting.REDIS_PASSWORD.key();
    public static final String REDIS_SERVER_PROPERTY = Setting.REDIS_SERVER.key();
    public static final String REDIS_SERVER_ENV = Setting.REDIS_SERVER_ENV.key();
    public static final String REDIS_CONTAINER_PROPERTY = Setting.REDIS_CONTAINER.key();
    public static final String REDIS_IMAGE_PROPERTY = Setting.REDIS_IMAGE.key();
    public static final String KEY_PREFIX_PROPERTY = Setting.KEY_PREFIX.key();
    public static final String KEY_PREFIX_DEFAULT = "kensho:";
    public static final String DESTRUCTIVE_PROPERTY = Setting.DESTRUCTIVE.key();
    /** What a key prefix may be: never empty (an empty prefix would own the whole keyspace). */
    public static final String KEY_PREFIX_PATTERN = "[A-Za-z0-9:_.\\-{}]{1,32}";
    public static final String KEY_PREFIX_ALLOWED = "1 … 32 characters of [A-Za-z0-9:_.-{}]";

    private Settings() {
    }

    public static String get(String name, String def) {
        if (name.startsWith(Setting.PREFIX) && !Setting.known(name)) {
            throw new IllegalStateException(name + " is read but not in the registry dev.kensho.common.Setting");
        }
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? def : v.trim();
    }

    public static String get(String name) {
        return get(name, null);
    }

    /** A boolean setting: {@code true} or {@code false} only ({@link SettingValues#bool}); unset is false. */
    public static boolean flag(String name) {
        return SettingValues.bool(name, get(name, "false"));
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

    /**
     * Key prefix every suite key starts with ({@code kensho.keyPrefix}). Never empty: an empty prefix would own the
     * whole keyspace. A shard's keys add {@code i:} to it: {@link dev.kensho.common.shard.Shard#runKeyPrefix()}.
     */
    public static String baseKeyPrefix() {
        String p = get(KEY_PREFIX_PROPERTY, KEY_PREFIX_DEFAULT);
        if (!p.matches(KEY_PREFIX_PATTERN)) {
            throw BadInput.of(KEY_PREFIX_PROPERTY, p, KEY_PREFIX_ALLOWED);
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
