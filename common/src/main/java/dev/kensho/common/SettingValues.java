package dev.kensho.common;

import jdk.jfr.Configuration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The value rules of the {@link Setting} registry, applied to every {@code kensho.*} value that is set,
 * whether or not this run reads it: {@code -Dkensho.startGrid=0} is refused even without
 * {@code kensho.startAt}, {@code -Dkensho.destructive=yes} is refused rather than read as false, and an
 * empty value ({@code -Dkensho.keyPrefix=}) is refused rather than replaced by the default. Each refusal is
 * one {@link BadInput} line naming the setting, the value and what is allowed.
 */
public final class SettingValues {

    /** The allowed values of a boolean setting. */
    public static final String BOOLEAN = "true or false";

    /** The checks packages above this one own ({@link SettingCheck}, found once). */
    private static final Map<Setting, Consumer<String>> OWNED = owned();

    private SettingValues() {
    }

    private static Map<Setting, Consumer<String>> owned() {
        Map<Setting, Consumer<String>> all = new EnumMap<>(Setting.class);
        for (SettingCheck c : ServiceLoader.load(SettingCheck.class, SettingValues.class.getClassLoader())) {
            all.putAll(c.checks());
        }
        return all;
    }

    /** Checks every registry setting set in {@code props} (unknown names are {@link Setting#checkNames}'s job). */
    public static void check(Properties props) {
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            Setting.of(k).ifPresent(s -> check(s, props.getProperty(k)));
        }
    }

    /** One setting's value, or a one-line {@link BadInput}. */
    public static void check(Setting s, String value) {
        String k = s.key();
        if (value.isBlank()) {
            if (s == Setting.ARGS) {
                return; // no extra JMH flags: the pom's own default
            }
            throw BadInput.of(k, "(empty)", "a value; leave the setting out for its default ("
                    + (s.documentedDefault() == null ? "none" : s.documentedDefault()) + ")");
        }
        String v = value.trim();
        switch (s) {
            case JFR, REDIS_CONTAINER, DESTRUCTIVE, NPM_CI, HBASE_CONTAINER, KINESIS_CONTAINER, KINESIS_CBOR, VERBOSE ->
                    bool(k, v);
            case SCALE -> Scale.parse(v);
            case JFR_SETTINGS -> jfrConfiguration(v);
            case BENCH -> regex(k, v);
            case PIN -> oneOf(k, v, "off", "split");
            case RUN_ID -> matches(k, v, "[A-Za-z0-9._\\-]+", "letters, digits, '.', '_' and '-'");
            case START_GRID -> Settings.range(k, v, 1, 3600);
            case ROUNDS -> Settings.range(k, v, 1, 1000);
            case KEY_PREFIX -> matches(k, v, Settings.KEY_PREFIX_PATTERN, Settings.KEY_PREFIX_ALLOWED);
            case REDIS_CLUSTER -> cluster(k, v);
            case KV_JEDIS_THREADS -> Settings.range(k, v, 1, 10_000);
            case HBASE_REGION_SERVERS -> Settings.range(k, v, 1, 8);
            case HBASE_NAMESPACE -> matches(k, v, "[A-Za-z0-9_]{1,64}", "1 … 64 characters of [A-Za-z0-9_]");
            case KINESIS_STREAM_PREFIX -> matches(k, v, "[A-Za-z0-9_.\\-]{1,64}", "1 … 64 characters of [A-Za-z0-9_.-]");
            case TARGET_RPS, TARGET_RECORDS -> target(k, v);
            case TARGET_MEMBERS -> wholeTarget(k, v);
            default -> {
                Consumer<String> owned = OWNED.get(s);
                if (owned != null) {
                    owned.accept(v); // a check its package owns (SettingCheck)
                }
                // else free text (paths, URIs, images, regions): checked where it is used, against the file or server
            }
        }
    }

    /** A sizing target ({@code kensho.target.*}): a finite number ≥ 0 ({@code 1e9} allowed), or a one-line {@link BadInput}. */
    public static double target(String name, String value) {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of(name, value, "a number ≥ 0");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw BadInput.of(name, value, "a number ≥ 0");
        }
        return v;
    }

    /** A sizing target that counts things ({@code kensho.target.members}): a whole number ≥ 0 ({@code 1e8} allowed). */
    public static double wholeTarget(String name, String value) {
        double v = target(name, value);
        if (v != Math.rint(v)) {
            throw BadInput.of(name, value, "a whole number ≥ 0 (1e8 allowed)");
        }
        return v;
    }

    /** {@code true} or {@code false} (any case); {@code yes}, {@code 1}, {@code on} are refused. */
    public static boolean bool(String name, String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw BadInput.of(name, value, BOOLEAN);
    }

    private static void oneOf(String name, String value, String... allowed) {
        for (String a : allowed) {
            if (a.equalsIgnoreCase(value)) {
                return;
            }
        }
        throw BadInput.of(name, value, String.join(" or ", allowed));
    }

    private static void matches(String name, String value, String pattern, String allowed) {
        if (!value.matches(pattern)) {
            throw BadInput.of(name, value, allowed);
        }
    }

    private static void regex(String name, String value) {
        try {
            Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(name, value, "a Java regular expression (" + e.getDescription() + ")");
        }
    }

    /** The fewest and most masters of an embedded Redis Cluster ({@code kensho.redis.cluster=N}). */
    public static final int MIN_MASTERS = 3;
    public static final int MAX_MASTERS = 64;
    /** {@link #cluster}: {@code kensho.redis.cluster=true} (an external cluster, any master count). */
    public static final int DECLARED = -1;
    public static final String CLUSTER_ALLOWED = "false, true (the kensho.redis.uri endpoint is a Redis Cluster) or a"
            + " number of embedded masters " + MIN_MASTERS + " … " + MAX_MASTERS;

    /**
     * {@code kensho.redis.cluster}: 0 for {@code false} or unset (null), {@link #DECLARED} for {@code true}, else the
     * number of masters ({@value #MIN_MASTERS} … {@value #MAX_MASTERS}); anything else is one line.
     */
    public static int cluster(String name, String value) {
        if (value == null || value.trim().equalsIgnoreCase("false")) {
            return 0;
        }
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return DECLARED;
        }
        if (v.matches("\\d{1,2}")) {
            int n = Integer.parseInt(v);
            if (n >= MIN_MASTERS && n <= MAX_MASTERS) {
                return n;
            }
        }
        throw BadInput.of(name, value, CLUSTER_ALLOWED);
    }

    /**
     * The JFR configuration {@code kensho.jfr.settings} names — one this JDK ships ({@code profile}, {@code default}) or
     * a {@code .jfc} file — or a one-line {@link BadInput} listing the names there are.
     */
    public static Configuration jfrConfiguration(String v) {
        try {
            if (v.endsWith(".jfc") || v.contains("/")) {
                Path p = Path.of(v);
                if (Files.isRegularFile(p)) {
                    return Configuration.create(p);
                }
            } else {
                return Configuration.getConfiguration(v);
            }
        } catch (IOException | ParseException e) {
            // named below
        }
        String names = Configuration.getConfigurations().stream().map(Configuration::getName).sorted()
                .collect(Collectors.joining(", "));
        throw BadInput.of(Setting.JFR_SETTINGS.key(), v, "a JFR configuration this JDK has (" + names + ") or the path of a .jfc file");
    }
}
