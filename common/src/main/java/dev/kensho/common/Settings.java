package dev.kensho.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Reading the suite's settings. Each is declared once, as a {@link Setting} of the module that reads it, and read
 * through that object ({@link Setting#get}); the registry of all of them is {@link SettingRegistry}. The Maven
 * {@code bench} profile forwards every {@code -Dkensho.*} you pass (and the {@code KENSHO_*} environment) to the
 * launcher, which forwards them to every JMH fork; a name no module declares ends the run with one line
 * ({@link SettingRegistry#checkNames}).
 */
public final class Settings {

    public static final String SCALE_DEFAULT = "default";
    public static final String BENCH_DEFAULT = ".*";
    public static final String KEY_PREFIX_DEFAULT = "kensho:";
    /** What a key prefix may be: never empty (an empty prefix would own the whole keyspace). */
    public static final String KEY_PREFIX_PATTERN = "[A-Za-z0-9:_.\\-{}]{1,32}";
    public static final String KEY_PREFIX_ALLOWED = "1 … 32 characters of [A-Za-z0-9:_.-{}]";

    private Settings() {
    }

    /** The system property {@code name} (trimmed), or {@code def} when unset or blank; a {@code kensho.*} name must be declared. */
    static String get(String name, String def) {
        if (name.startsWith(Setting.PREFIX) && SettingRegistry.onClassPath().find(name).isEmpty()) {
            throw new IllegalStateException(name + " is read but declared by no SettingGroup on the class path");
        }
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? def : v.trim();
    }

    /** The environment variable {@code name} (trimmed), or {@code def} when unset or blank. */
    static String env(String name, String def) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? def : v.trim();
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
        String p = Setting.KEY_PREFIX.get(KEY_PREFIX_DEFAULT);
        if (!p.matches(KEY_PREFIX_PATTERN)) {
            throw BadInput.of(Setting.KEY_PREFIX.key(), p, KEY_PREFIX_ALLOWED);
        }
        return p;
    }

    /** True when the user explicitly allows FLUSHDB / CONFIG SET / DEBUG on an external target. */
    public static boolean destructiveAllowed() {
        return Setting.DESTRUCTIVE.flag();
    }

    /**
     * The repository root: {@code kensho.root} if set (Maven sets it), else the nearest ancestor of the
     * working directory holding {@code mvnw}, else the working directory. Used so an IDE run and a Maven
     * run write into the same {@code target/kensho-runs}.
     */
    public static Path root() {
        String r = System.getProperty(Setting.ROOT.key()); // not get(): the registry reads the checkout from here
        r = r == null || r.isBlank() ? null : r.trim();
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
        String r = Setting.RESULTS.get();
        return r != null ? Paths.get(r).toAbsolutePath().normalize() : root().resolve("target").resolve("kensho-runs");
    }
}
