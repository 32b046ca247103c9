package dev.kensho.redis.kv;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.redis.kv.tool.RedisBenchmarkTool;
import dev.kensho.redis.kv.tool.ServerCounts;
import dev.kensho.redis.kv.tool.ToolKeyspace;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

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
 * <p>Checked every iteration (warm-up included), on a server the suite owns: the server's
 * {@code INFO commandstats} GET/SET {@code calls} deltas equal each run's {@code -n} (at least {@code -n} on
 * a shared server), and at {@code PRELOADED} every GET hit (ratio exactly 1.0); else the run fails
 * ({@link #requireExecuted}, {@link #requireAllHit}).
 *
 * <p>Recorded per measurement iteration under {@code KeyValueThroughputBenchmark.redisBenchmarkSet|Get|Mix}
 * (params {@code clients, getRatio, ioThreads, keyspace, pipeline=1, start}): {@code requests/s},
 * {@code latency_p50|p99} (µs, redis-benchmark's own); for GET also {@code get_hit_ratio}; per trial
 * {@code key_bytes}. This class's own JMH time is the wall time of the tool's runs, not a result. Without
 * redis-benchmark (nor {@link KvSettings#REDIS_BENCHMARK}) each trial records a note and does nothing.
 *
 * <p>Property: {@link KvSettings#REDIS_BENCHMARK} (see {@link RedisBenchmarkTool}).
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=RedisBenchmarkCalibration}, or this class's
 * {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
public class RedisBenchmarkCalibration extends CalibrationState {

    /** Key prefix on a server the suite owns: 4 bytes + 12 digits = the suite's 16-byte keys. */
    static final String OWNED_PREFIX = "kbm:";

    public static final ParamRules RULES = ParamRules.of()
            .intRange("clients", 1, 10_000)
            .intRange("ioThreads", 1, 128)
            .doubleRange("getRatio", 0.0, 1.0)
            .intRange("keyspace", 1, 1_000_000_000)
            .intRange("requests", 1_000, 100_000_000)
            .oneOf("start", Start.class)
            .preflight(RedisTargets::validate)
            .preflight(RedisBenchmarkTool::validate);

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
    public Start start;

    RedisTarget target;
    private Path binary;
    String prefix;
    private Map<String, String> params;

    @Override
    protected void open(Case c) {
        params = new TreeMap<>(c.params());
        params.remove("requests");
        params.put("pipeline", "1");
        Optional<Path> b = RedisBenchmarkTool.binary();
        if (b.isEmpty()) {
            Recorder.note("redis-kv calibration", "redis-benchmark is not on the PATH (nor -D" + KvSettings.REDIS_BENCHMARK.key()
                    + "): the suite's rate is not compared with it in this run");
            return;
        }
        target = RedisTargets.open(KvTrial.serverConfig(ioThreads));
        try {
            String why = RedisBenchmarkTool.unsupported(target, "redis-benchmark");
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
            if (start == Start.PRELOADED) {
                new ToolKeyspace(prefix, 12, 0, keyspace).preload(target);
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

    /** One SET-only run, then one GET-only run; recorded when measuring. Returns the two rates' sum (never dead code). */
    @Benchmark
    public double setThenGet() {
        if (binary == null) {
            return 0;
        }
        ServerCounts c0 = ServerCounts.of(target);
        RedisBenchmarkTool.Result set = RedisBenchmarkTool.run(binary, target, prefix, "SET", clients, keyspace, requests);
        ServerCounts c1 = ServerCounts.of(target);
        RedisBenchmarkTool.Result get = RedisBenchmarkTool.run(binary, target, prefix, "GET", clients, keyspace, requests);
        ServerCounts c2 = ServerCounts.of(target);
        // only a server the suite owns sees nothing but this run; on a shared one other clients add calls and lookups
        boolean exclusive = target.owned();
        ServerCounts setRun = c1.since(c0);
        ServerCounts getRun = c2.since(c1);
        requireExecuted("SET", requests, setRun.sets(), setRun.gets(), exclusive);
        requireExecuted("GET", requests, getRun.gets(), getRun.sets(), exclusive);
        long hits = getRun.hits();
        long misses = getRun.misses();
        if (start == Start.PRELOADED && exclusive) {
            requireAllHit(requests, hits, misses);
        }
        if (measuring) {
            for (RedisBenchmarkTool.Result r : List.of(set, get)) {
                String bench = bench(r.command().equals("SET") ? "redisBenchmarkSet" : "redisBenchmarkGet");
                Recorder.measurement(bench, params, "requests/s", r.rps(), "requests/s");
                Recorder.measurement(bench, params, "latency_p50", r.p50Ms() * 1e3, "us");
                Recorder.measurement(bench, params, "latency_p99", r.p99Ms() * 1e3, "us");
            }
            long lookups = hits + misses;
            if (lookups > 0) {
                Recorder.measurement(bench("redisBenchmarkGet"), params, "get_hit_ratio", (double) hits / lookups, "ratio");
            }
            double mix = 1.0 / (getRatio / get.rps() + (1 - getRatio) / set.rps());
            Recorder.measurement(bench("redisBenchmarkMix"), params, "requests/s", mix, "requests/s");
        }
        return set.rps() + get.rps();
    }

    @Override
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

    /**
     * The server must have executed what one redis-benchmark run sent: {@code sent} calls of {@code command}
     * ({@code sameCalls}, the server's cmdstat delta over the run) and none of the other of GET/SET
     * ({@code otherCalls}). Exact, because redis-benchmark 7.0 ({@code src/redis-benchmark.c}) with
     * {@code -P 1} issues a request only while its issued count is below {@code -n} and waits for every
     * reply, so the server gets exactly {@code -n} of the command; the only other commands it sends are
     * {@code CONFIG GET save} and {@code CONFIG GET appendonly} once per run (getRedisConfig) and a
     * {@code SELECT} per connection when {@code --dbnum} is not 0 (AUTH is never sent: password targets
     * are not run) — none of them a GET or SET, so they are outside these counts. On a server shared with
     * other clients ({@code exclusive} false) their GETs/SETs add to the delta, so only a shortfall is
     * a failure there. Throws a one-line {@link IllegalStateException} naming expected vs found.
     */
    static void requireExecuted(String command, long sent, long sameCalls, long otherCalls, boolean exclusive) {
        String other = command.equals("GET") ? "SET" : "GET";
        if (exclusive ? sameCalls != sent || otherCalls != 0 : sameCalls < sent) {
            throw new IllegalStateException("redis-benchmark " + command + " run: the server executed " + sameCalls + " "
                    + command + " and " + otherCalls + " " + other + " calls (INFO commandstats), expected "
                    + (exclusive ? "exactly " + sent + " and 0" : "at least " + sent + " " + command)
                    + " (the run's -n)");
        }
    }

    /**
     * At {@code PRELOADED} every key {@code __rand_int__} can name was SET before the trial and nothing
     * deletes one (no TTLs; the suite sets no maxmemory, so nothing is evicted), so each of the {@code requests}
     * GETs must hit: hit ratio exactly 1.0, and hits + misses must be the GETs sent (one lookup each).
     * Only on an owned server (on a shared one other clients' lookups count too). Throws a one-line
     * {@link IllegalStateException} naming expected vs found.
     */
    static void requireAllHit(long requests, long hits, long misses) {
        if (misses != 0 || hits != requests) {
            throw new IllegalStateException("redis-benchmark GET run on a preloaded keyspace: " + hits + " hits and "
                    + misses + " misses (keyspace_hits/misses; hit ratio "
                    + (hits + misses == 0 ? "undefined" : String.format(Locale.ROOT, "%.6f", (double) hits / (hits + misses)))
                    + "), expected " + requests + " hits and 0 misses (hit ratio 1.0)");
        }
    }

    public static void main(String[] args) {
        Kensho.main(RedisBenchmarkCalibration.class, args);
    }
}
