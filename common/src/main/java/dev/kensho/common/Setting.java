package dev.kensho.common;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The registry of every {@code kensho.*} system property and {@code KENSHO_*} environment variable: the
 * only place their names are spelled. Adding a setting here is all it takes for it to be documented
 * ({@link #table()}), forwarded from Maven to the launcher and from the launcher to every JMH fork,
 * and accepted by the unknown-name check; reading a {@code kensho.*} name that is not here is a
 * programming error ({@link Settings#get(String, String)} refuses it, and {@code SettingRegistryTest}
 * fails on any such name in the sources).
 *
 * <p>Who reads a setting ({@link Use}): the launcher and its forks (every benchmark entry point: the
 * Maven {@code bench} profile, a class's {@code main}), the report commands ({@code Report},
 * {@code Compare}, {@code Docs}), Maven alone (the pom), or the suite itself (set by the launcher).
 */
public enum Setting {

    // --- what runs and where results go
    SCALE("kensho.scale", "default", "smoke | default | full | seed: the sizes every benchmark uses (full: default sizes, every case of every grid)", Use.RUN),
    BENCH("kensho.bench", ".*", "regex over benchmark names (package.Class.method): which to run", Use.RUN),
    JFR("kensho.jfr", "false", "true: a JFR recording per case and fork (and the HBase server's, and redis-server's perf profile) in jfr/<Class>/<case>/ of the run, read in the report's Profiles part; the run is marked profiled", Use.RUN),
    JFR_SETTINGS("kensho.jfr.settings", "profile", "the JFR configuration of those recordings: a name the JDK ships (profile, default) or a .jfc file's path", Use.RUN),
    VERBOSE("kensho.verbose", "false", "true: JMH's own console output (every fork, iteration and table) instead of one line per fork and the closing summary", Use.RUN),
    ROUNDS("kensho.rounds", "1", "N (1 … 1000): N > 1 runs every class as N rounds, every case once per round with one fork, in an order shuffled per round (seed and order in rounds.jsonl); 1: every class's forks back to back. Unset: a class's @rounds in its scale table (the HBase compression matrix: 2), else 1. The report takes what moves a whole round out of a ratio", Use.RUN),
    PIN("kensho.pin", "off", "off | split: the embedded server on the last core, the benchmark JVM on the others (taskset; recorded in env.json)", Use.RUN),
    ARGS("kensho.args", "", "JMH flags for the Maven bench profile (-p name=v, -f, -wi, -prof …)", Use.MAVEN),
    RESULTS("kensho.results", "<root>/target/kensho-runs", "where run folders go", Use.RUN_AND_COMMANDS),
    RUN_ID("kensho.runId", "a timestamp", "name of the run folder", Use.RUN),
    ROOT("kensho.root", "the checkout holding mvnw", "repository root (Maven sets it)", Use.RUN_AND_COMMANDS),
    RUN_DIR("kensho.runDir", "(set by the launcher)", "the run folder a JMH fork records into", Use.SUITE),
    BENCH_CLASS("kensho.benchClass", "(set by the launcher)", "the benchmark class a JMH fork runs (names its target in env.json)", Use.SUITE),
    WATCH_PID("kensho.watchPid", "(set by Maven's bench profile)", "the launcher stops its run when this pid ends", Use.SUITE),
    MODULE("kensho.module", "(set by Maven's bench profile)", "the module this launcher runs: its cases and time go into status.json for the whole build's ETA", Use.SUITE),
    REACTOR("kensho.reactor", "(set by Maven's bench profile)", "the build's modules with benchmarks, in order: the console counts and times the whole build", Use.SUITE),
    SHARD("kensho.shard", "0/1", "run shard i of N (0 ≤ i < N): its share of connections, keys and seed; Merge joins the N run folders", Use.RUN),
    START_AT("kensho.startAt", "(start at once)", "ISO-8601 instant or epoch ms: trials and their iterations start on a grid of kensho.startGrid seconds from it, on the target's clock (shards start together)", Use.RUN),
    START_GRID("kensho.startGrid", "10", "seconds between the boundaries kensho.startAt aligns trials and iterations to (1 … 3600)", Use.RUN),
    COMMIT_ENV("KENSHO_COMMIT", "git rev-parse HEAD", "environment: the suite's commit where git cannot tell (the -Pimage image sets it)", Use.RUN),
    NPM_CI("kensho.npmCi", "false", "true: re-run npm ci for the Kinesis emulator (kinesis-batch pom)", Use.MAVEN),

    // --- Redis
    REDIS_URI("kensho.redis.uri", null, "redis:// or rediss:// URI of your Redis (user@ allowed, no password)", Use.RUN),
    REDIS_PASSWORD("KENSHO_REDIS_PASSWORD", null, "environment: the password of that Redis; never printed or recorded", Use.RUN),
    REDIS_SERVER("kensho.redis.server", "bundled 7.0.15", "path of a redis-server binary for the embedded target", Use.RUN),
    REDIS_SERVER_ENV("KENSHO_REDIS_SERVER", null, "environment: the same as kensho.redis.server", Use.RUN),
    REDIS_CONTAINER("kensho.redis.container", "false", "true: Redis in Docker, a FROM-scratch image built locally from the bundled redis-server (Docker hosts)", Use.RUN),
    REDIS_CLUSTER("kensho.redis.cluster", "false", "a Redis Cluster for cluster-aware benchmarks: N (3 … 64) embedded masters, or true: the kensho.redis.uri endpoint must be a cluster (detected anyway from cluster_enabled:1)", Use.RUN),
    REDIS_IMAGE("kensho.redis.image", "(none: built locally FROM scratch from the bundled redis-server)", "a named image for the Redis container target, pulled if absent", Use.RUN),
    KEY_PREFIX("kensho.keyPrefix", "kensho:", "prefix of every key the suite writes", Use.RUN),
    DESTRUCTIVE("kensho.destructive", "false", "true: allow FLUSHDB, CONFIG SET, DEBUG on a server the suite did not start", Use.RUN),
    TOOL_REDIS_CLI("kensho.tool.redis-cli", "redis-cli on the PATH", "path of redis-cli (import calibration)", Use.RUN),
    REDIS_BENCHMARK("kensho.redis.benchmark", "redis-benchmark on the PATH", "path of redis-benchmark (kv calibration)", Use.RUN),
    TOOL_MEMTIER("kensho.tool.memtier", "memtier_benchmark on the PATH", "path of memtier_benchmark (kv calibration, MemtierCalibration); one that is not memtier_benchmark or that fails leaves that calibration not measured and the run goes on", Use.RUN),
    KV_JEDIS_THREADS("kensho.kv.jedisThreads", "clients (a thread per connection)", "driver threads of the Jedis kv load generator; fewer than clients puts the driver's wait into its latencies", Use.RUN),

    // --- HBase
    HBASE_ZOOKEEPER("kensho.hbase.zookeeper", null, "ZooKeeper quorum of your HBase (zk1,zk2:2181)", Use.RUN),
    HBASE_ZNODE_PARENT("kensho.hbase.znodeParent", "/hbase", "its znode parent", Use.RUN),
    HBASE_CONTAINER("kensho.hbase.container", "false", "true: an HBase container through Testcontainers (Docker hosts)", Use.RUN),
    HBASE_IMAGE("kensho.hbase.image", "harisekhon/hbase:2.1", "image of the HBase container target", Use.RUN),
    HBASE_NAMESPACE("kensho.hbase.namespace", "kensho", "the only namespace the suite creates tables in", Use.RUN),
    HBASE_REGION_SERVERS("kensho.hbase.regionServers", "1", "region servers of the embedded mini cluster (1 … 8)", Use.RUN),
    HBASE_ATTACH("kensho.hbase.attach", "(set by the launcher)", "the embedded mini cluster a benchmark class's forks share (pid, ports, folder)", Use.SUITE),

    // --- Kinesis
    KINESIS_REGION("kensho.kinesis.region", null, "AWS region: real Kinesis, default credentials chain", Use.RUN),
    KINESIS_ENDPOINT("kensho.kinesis.endpoint", null, "an endpoint URL (another emulator, a VPC endpoint)", Use.RUN),
    KINESIS_CBOR("kensho.kinesis.cbor", "true (false for the embedded emulator)", "the SDK's CBOR protocol", Use.RUN),
    KINESIS_CONTAINER("kensho.kinesis.container", "false", "true: LocalStack through Testcontainers (Docker hosts)", Use.RUN),
    KINESIS_IMAGE("kensho.kinesis.image", "localstack/localstack:3.8.1", "image of the Kinesis container target", Use.RUN),
    KINESIS_NODE("kensho.kinesis.node", "node on the PATH", "the node binary that runs the embedded emulator", Use.RUN),
    KINESIS_NODE_MODULES("kensho.kinesis.nodeModules", "kinesis-batch/node_modules", "where npm ci put the emulator", Use.RUN),
    KINESIS_STREAM_PREFIX("kensho.kinesis.streamPrefix", "kensho-", "prefix of every stream the suite creates", Use.RUN),
    // --- cost tables and sizing (read by the report)
    PRICES("kensho.prices", "each module's prices.csv", "a prices CSV (service,item,unit,price,currency,region,source,date) whose lines replace the suite's dated prices of the same item and add others, in every cost table", Use.RUN_AND_COMMANDS),
    TARGET_RPS("kensho.target.rps", null, "requests/s to size for: redis-kv's cost table gives the ElastiCache nodes needed (a range, from the measured per-node capacity's interval) and their cost", Use.RUN_AND_COMMANDS),
    TARGET_MEMBERS("kensho.target.members", null, "set members to size for: redis-sets' cost table gives their memory and the smallest listed node that holds them", Use.RUN_AND_COMMANDS),
    TARGET_RECORDS("kensho.target.records", null, "user records per second to size for: kinesis-batch's cost table gives the shards needed at the per-shard limits and their cost", Use.RUN_AND_COMMANDS);

    /** Who reads a setting. */
    public enum Use {
        /** the launcher and its JMH forks: every benchmark entry point */
        RUN,
        /** the launcher, its forks and the report commands */
        RUN_AND_COMMANDS,
        /** only the Maven pom */
        MAVEN,
        /** set by the suite for its own processes, not by the user */
        SUITE
    }

    /** Prefix of every system property of the suite. */
    public static final String PREFIX = "kensho.";
    /** Prefix of every environment variable of the suite. */
    public static final String ENV_PREFIX = "KENSHO_";

    private final String key;
    private final String def;
    private final String meaning;
    private final Use use;

    Setting(String key, String def, String meaning, Use use) {
        this.key = key;
        this.def = def;
        this.meaning = meaning;
        this.use = use;
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

    public static Optional<Setting> of(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
    }

    /** True when {@code key} is a {@code kensho.*} property or {@code KENSHO_*} variable of this registry. */
    public static boolean known(String key) {
        return of(key).isPresent();
    }

    /**
     * Refuses the first {@code kensho.*} system property that the registry does not know, in one line
     * naming it and the nearest valid names: a typo ({@code kensho.redis.url}) must not leave the run
     * on a default the user did not mean.
     */
    public static void checkNames(Properties props) {
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            if (k.startsWith(PREFIX) && !known(k)) {
                throw new BadInput("unknown setting -D" + k + ": " + nearest(k, Arrays.stream(values())
                        .filter(s -> !s.isEnvironment()).map(Setting::key).toList())
                        + " (every setting: docs/settings.md, or dev.kensho.common.Setting)");
            }
        }
    }

    /**
     * Every check of the settings in {@code props} before anything starts: unknown names ({@link #checkNames})
     * and values that would mean nothing ({@link SettingValues#check}), whether or not this run reads them.
     */
    public static void check(Properties props) {
        checkNames(props);
        SettingValues.check(props);
    }

    /** Refuses an unknown {@code KENSHO_*} environment variable the same way. */
    public static void checkEnvironment(Map<String, String> env) {
        for (String k : env.keySet().stream().sorted().toList()) {
            if (k.startsWith(ENV_PREFIX) && !known(k)) {
                throw new BadInput("unknown environment variable " + k + ": " + nearest(k, Arrays.stream(values())
                        .filter(Setting::isEnvironment).map(Setting::key).toList()));
            }
        }
    }

    /** "did you mean a or b?" over {@code candidates}, by edit distance; "no such setting" if none is close. */
    public static String nearest(String name, List<String> candidates) {
        List<String> sorted = new ArrayList<>(candidates);
        sorted.sort(Comparator.comparingInt((String c) -> distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT)))
                .thenComparing(c -> c));
        if (sorted.isEmpty()) {
            return "no such name";
        }
        int best = distance(name.toLowerCase(Locale.ROOT), sorted.get(0).toLowerCase(Locale.ROOT));
        List<String> close = sorted.stream()
                .filter(c -> distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT)) == best).limit(3).toList();
        if (best > Math.max(3, name.length() / 2)) {
            return "no such name (valid: " + String.join(", ", sorted.stream().sorted().limit(12).toList())
                    + (sorted.size() > 12 ? ", …" : "") + ")";
        }
        return "did you mean " + String.join(" or ", close) + "?";
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * The {@code -Dk=v} arguments that carry every user {@code kensho.*} setting set in {@code props}
     * into a child JVM (the launcher from Maven, a fork from the launcher), the suite's own ones
     * excepted ({@link Use#SUITE}: the parent sets those itself).
     */
    public static List<String> forwardedArgs(Properties props) {
        List<String> out = new ArrayList<>();
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            if (k.startsWith(PREFIX) && of(k).map(s -> s.use != Use.SUITE).orElse(true)) {
                out.add("-D" + k + "=" + props.getProperty(k));
            }
        }
        return out;
    }

    /** The registry as a Markdown table ({@code docs/settings.md} and the {@code Settings} Javadoc are checked against it). */
    public static String table() {
        StringBuilder b = new StringBuilder("| setting | default | meaning | read by |\n| --- | --- | --- | --- |\n");
        for (Setting s : values()) {
            b.append("| `").append(s.key).append("` | ").append(cell(s.def == null ? "(none)" : s.def)).append(" | ")
                    .append(cell(s.meaning)).append(" | ").append(switch (s.use) {
                        case RUN -> "launcher + forks";
                        case RUN_AND_COMMANDS -> "launcher + forks + Report/Compare/Docs";
                        case MAVEN -> "Maven";
                        case SUITE -> "set by the suite";
                    }).append(" |\n");
        }
        return b.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }
}
