package dev.kensho.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One {@code kensho.*} system property or {@code KENSHO_*} environment variable: its key (the only place it is
 * spelled), the default a reader sees, its meaning, who reads it and the check of its value. The module that reads a
 * setting declares it, in a {@link SettingGroup} of its own found with {@link java.util.ServiceLoader} (redis-target's
 * {@code RedisSettings}, kinesis-batch's {@code BatchSettings}, …); the run-wide ones, which every module shares, are
 * the constants here. {@link SettingRegistry} joins them: it documents them ({@code docs/settings.md}), forwards them
 * from Maven to the launcher and from the launcher to every JMH fork, and refuses a name no module declares.
 *
 * <p>Who reads a setting ({@link Use}): the launcher and its forks (every benchmark entry point: the Maven
 * {@code bench} profile, a class's {@code main}, the jar), the report commands ({@code Report}, {@code Compare},
 * {@code Docs}), Maven alone (a pom), or the suite itself (set by the launcher).
 */
public final class Setting {

    // --- what runs and where results go
    public static final Setting SCALE = run("kensho.scale", "default", "smoke | default | full | seed: the sizes every benchmark uses (full: default sizes, every case of every grid)")
            .checked((k, v) -> Scale.parse(v));
    public static final Setting BENCH = run("kensho.bench", ".*", "regex over benchmark names (package.Class.method): which to run")
            .checked(SettingValues.REGEX);
    public static final Setting JFR = run("kensho.jfr", "false", "true: a JFR recording per case and fork (and the HBase server's, and redis-server's perf profile) in jfr/<Class>/<case>/ of the run, read in the report's Profiles part; the run is marked profiled")
            .checked(SettingValues.BOOLEAN_CHECK);
    public static final Setting JFR_SETTINGS = run("kensho.jfr.settings", "profile", "the JFR configuration of those recordings: a name the JDK ships (profile, default) or a .jfc file's path")
            .checked((k, v) -> SettingValues.jfrConfiguration(v));
    public static final Setting VERBOSE = run("kensho.verbose", "false", "true: JMH's own console output (every fork, iteration and table) instead of one line per fork and the closing summary")
            .checked(SettingValues.BOOLEAN_CHECK);
    public static final Setting ROUNDS = run("kensho.rounds", "1", "N (1 … 1000): N > 1 runs every class as N rounds, every case once per round with one fork, in an order shuffled per round (seed and order in rounds.jsonl); 1: every class's forks back to back. Unset: a class's @rounds in its scale table (the HBase compression matrix: 2), else 1. The report takes what moves a whole round out of a ratio")
            .checked(SettingValues.range(1, 1000));
    public static final Setting BUDGET = run("kensho.budget", "60", "minutes (a number > 0) the whole run may take; default 60 at the smoke and default scales (the default scale's hour on a 2-core machine), none (a week) at full and seed. A class run in rounds gives one more round only to the claims still open whose remedy fits in what is left of it (minus the planned time of the classes after it); the report says per claim why it stopped (decided, budget, remedy beyond budget)")
            .checked((k, v) -> budgetMinutes(k, v));
    public static final Setting PIN = run("kensho.pin", "off", "off | split: the embedded server on the last core, the benchmark JVM on the others (taskset; recorded in env.json)")
            .checked(SettingValues.oneOf("off", "split"));
    public static final Setting FORK_JDK = run("kensho.forkJdk", "auto", "auto | build | a Java home: the JDK the JMH forks run on. auto: the newest JDK 21+ found (JAVA_HOME, JDK_HOME, JAVA_HOME_*, /usr/lib/jvm and the like) when newer than the launcher's (virtual threads for the Jedis load generator), else the launcher's; build: the launcher's. A module whose client breaks on newer JDKs keeps its forks within its kensho-jdk.properties limit. Recorded per class in env.json (fork_jdk) and the report's notes; JMH's -jvm wins")
            .checked((k, v) -> forkJdk(k, v));
    public static final Setting ARGS = new Setting("kensho.args", "", "JMH flags for the Maven bench profile (-p name=v, -f, -wi, -prof …)", Use.MAVEN,
            null, true);
    public static final Setting RESULTS = new Setting("kensho.results", "<root>/target/kensho-runs", "where run folders go", Use.RUN_AND_COMMANDS, null, false);
    public static final Setting RUN_ID = run("kensho.runId", "a timestamp", "name of the run folder")
            .checked(SettingValues.pattern("[A-Za-z0-9._\\-]+", "letters, digits, '.', '_' and '-'"));
    public static final Setting ROOT = new Setting("kensho.root", "the checkout holding mvnw", "repository root (Maven sets it)", Use.RUN_AND_COMMANDS, null, false);
    public static final Setting RUN_DIR = suite("kensho.runDir", "(set by the launcher)", "the run folder a JMH fork records into");
    public static final Setting BENCH_CLASS = suite("kensho.benchClass", "(set by the launcher)", "the benchmark class a JMH fork runs (names its target in env.json)");
    public static final Setting WATCH_PID = suite("kensho.watchPid", "(set by Maven's bench profile)", "the launcher stops its run when this pid ends");
    public static final Setting MODULE = suite("kensho.module", "(set by Maven's bench profile)", "the module this launcher runs: its cases and time go into status.json for the whole build's ETA");
    public static final Setting REACTOR = suite("kensho.reactor", "(set by Maven's bench profile)", "the build's modules with benchmarks, in order: the console counts and times the whole build");
    public static final Setting COMMIT_ENV = run("KENSHO_COMMIT", "git rev-parse HEAD", "environment: the suite's commit where git cannot tell (the -Pimage image sets it)");
    // --- what a run may do to a server it did not start, and how its keys are named
    public static final Setting KEY_PREFIX = run("kensho.keyPrefix", "kensho:", "prefix of every key the suite writes")
            .checked(SettingValues.pattern(Settings.KEY_PREFIX_PATTERN, Settings.KEY_PREFIX_ALLOWED));
    public static final Setting DESTRUCTIVE = run("kensho.destructive", "false", "true: allow FLUSHDB, CONFIG SET, DEBUG on a server the suite did not start")
            .checked(SettingValues.BOOLEAN_CHECK);
    // --- cost tables (read by the report)
    public static final Setting PRICES = new Setting("kensho.prices", "each module's prices.csv", "a prices CSV (service,item,unit,price,currency,region,source,date) whose lines replace the suite's dated prices of the same item and add others, in every cost table", Use.RUN_AND_COMMANDS, null, false);

    /** The settings above, in the order {@code docs/settings.md} lists them. */
    static final List<Setting> RUN_WIDE = List.of(SCALE, BENCH, JFR, JFR_SETTINGS, VERBOSE, ROUNDS, BUDGET, PIN, FORK_JDK, ARGS, RESULTS, RUN_ID, ROOT,
            RUN_DIR, BENCH_CLASS, WATCH_PID, MODULE, REACTOR, COMMIT_ENV, KEY_PREFIX, DESTRUCTIVE, PRICES);

    /** The run's budget in minutes ({@link #BUDGET}) when unset, at the smoke and default scales. */
    public static final double BUDGET_DEFAULT_MINUTES = 60;
    /**
     * The budget when unset at the full and seed scales: a week, i.e. none — those runs take hours by design, and an
     * hour's budget would stop their claims' rounds before the intervals they exist for.
     */
    public static final double BUDGET_LONG_SCALES_MINUTES = 7 * 24 * 60;

    /** {@code kensho.budget}'s minutes, checked: a number above 0; unset, by the scale. */
    public static double budgetMinutes() {
        String v = BUDGET.get();
        if (v != null) {
            return budgetMinutes(BUDGET.key(), v);
        }
        String scale = SCALE.get();
        boolean longScale = scale != null && (scale.trim().equalsIgnoreCase("full") || scale.trim().equalsIgnoreCase("seed"));
        return longScale ? BUDGET_LONG_SCALES_MINUTES : BUDGET_DEFAULT_MINUTES;
    }

    private static double budgetMinutes(String key, String value) {
        double m;
        try {
            m = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of(key, value, "minutes, a number > 0 (default 60)");
        }
        if (!(m > 0) || Double.isInfinite(m)) {
            throw BadInput.of(key, value, "minutes, a number > 0 (default 60)");
        }
        return m;
    }

    /** {@code kensho.forkJdk}: auto, build, or a folder holding {@code bin/java}. */
    private static void forkJdk(String key, String value) {
        if (value.equals("auto") || value.equals("build")) {
            return;
        }
        Path home = Path.of(value);
        if (!Files.isRegularFile(home.resolve("bin").resolve("java"))) {
            throw BadInput.of(key, value, "auto, build, or a Java home (a folder with bin/java)");
        }
    }

    /** Who reads a setting. */
    public enum Use {
        /** the launcher and its JMH forks: every benchmark entry point */
        RUN,
        /** the launcher, its forks and the report commands */
        RUN_AND_COMMANDS,
        /** only a Maven pom */
        MAVEN,
        /** set by the suite for its own processes, not by the user */
        SUITE
    }

    /** A value check: returns, or throws a one-line {@link BadInput} naming the key, the value and what is allowed. */
    @FunctionalInterface
    public interface Check {
        void check(String key, String value);
    }

    /** Prefix of every system property of the suite. */
    public static final String PREFIX = "kensho.";
    /** Prefix of every environment variable of the suite. */
    public static final String ENV_PREFIX = "KENSHO_";

    private final String key;
    private final String def;
    private final String meaning;
    private final Use use;
    private final Check check;
    private final boolean emptyAllowed;

    private Setting(String key, String def, String meaning, Use use, Check check, boolean emptyAllowed) {
        if (!key.startsWith(PREFIX) && !key.startsWith(ENV_PREFIX)) {
            throw new IllegalArgumentException(key + " is neither kensho.* nor KENSHO_*");
        }
        this.key = key;
        this.def = def;
        this.meaning = meaning;
        this.use = use;
        this.check = check;
        this.emptyAllowed = emptyAllowed;
    }

    /**
     * A setting the launcher and its forks read, of free text (a path, URI, image or region: checked where it is used,
     * against the file or server) until {@link #checked} gives it a check. {@code def} is the default as a reader sees
     * it (may be a description, e.g. "a timestamp"), or null.
     */
    public static Setting run(String key, String def, String meaning) {
        return new Setting(key, def, meaning, Use.RUN, null, false);
    }

    /** The same, read by {@code use}. */
    public static Setting of(String key, String def, String meaning, Use use) {
        return new Setting(key, def, meaning, use, null, false);
    }

    /** A boolean setting ({@code true} or {@code false}, any case) of the launcher and its forks. */
    public static Setting flag(String key, String meaning) {
        return run(key, "false", meaning).checked(SettingValues.BOOLEAN_CHECK);
    }

    private static Setting suite(String key, String def, String meaning) {
        return new Setting(key, def, meaning, Use.SUITE, null, false);
    }

    /** This setting with {@code check} applied to every value set, whether or not a run reads it. */
    public Setting checked(Check check) {
        return new Setting(key, def, meaning, use, check, emptyAllowed);
    }

    public String key() {
        return key;
    }

    /** The default as a reader sees it (may be a description, e.g. "a timestamp"), or null. */
    public String documentedDefault() {
        return def;
    }

    public String meaning() {
        return meaning;
    }

    public Use use() {
        return use;
    }

    public boolean isEnvironment() {
        return key.startsWith(ENV_PREFIX);
    }

    /**
     * Refuses a value that would mean nothing, in one {@link BadInput} line: an empty value (leave the setting out for
     * its default), or one its check refuses. Free text passes.
     */
    public void check(String value) {
        if (value.isBlank()) {
            if (emptyAllowed) {
                return;
            }
            throw BadInput.of(key, "(empty)", "a value; leave the setting out for its default (" + (def == null ? "none" : def) + ")");
        }
        if (check != null) {
            check.check(key, value.trim());
        }
    }

    /** The value set (trimmed), or null when unset or blank. */
    public String get() {
        return get(null);
    }

    /** The value set (trimmed), or {@code def} when unset or blank. */
    public String get(String def) {
        return isEnvironment() ? Settings.env(key, def) : Settings.get(key, def);
    }

    /** A boolean setting: {@code true} or {@code false} only; unset is false. */
    public boolean flag() {
        return SettingValues.bool(key, get("false"));
    }

    @Override
    public String toString() {
        return key;
    }
}
