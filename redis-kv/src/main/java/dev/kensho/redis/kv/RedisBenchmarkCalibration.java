package dev.kensho.redis.kv;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.targets.redis.RedisTarget;
import dev.kensho.common.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * How fast is the same server under {@code redis-benchmark}, the C tool the write-up's numbers come from?
 * The yardstick of the suite's load generator ({@link KeyValueThroughputBenchmark}), run as a benchmark
 * class of its own (not inside the other's setup), on its own embedded server with the same
 * {@code io-threads} config, {@code clients}, {@code keyspace}, key length and value size.
 *
 * <p>What it is — and is not: redis-benchmark cannot mix commands, so every iteration is a <em>SET-only
 * run followed by a GET-only run</em> ({@code -c clients -n requests -r keyspace -P 1}, 200-byte values).
 * {@code redisBenchmarkMix} is the rate an 80/20 mix would have if each command kept its own rate
 * ({@code 1 / (getRatio/GET + (1-getRatio)/SET)}, per iteration) — a combination of two measured runs, not
 * a measured mix. Keys are {@code <prefix>__rand_int__}, and {@code __rand_int__} is 12 digits: on a server
 * the suite owns the prefix is {@value #OWNED_PREFIX}, giving the suite's 16-byte keys; on an external
 * server it is the suite's key prefix (safety first), so the keys are longer and {@code key_bytes} says by
 * how much. {@code start} sets the keyspace state as in the suite: {@code PRELOADED} SETs every key first
 * (GETs hit, as in the suite's PRELOADED trials), {@code EMPTY} leaves GETs to find what the SET runs wrote.
 * The GET hit ratio is measured from the server's {@code keyspace_hits}/{@code keyspace_misses} and
 * recorded beside the suite's {@code get_hit_ratio}.
 *
 * <p>Recorded per measurement iteration under {@code KeyValueThroughputBenchmark.redisBenchmarkSet|Get|Mix}
 * (params {@code clients, getRatio, ioThreads, keyspace, pipeline=1, start}): {@code requests/s},
 * {@code latency_p50|p99} (µs, redis-benchmark's own); for GET also {@code get_hit_ratio}; per trial
 * {@code key_bytes}. This class's own JMH time is the wall time of the tool's runs, not a result. Without
 * redis-benchmark (nor {@value #BINARY_PROPERTY}) each trial records a note and does nothing.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@value #BINARY_PROPERTY}</td><td>redis-benchmark on the PATH</td><td>path of the redis-benchmark binary</td></tr>
 * </table>
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=RedisBenchmarkCalibration}, or this class's
 * {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class RedisBenchmarkCalibration {

    public static final String BINARY_PROPERTY = "kensho.redis.benchmark";

    /** Key prefix on a server the suite owns: 4 bytes + 12 digits = the suite's 16-byte keys. */
    static final String OWNED_PREFIX = "kbm:";

    public static final ParamRules RULES = ParamRules.of()
            .intRange("clients", 1, 10_000)
            .intRange("ioThreads", 1, 128)
            .doubleRange("getRatio", 0.0, 1.0)
            .intRange("keyspace", 1, 1_000_000_000)
            .intRange("requests", 1_000, 100_000_000)
            .oneOf("start", KeyValueThroughputBenchmark.Start.class)
            .preflight(RedisTargets::validate)
            .preflight(RedisBenchmarkCalibration::validate);

    @Param({"100", "800"})
    public int clients;
    @Param({"1", "2"})
    public int ioThreads;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1000000"})
    public int keyspace;
    @Param({"200000"})
    public int requests;
    @Param({"PRELOADED"})
    public KeyValueThroughputBenchmark.Start start;

    RedisTarget target;
    private Path binary;
    String prefix;
    private Map<String, String> params;
    boolean measuring;

    /** One redis-benchmark result line. */
    record Result(String command, double rps, double p50Ms, double p99Ms) {
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** The trial's setup, outside JMH too (the sanity test calls it with its own {@link Case}). */
    void open(Case c) {
        RULES.check(c.params());
        params = new TreeMap<>(c.params());
        params.remove("requests");
        params.put("pipeline", "1");
        Optional<Path> b = binary();
        if (b.isEmpty()) {
            Recorder.note("redis-kv calibration", "redis-benchmark is not on the PATH (nor -D" + BINARY_PROPERTY
                    + "): the suite's rate is not compared with it in this run");
            return;
        }
        target = RedisTargets.open(KeyValueThroughputBenchmark.serverConfig(ioThreads));
        try {
            String why = unsupported(target);
            if (why != null) {
                Recorder.note("redis-kv calibration", "redis-benchmark not run: " + why);
                close();
                return;
            }
            binary = b.get();
            target.record();
            target.deleteSuiteKeys();
            prefix = target.owned() ? OWNED_PREFIX : target.keyPrefix();
            int keyBytes = prefix.length() + 12;
            Recorder.measurement(bench("redisBenchmarkGet"), params, "key_bytes", keyBytes, "bytes");
            if (start == KeyValueThroughputBenchmark.Start.PRELOADED) {
                preload();
            }
            Recorder.note("redis-kv calibration", "redis-benchmark: separate SET-only and GET-only runs (not an 80/20"
                    + " mix) of " + requests + " requests each, -c " + clients + " -P 1 -r " + keyspace + ", 200-byte"
                    + " values, " + keyBytes + "-byte keys (" + prefix + "__rand_int__), start " + start + "; redisBenchmarkMix"
                    + " = 1 / (getRatio/GET + (1-getRatio)/SET) per iteration, a combination of the two runs");
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams ip) {
        measuring = ip.getType() == IterationType.MEASUREMENT;
    }

    /** One SET-only run, then one GET-only run; recorded when measuring. Returns the two rates' sum (never dead code). */
    @Benchmark
    public double setThenGet() {
        if (binary == null) {
            return 0;
        }
        Result set = run(binary, target, prefix, "SET", clients, keyspace, requests);
        long[] before = hitsAndMisses();
        Result get = run(binary, target, prefix, "GET", clients, keyspace, requests);
        long[] after = hitsAndMisses();
        if (measuring) {
            for (Result r : List.of(set, get)) {
                String bench = bench(r.command().equals("SET") ? "redisBenchmarkSet" : "redisBenchmarkGet");
                Recorder.measurement(bench, params, "requests/s", r.rps(), "requests/s");
                Recorder.measurement(bench, params, "latency_p50", r.p50Ms() * 1e3, "us");
                Recorder.measurement(bench, params, "latency_p99", r.p99Ms() * 1e3, "us");
            }
            long hits = after[0] - before[0];
            long lookups = hits + after[1] - before[1];
            if (lookups > 0) {
                Recorder.measurement(bench("redisBenchmarkGet"), params, "get_hit_ratio", (double) hits / lookups, "ratio");
            }
            double mix = 1.0 / (getRatio / get.rps() + (1 - getRatio) / set.rps());
            Recorder.measurement(bench("redisBenchmarkMix"), params, "requests/s", mix, "requests/s");
        }
        return set.rps() + get.rps();
    }

    @TearDown(Level.Trial)
    public void close() {
        if (target != null) {
            try {
                target.deleteSuiteKeys(); // FLUSHDB on an owned server (kbm: keys too); else the suite prefix only
            } finally {
                target.close();
                target = null;
            }
        }
    }

    private static String bench(String method) {
        return KeyValueThroughputBenchmark.class.getName() + "." + method;
    }

    /** SETs every key redis-benchmark's __rand_int__ can name, with a 200-byte value, pipelined. */
    private void preload() {
        byte[] value = "x".repeat(Workload.VALUE_BYTES).getBytes(StandardCharsets.US_ASCII);
        try (Jedis j = target.jedis()) {
            Pipeline p = j.pipelined();
            for (int i = 0; i < keyspace; i++) {
                p.set(String.format(Locale.ROOT, "%s%012d", prefix, i).getBytes(StandardCharsets.US_ASCII), value);
                if (i % 10_000 == 9_999) {
                    p.sync();
                }
            }
            p.sync();
        }
    }

    private long[] hitsAndMisses() {
        try (Jedis j = target.jedis()) {
            Map<String, String> s = target.info(j, "stats");
            return new long[]{Long.parseLong(s.getOrDefault("keyspace_hits", "0")),
                    Long.parseLong(s.getOrDefault("keyspace_misses", "0"))};
        }
    }

    /** The binary: the property's (which must be executable), else redis-benchmark on the PATH, else empty. */
    static Optional<Path> binary() {
        String user = Settings.get(BINARY_PROPERTY);
        if (user != null) {
            Path p = Paths.get(user);
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw BadInput.of(BINARY_PROPERTY, user, "the path of an executable redis-benchmark file");
            }
            return Optional.of(p);
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir.isEmpty() ? "." : dir, "redis-benchmark");
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Validates the properties (launcher preflight). */
    static void validate() {
        binary();
    }

    /** Why redis-benchmark cannot be pointed at this target without exposing a secret, or null. */
    static String unsupported(RedisTarget t) {
        if (t.tls()) {
            return "the target uses TLS (rediss://) and this redis-benchmark run is plain TCP";
        }
        String pw = System.getenv(Settings.REDIS_PASSWORD_ENV);
        if (t.user() != null || (pw != null && !pw.isEmpty())) {
            return "the target needs a password, which would have to go on redis-benchmark's command line";
        }
        return null;
    }

    /** Runs {@code command} ("SET" or "GET") once on keys {@code <prefix>__rand_int__}; throws {@link TargetFailure} if it fails. */
    static Result run(Path binary, RedisTarget t, String prefix, String command, int clients, int keyspace, int requests) {
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "-h", t.host(), "-p", Integer.toString(t.port()),
                "--dbnum", Integer.toString(t.database()), "-c", Integer.toString(clients),
                "-n", Integer.toString(requests), "-r", Integer.toString(keyspace), "-P", "1", "-q", "--csv",
                command, prefix + "__rand_int__"));
        if (command.equals("SET")) {
            cmd.add("x".repeat(Workload.VALUE_BYTES));
        }
        Path dir = TempDirs.create("kensho-redis-benchmark-");
        Path log = dir.resolve("redis-benchmark.out");
        try (ChildProcess p = ChildProcess.start("redis-benchmark", cmd, dir, log)) {
            p.waitFor(Duration.ofMinutes(10));
            return parse(command, Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TargetFailure("redis-benchmark " + command + ": " + e.getMessage());
        } finally {
            TempDirs.delete(dir);
        }
    }

    /** The result line of {@code --csv} output: "test","rps","avg","min","p50","p95","p99","max". */
    static Result parse(String command, List<String> lines) {
        for (String line : lines) {
            if (line.startsWith("\"" + command + " ")) {
                String[] f = line.substring(line.indexOf("\",\"") + 3, line.length() - 1).split("\",\"");
                if (f.length >= 6) {
                    return new Result(command, Double.parseDouble(f[0]), Double.parseDouble(f[3]), Double.parseDouble(f[5]));
                }
            }
        }
        throw new TargetFailure("redis-benchmark " + command + " gave no result: "
                + String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
    }

    public static void main(String[] args) {
        Bench.main(RedisBenchmarkCalibration.class, args);
    }
}
