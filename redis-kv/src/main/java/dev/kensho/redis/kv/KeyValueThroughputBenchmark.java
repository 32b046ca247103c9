package dev.kensho.redis.kv;

import dev.kensho.common.Scale;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.latency.Latencies;
import dev.kensho.common.targets.redis.RedisTarget;
import dev.kensho.common.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * How many GET/SET requests per second does one Redis serve at 100 and 800 concurrent clients, with
 * single-threaded network I/O ({@code io-threads 1}) and with I/O threads ({@code io-threads 2|4},
 * {@code io-threads-do-reads yes}, the open-source analogue of ElastiCache "enhanced I/O")? Compared with
 * the seed's table (r5 nodes, 100 clients: 208k–259k → 245k–407k RPS, +13…56%; 800 clients up to +83%)
 * — but on a 2-core machine client and server share the cores, and extra I/O threads there cost more
 * than they give: the results record the cores and must be read that way.
 *
 * <p>Workload (per request): a uniformly random key of {@code keyspace} (16 bytes,
 * {@code <prefix><index>}), GET with probability {@code getRatio}, else SET of its 200-byte value.
 * One invocation is {@value #REQUESTS} requests spread over {@code clients} real connections, each with
 * one batch of {@code pipeline} requests in flight (redis-benchmark's {@code -n}/{@code -c}/{@code -P});
 * JMH reports requests/s with its error bars, and an HdrHistogram of every request's latency (send of its
 * batch → its reply) gives p50/p99/p99.9/max of the measurement iterations.
 *
 * <p>Load generator — why it looks like this: 800 connections with one request each in flight must not
 * mean 800 busy platform threads on 2 cores (Java 17: no virtual threads), or the client becomes what is
 * measured. {@link LoadGenerator.Client#LETTUCE} drives every connection as a closed loop of async
 * callbacks on Lettuce's event loop (one thread per core); {@link LoadGenerator.Client#JEDIS}, a blocking
 * client, gets one driver thread per core, each walking its share of connections round-robin (read
 * connection i's reply, send its next request): see {@link JedisLoad}. Both keep every connection busy
 * and both check every GET reply against the value its key was SET to.
 *
 * <table>
 * <caption>Cases ({@code @Param}s; defaults per scale in {@code kensho-scale.properties})</caption>
 * <tr><th>param</th><th>values</th><th>meaning</th></tr>
 * <tr><td>client</td><td>LETTUCE, JEDIS</td><td>client library (enum carrying the load generator)</td></tr>
 * <tr><td>clients</td><td>100, 800</td><td>connections, each with one batch in flight</td></tr>
 * <tr><td>ioThreads</td><td>1, 2 (seed: 1, 2, 4)</td><td>server {@code io-threads} (with {@code io-threads-do-reads yes} when &gt; 1);
 * set at start on the embedded server, read back and recorded on an external one</td></tr>
 * <tr><td>getRatio</td><td>0.8</td><td>share of GETs, 0 … 1</td></tr>
 * <tr><td>pipeline</td><td>1</td><td>requests per batch (redis-benchmark {@code -P})</td></tr>
 * <tr><td>keyspace</td><td>1,000,000 (seed: 14,700,000)</td><td>distinct keys</td></tr>
 * <tr><td>start</td><td>EMPTY, PRELOADED</td><td>empty database (as published) or every key SET before the trial</td></tr>
 * </table>
 *
 * <p>Also recorded ({@link Recorder}): {@code latency_p50|p99|p999|max} (µs) and {@code latency_count};
 * {@code get_hit_ratio}; {@code cores_client} and {@code cores_server} (cores); {@code server_io_threads}
 * (as read back from the server); and, when {@code redis-benchmark} is installed, methods
 * {@code redisBenchmarkSet|Get} ({@code requests/s}, one value per repetition, plus {@code p50}/{@code p99}
 * in µs) and {@code redisBenchmarkMix} (the rate an 80/20 mix would have from those two, harmonic).
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv} (add {@code -Dkensho.scale=smoke|seed},
 * {@code -Dkensho.args="-p clients=800 -p client=LETTUCE"}), or this class's {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 1, time = 3)
@Measurement(iterations = 5, time = 2)
public class KeyValueThroughputBenchmark {

    /** Requests per invocation: a multiple of 100 and 800, long enough (~1 s) that the round's tail is small. */
    public static final int REQUESTS = 80_000;

    public static final ParamRules RULES = ParamRules.of()
            .oneOf("client", LoadGenerator.Client.class)
            .intRange("clients", 1, 10_000)
            .intRange("ioThreads", 1, 128)
            .doubleRange("getRatio", 0.0, 1.0)
            .intRange("pipeline", 1, 10_000)
            .intRange("keyspace", 1, 1_000_000_000)
            .oneOf("start", Start.class)
            .preflight(RedisTargets::validate)
            .preflight(RedisBenchmarkCalibration::validate)
            .preflight(JedisLoad::validate);

    /** State of the database when the trial starts. */
    public enum Start { EMPTY, PRELOADED }

    @Param
    public LoadGenerator.Client client;
    @Param({"100", "800"})
    public int clients;
    @Param({"1", "2", "4"})
    public int ioThreads;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1"})
    public int pipeline;
    @Param({"1000000"})
    public int keyspace;
    @Param
    public Start start;

    RedisTarget target;
    Workload workload;
    LoadGenerator load;
    final Latencies latencies = new Latencies();
    private Case cse;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** Everything of a trial, outside JMH too (the sanity tests call it with their own {@link Case}). */
    void open(Case c) {
        RULES.check(c.params());
        cse = c;
        Map<String, String> config = new LinkedHashMap<>();
        config.put("io-threads", Integer.toString(ioThreads));
        if (ioThreads > 1) {
            config.put("io-threads-do-reads", "yes");
        }
        target = RedisTargets.open(config);
        try {
            target.record();
            recordServerAndCores(config);
            target.deleteSuiteKeys();
            if (client == LoadGenerator.Client.LETTUCE && start == Start.EMPTY && pipeline == 1) {
                calibrate();
            }
            workload = new Workload(target.keyPrefix(), keyspace, getRatio);
            if (start == Start.PRELOADED) {
                preload();
            }
            load = client.open(target, clients, pipeline);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long getSetMix() {
        return run(REQUESTS);
    }

    /** Sends {@code requests} requests over all connections; returns the GET hits so far (never dead code). */
    long run(int requests) {
        Round round = new Round(requests, load.parties(), workload, latencies);
        load.start(round);
        round.await(target.describe());
        return workload.hits.sum();
    }

    @TearDown(Level.Iteration)
    public void iteration(IterationParams ip) {
        checkAnswers();
        if (ip.getType() == IterationType.WARMUP) {
            latencies.reset();
        } else {
            latencies.interval();
        }
    }

    /** Every GET returned nil (never set) or exactly the value its key was SET to. */
    void checkAnswers() {
        long wrong = workload.wrong.sum();
        if (wrong > 0) {
            throw new IllegalStateException(wrong + " GET replies were not the value SET for their key, e.g. "
                    + workload.firstWrong);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (workload != null && load != null) {
                checkAnswers();
                latencies.export(cse);
                long gets = workload.gets.sum();
                if (gets > 0) {
                    Recorder.measurement(cse.benchmark(), cse.params(), "get_hit_ratio",
                            (double) workload.hits.sum() / gets, "ratio");
                }
            }
        } finally {
            close();
        }
    }

    /** Closes connections, removes the suite's keys (only those on an external server), stops the server. */
    void close() {
        if (load != null) {
            load.close();
            load = null;
        }
        if (target != null) {
            try {
                target.deleteSuiteKeys();
            } catch (TargetFailure ignored) {
                // a server that died mid-run has nothing left to clean; the failure is reported already
            } finally {
                target.close();
                target = null;
            }
        }
    }

    private void recordServerAndCores(Map<String, String> asked) {
        Map<String, String> actual = target.readConfig(new ArrayList<>(asked.keySet()));
        String io = actual.getOrDefault("io-threads", "?");
        if (io.matches("\\d+")) {
            Recorder.measurement(cse.benchmark(), cse.params(), "server_io_threads", Integer.parseInt(io), "threads");
        }
        if (!target.owned() && !io.equals(Integer.toString(ioThreads))) {
            Recorder.note("redis-kv", "ioThreads=" + ioThreads + " was asked for but the external server runs io-threads="
                    + io + " (read back, not changed): those cases measured the server as it is");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        Recorder.measurement(cse.benchmark(), cse.params(), "cores_client", cores, "cores");
        if (target.kind() == RedisTarget.Kind.EMBEDDED) {
            Recorder.measurement(cse.benchmark(), cse.params(), "cores_server", cores, "cores");
            Recorder.note("redis-kv cores", "embedded redis-server and the load generator shared the same " + cores
                    + " cores (Runtime.availableProcessors); the published figures had the server alone on 4–96 vCPUs");
        } else {
            Recorder.note("redis-kv cores", "the load generator had " + cores + " cores; the cores of "
                    + target.describe() + " are not known to the suite");
        }
    }

    /** SETs every key of the keyspace with its value, pipelined, before the trial. */
    private void preload() {
        try (Jedis j = target.jedis()) {
            Pipeline p = j.pipelined();
            for (int i = 0; i < keyspace; i++) {
                p.set(workload.key(i), workload.value(i));
                if (i % 10_000 == 9_999) {
                    p.sync();
                }
            }
            p.sync();
        }
    }

    /** redis-benchmark SET and GET on the same server, several runs, recorded beside this case. */
    private void calibrate() {
        Optional<Path> binary = RedisBenchmarkCalibration.binary();
        if (binary.isEmpty()) {
            Recorder.note("redis-kv calibration", "redis-benchmark is not on the PATH (nor -D"
                    + RedisBenchmarkCalibration.BINARY_PROPERTY + "): the suite's rate is not compared with it in this run");
            return;
        }
        String why = RedisBenchmarkCalibration.unsupported(target);
        if (why != null) {
            Recorder.note("redis-kv calibration", "redis-benchmark not run: " + why);
            return;
        }
        Scale scale = Scale.current();
        int runs = RedisBenchmarkCalibration.runs(scale == Scale.SMOKE ? 1 : scale == Scale.DEFAULT ? 3 : 5);
        int n = RedisBenchmarkCalibration.requests(scale == Scale.SMOKE ? 20_000 : scale == Scale.DEFAULT ? 50_000 : 1_000_000);
        Map<String, String> params = new TreeMap<>(cse.params());
        params.remove("client");
        params.remove("start");
        List<Double> setRates = new ArrayList<>();
        List<Double> getRates = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            // SET before GET, as redis-benchmark -t set,get does, so the GETs find keys
            for (String command : List.of("SET", "GET")) {
                RedisBenchmarkCalibration.Result res = RedisBenchmarkCalibration.run(binary.get(), target, command,
                        clients, keyspace, n);
                String method = command.equals("SET") ? "redisBenchmarkSet" : "redisBenchmarkGet";
                String bench = cse.withMethod(method).benchmark();
                Recorder.measurement(bench, params, "requests/s", res.rps(), "requests/s");
                Recorder.measurement(bench, params, "latency_p50", res.p50Ms() * 1e3, "us");
                Recorder.measurement(bench, params, "latency_p99", res.p99Ms() * 1e3, "us");
                (command.equals("SET") ? setRates : getRates).add(res.rps());
            }
        }
        for (int r = 0; r < runs; r++) {
            double mix = 1.0 / (getRatio / getRates.get(r) + (1 - getRatio) / setRates.get(r));
            Recorder.measurement(cse.withMethod("redisBenchmarkMix").benchmark(), params, "requests/s", mix, "requests/s");
        }
        Recorder.note("redis-kv calibration", "redis-benchmark " + runs + "× " + n + " requests per command, -c " + clients
                + " -P 1 -r " + keyspace + ", 200-byte values, keys " + target.keyPrefix() + "__rand_int__ (19 bytes with"
                + " the default prefix); redisBenchmarkMix = 1 / (getRatio/GET + (1-getRatio)/SET) per run");
        target.deleteSuiteKeys();
    }

    public static void main(String[] args) {
        Bench.main(KeyValueThroughputBenchmark.class, args);
    }
}
