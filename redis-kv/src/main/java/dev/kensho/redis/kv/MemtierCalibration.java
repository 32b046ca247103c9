package dev.kensho.redis.kv;

import com.sun.management.OperatingSystemMXBean;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.report.MemtierRows;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.redis.kv.tool.MemtierTool;
import dev.kensho.redis.kv.tool.RedisBenchmarkTool;
import dev.kensho.redis.kv.tool.ServerCounts;
import dev.kensho.redis.kv.tool.ToolKeyspace;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.redis.kv.trial.TrialRecords;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * Is the suite's load generator ever behind the best C client? {@code memtier_benchmark} ({@link MemtierTool}) and one
 * of the suite's clients ({@code client}: its {@link LoadGenerator}, as {@link KeyValueThroughputBenchmark} drives it)
 * take turns on <em>the same</em> embedded server — same process, same preloaded keyspace, the case's
 * {@code io-threads} — each sending the same number of requests per turn: 80/20 GET/SET, 200-byte values, 16-byte keys
 * drawn uniformly, {@code clients} connections with one request in flight each. One JMH iteration is one round: both
 * take a turn, memtier first in even rounds and second in odd ones, so a drift of the host moves both sides alike.
 *
 * <p>Per measured round and side it records {@code requests/s} (memtier: its own {@code Ops/sec}; the suite: the turn's
 * requests ÷ its wall time) and {@code cpu_per_request} (µs of client CPU per request: memtier's reaped CPU time; the
 * suite: this JVM's process CPU time over its turn — the server is another process), under
 * {@code MemtierCalibration.memtier} and {@code MemtierCalibration.kensho} with the case's params; memtier also
 * {@code latency_p50|p99} (µs, its own); and the round's ratios, suite ÷ memtier ({@code kensho_over_memtier},
 * {@code kensho_over_memtier_cpu}, under {@code kensho}): paired by round, so the report's interval (Student t over the
 * rounds' ratios, as {@code RatioInterval}'s paired rounds) is not widened by the host's drift between rounds, which
 * moves both sides of a round alike (memtier-a-0d98569: memtier's rate ranged 96k–107k over five rounds, the Lettuce
 * ratio 0.985–1.053). This class's own JMH time and CPU rows are a whole round's, both sides together: not results.
 *
 * <p>Answers are checked: the suite's GETs as in every kv trial ({@link KvTrial#checkAnswers}); memtier's through the
 * server's own counters — on a server the suite owns its {@code INFO commandstats} GET and SET deltas must equal what
 * memtier reports and every GET must hit ({@code keyspace_misses} 0: its keys are preloaded), else the trial fails
 * ({@link MemtierTool#requireExecuted}). memtier's keys are the suite's prefix and a number of the same width as the suite's, in
 * a range the suite's never reach ({@link ToolKeyspace#forMemtier}), so both send 16-byte keys and a clean-up of the prefix
 * removes both.
 *
 * <p>Without memtier (neither on the PATH nor {@link KvSettings#MEMTIER}), or with one that is not memtier or
 * exits non-zero, the trial records why ({@value #MemtierRows.NOT_MEASURED} series, a note, and one console line for a bad
 * binary) and measures nothing; the run goes on. On a TLS or password target it is not run (the secret would have to go
 * on memtier's command line).
 *
 * <table>
 * <caption>Cases ({@code @Param}s; defaults per scale in {@code kensho-scale.properties})</caption>
 * <tr><th>param</th><th>values</th><th>meaning</th></tr>
 * <tr><td>client</td><td>LETTUCE, JEDIS, JEDIS_PLATFORM</td><td>the suite's load generator taking turns with memtier</td></tr>
 * <tr><td>clients</td><td>100</td><td>connections of each side (memtier: {@code memtierThreads × clients/memtierThreads})</td></tr>
 * <tr><td>memtierThreads</td><td>1</td><td>memtier's threads ({@code -t}); one event loop drives every connection</td></tr>
 * <tr><td>ioThreads</td><td>1</td><td>server {@code io-threads}</td></tr>
 * <tr><td>getRatio</td><td>0.8</td><td>share of GETs (memtier: {@code --ratio=1:4})</td></tr>
 * <tr><td>keyspace</td><td>1,000,000</td><td>keys of each side, all preloaded</td></tr>
 * <tr><td>requests</td><td>100,000</td><td>requests of each side per round (a multiple of clients)</td></tr>
 * </table>
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=MemtierCalibration} (JEDIS on virtual threads needs the
 * forks on Java 21+: {@code -Dkensho.args="-jvm /usr/lib/jvm/<jdk-21+>/bin/java"}), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 10)
public class MemtierCalibration extends CalibrationState {

    public static final ParamRules RULES = ParamRules.of()
            .oneOf("client", LoadGenerator.Client.class)
            .intRange("clients", 1, 10_000)
            .intRange("memtierThreads", 1, 64)
            .intRange("ioThreads", 1, 128)
            .rule("getRatio", MemtierCalibration::checkRatio)
            .intRange("keyspace", 1, 100_000_000)
            .intRange("requests", 100, 100_000_000)
            .combination(MemtierCalibration::checkDivisions)
            .preflight(RedisTargets::validate);

    @Param({"LETTUCE", "JEDIS", "JEDIS_PLATFORM"})
    public LoadGenerator.Client client;
    @Param({"100"})
    public int clients;
    @Param({"1"})
    public int memtierThreads;
    @Param({"1"})
    public int ioThreads;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1000000"})
    public int keyspace;
    @Param({"100000"})
    public int requests;

    KvTrial trial;
    MemtierTool.Load load;
    /** Why memtier is not measured in this trial (null while it is). */
    String whyNot;
    private MemtierTool.Found tool;
    private Case cse;
    private int round;

    @Override
    protected void open(Case c) {
        open(c, MemtierTool.find());
    }

    /** The trial's setup with a given memtier (the tests pass a stub), outside JMH too. */
    void open(Case c, MemtierTool.Found found) {
        cse = c;
        if (found.binary() == null) {
            notMeasured(found.whyNot(), KvSettings.MEMTIER.get() != null);
            return;
        }
        trial = KvTrial.server(client, clients, ioThreads, getRatio, 1, keyspace, Start.PRELOADED,
                KeyDistribution.UNIFORM);
        trial.open(() -> RedisTargets.open(KvTrial.serverConfig(ioThreads)));
        try {
            String why = RedisBenchmarkTool.unsupported(trial.target(), MemtierTool.NAME);
            if (why != null) {
                notMeasured(why, false);
                close();
                return;
            }
            ToolKeyspace keys = ToolKeyspace.forMemtier(trial.target().keyPrefix(), trial.workload().keyLength(), keyspace);
            keys.preload(trial.target());
            load = new MemtierTool.Load(keys, memtierThreads, clients / memtierThreads, requests / clients,
                    MemtierTool.ratio(getRatio));
            tool = found;
            TrialRecords.serverAndCores(c, trial.target(), KvTrial.serverConfig(ioThreads), ioThreads);
            TrialRecords.clientThreads(c, trial.load(), clients);
            Recorder.measurement(bench(MemtierRows.MEMTIER), c.params(), "key_bytes", keys.keyBytes(), "bytes");
            Recorder.note("redis-kv calibration", found.version() + " and " + client + " took turns on one server ("
                    + clients + " connections each, " + load.requests() + " requests per turn, --ratio=" + load.ratio()
                    + ", " + keys.keyBytes() + "-byte keys, every key preloaded)");
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** One round: memtier's turn and the suite's, in alternating order; recorded when measuring. Returns their rates' sum. */
    @Benchmark
    public double interleaved() {
        if (tool == null) {
            return 0;
        }
        boolean memtierFirst = round++ % 2 == 0;
        MemtierTool.Result m = null;
        try {
            if (memtierFirst) {
                m = memtierTurn();
            }
            double[] k = kenshoTurn();
            if (!memtierFirst) {
                m = memtierTurn();
            }
            if (measuring) {
                Map<String, String> p = cse.params();
                Recorder.measurement(bench(MemtierRows.MEMTIER), p, "requests/s", m.rps(), "requests/s");
                Recorder.measurement(bench(MemtierRows.MEMTIER), p, "cpu_per_request", m.cpuMicrosPerRequest(), "us");
                Recorder.measurement(bench(MemtierRows.MEMTIER), p, "latency_p50", m.p50Ms() * 1e3, "us");
                Recorder.measurement(bench(MemtierRows.MEMTIER), p, "latency_p99", m.p99Ms() * 1e3, "us");
                Recorder.measurement(bench(MemtierRows.KENSHO), p, "requests/s", k[0], "requests/s");
                Recorder.measurement(bench(MemtierRows.KENSHO), p, "cpu_per_request", k[1], "us");
                // this round's ratios: paired, so a drift of the host between rounds cancels
                Recorder.measurement(bench(MemtierRows.KENSHO), p, MemtierRows.RATE_RATIO, k[0] / m.rps(), "x");
                Recorder.measurement(bench(MemtierRows.KENSHO), p, MemtierRows.CPU_RATIO, k[1] / m.cpuMicrosPerRequest(), "x");
            }
            return m.rps() + k[0];
        } catch (MemtierTool.Failed e) {
            notMeasured(e.getMessage(), true);
            tool = null;
            return 0;
        }
    }

    /**
     * memtier's turn, checked against the server's counters; taken once more (with a note) when memtier's own clock
     * disagrees with the suite's ({@link MemtierTool.Result#clockAgrees}), and {@link MemtierTool.Failed} if it does again.
     */
    MemtierTool.Result memtierTurn() {
        for (int attempt = 1; ; attempt++) {
            ServerCounts before = ServerCounts.of(trial.target());
            MemtierTool.Result r = MemtierTool.run(tool.binary(), trial.target(), load);
            MemtierTool.requireExecuted(r, ServerCounts.of(trial.target()).since(before), load.requests(), trial.target().owned());
            if (r.clockAgrees()) {
                return r;
            }
            String why = MemtierTool.NAME + " reported " + r.rps() + " requests/s for " + r.requests() + " requests that took "
                    + Math.round(r.wallNanos() / 1e6) + " ms by the suite's clock";
            if (attempt == 2) {
                throw new MemtierTool.Failed(why + ", twice in a row");
            }
            Recorder.note("redis-kv calibration", why + ": its turn was taken again");
        }
    }

    /** The suite's turn: {requests/s, µs of this JVM's CPU per request}; answers checked. */
    double[] kenshoTurn() {
        long n = load.requests();
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        trial.run((int) n);
        long wall = System.nanoTime() - t0;
        long cpu = processCpuNanos() - cpu0;
        trial.checkAnswers();
        return new double[]{n / (wall / 1e9), cpu / 1e3 / n};
    }

    @Override
    public void close() {
        if (trial != null) {
            try {
                trial.close(); // FLUSHDB on an owned server; on an external one the prefix's keys, memtier's among them
            } finally {
                trial = null;
            }
        }
    }

    private void notMeasured(String why, boolean say) {
        whyNot = why;
        if (say) {
            System.err.println("kensho: " + MemtierTool.NAME + " not measured (client=" + client + "): " + why);
        }
        Recorder.note("redis-kv calibration", MemtierTool.NAME + " not measured: " + why);
        Recorder.series(bench(MemtierRows.MEMTIER), cse.params(), MemtierRows.NOT_MEASURED, Map.of("reason", why));
    }

    static String bench(String method) {
        return MemtierCalibration.class.getName() + "." + method;
    }

    private static void checkRatio(String v) {
        double d = Settings.range("getRatio", v, 0.0, 1.0);
        try {
            MemtierTool.ratio(d);
        } catch (IllegalArgumentException e) {
            throw BadInput.of("getRatio", v, "0 … 1 in whole hundredths (memtier_benchmark mixes by a ratio of whole numbers)");
        }
    }

    private static void checkDivisions(Map<String, String> p) {
        int c;
        int t;
        int n;
        try {
            c = Integer.parseInt(p.getOrDefault("clients", "100"));
            t = Integer.parseInt(p.getOrDefault("memtierThreads", "1"));
            n = Integer.parseInt(p.getOrDefault("requests", "200000"));
        } catch (NumberFormatException e) {
            return; // not a number: the param's own range rule says so
        }
        if (c % t != 0) {
            throw BadInput.of("memtierThreads", Integer.toString(t), "a divisor of clients=" + c);
        }
        if (n % c != 0) {
            throw BadInput.of("requests", Integer.toString(n), "a multiple of clients=" + c + " (memtier's --requests is per connection)");
        }
    }

    private static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) {
        Kensho.main(MemtierCalibration.class, args);
    }
}
