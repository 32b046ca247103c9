package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.sets.calibration.Tools;
import dev.kensho.targets.redis.cli.RedisCliPipe;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How fast can {@code attributes × users} members be bulk-loaded into Redis sets with pipelined
 * {@code SADD}, and how much memory do they take? Experiment 1's import (published: 100M {@code SADD}s
 * in 592 s ≈ 169k records/s through {@code redis-cli --pipe}, ≈15 GiB used — {@code docs/redis-sets.md}).
 *
 * <p>Cases: {@code client} = JEDIS (pipeline), LETTUCE (async, manual flush) or REDIS_CLI — the
 * write-up's own loader fed the same RESP commands from a file written before timing, the calibration
 * row that shows whether the client is the bottleneck (dropped with a note when {@code redis-cli} is
 * not installed); {@code batch} = commands per pipeline round; {@code connections} = parallel
 * connections (for REDIS_CLI: parallel {@code redis-cli --pipe} processes), each loading an equal
 * slice of every set. Each invocation loads into an empty keyspace (the suite's keys are removed
 * before each iteration, outside the timing).
 *
 * <p>Score: seconds per import (single shot); the export derives {@code records/s} and {@code MiB/s}
 * (RESP bytes on the wire: 108 B per command with the default sizes; the write-up's inline format was
 * 87 B). Recorded per iteration: {@code used_memory_total} (B, after − before),
 * {@code used_memory_per_member} (B), {@code overhead_ratio} (used / raw key+member bytes). Checked
 * every iteration: {@code SCARD} of every set equals {@code users}, and sampled members are present.
 *
 * <p>Speed goal (read in the results, never asserted): one pipelined connection loads at least as many
 * records/s as {@code redis-cli --pipe} on the same server.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetImport} or this class's {@code main};
 * {@code -Dkensho.args="-p users=1000000 -p client=JEDIS"} to choose sizes.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 5)
public class SetImportBenchmark extends BenchmarkState {

    /** Who sends the commands. */
    public enum Client { JEDIS, LETTUCE, REDIS_CLI }

    public static final ParamRules RULES = ParamRules.of()
            .intRange("attributes", 1, 10_000)
            .intRange("users", 1, 1_000_000_000)
            .intRange("memberBytes", 1, 4096)
            .intRange("batch", 1, 1_000_000)
            .intRange("connections", 1, 256)
            .oneOf("client", Client.class)
            .unavailableWhen("client", "REDIS_CLI",
                    () -> Tools.find(SetsSettings.REDIS_CLI).isPresent() ? null : Tools.missing(SetsSettings.REDIS_CLI))
            .combination(p -> {
                if (p.containsKey("attributes") && p.containsKey("users") && p.containsKey("memberBytes")) {
                    long records = Long.parseLong(p.get("attributes")) * Long.parseLong(p.get("users"));
                    Memory.require("attributes=" + p.get("attributes") + " × users=" + p.get("users"),
                            SetMemory.estimate(records, Integer.parseInt(p.get("memberBytes"))));
                }
            })
            .preflight(RedisTargets::validate)
            .preflight(SetsCostTable::checkPrices);

    @Param({"10"})
    int attributes;

    @Param({"100000"})
    long users;

    @Param({"64"})
    int memberBytes;

    @Param({"1000"})
    int batch;

    @Param({"1"})
    int connections;

    @Param({"JEDIS", "LETTUCE", "REDIS_CLI"})
    Client client;

    private SetSession session;
    private SetData data;
    private Case label;
    private SetLoader.Connections loader;
    private List<RedisCliPipe> pipes;
    private Path workDir;
    private long usedBefore;

    /** Trial setup for a given case label (tests call it directly). */
    @Override
    protected void open(Case c) throws IOException {
        label = c;
        session = SetSession.open();
        data = SetData.of(session.redis.keyPrefix(), attributes, users, 0.0, memberBytes);
        if (client == Client.REDIS_CLI) {
            workDir = TempDirs.create("kensho-redis-cli-");
            pipes = writeCommandFiles();
        } else {
            loader = SetLoader.valueOf(client.name()).open(session.redis, connections);
        }
        Recorder.work(label.benchmark(), label.params(), data.records(), data.wireBytes());
    }

    /** The RESP files redis-cli is fed: one per connection, written before any timing. */
    private List<RedisCliPipe> writeCommandFiles() throws IOException {
        Path cli = Tools.find(SetsSettings.REDIS_CLI).orElseThrow(() -> new TargetFailure(Tools.missing(SetsSettings.REDIS_CLI)));
        List<RedisCliPipe> out = new ArrayList<>();
        byte[] sadd = "SADD".getBytes(StandardCharsets.US_ASCII);
        for (int k = 0; k < connections; k++) {
            long from = users * k / connections;
            long to = users * (k + 1) / connections;
            Path f = workDir.resolve("sadd-" + k + ".resp");
            try (RedisCliPipe.Writer w = new RedisCliPipe.Writer(f)) {
                for (int a = 0; a < attributes; a++) {
                    byte[] key = data.key(a);
                    for (long i = from; i < to; i++) {
                        w.command(sadd, key, data.member(a, i));
                    }
                }
                out.add(new RedisCliPipe(cli, f, w.count()));
            }
        }
        return out;
    }

    @Setup(Level.Iteration)
    public void emptyKeyspace() {
        session.redis.deleteSuiteKeys();
        usedBefore = session.redis.usedMemory(session.control);
    }

    @Benchmark
    public long importSets() throws Exception {
        if (client != Client.REDIS_CLI) {
            return loader.load(data, batch);
        }
        if (pipes.size() == 1) {
            return pipes.get(0).run(session.redis, workDir);
        }
        ExecutorService pool = Executors.newFixedThreadPool(pipes.size());
        try {
            List<Future<Long>> fs = new ArrayList<>();
            for (RedisCliPipe p : pipes) {
                fs.add(pool.submit(() -> p.run(session.redis, workDir)));
            }
            long n = 0;
            for (Future<Long> f : fs) {
                n += f.get();
            }
            return n;
        } finally {
            pool.shutdownNow();
        }
    }

    @TearDown(Level.Iteration)
    public void checkAndMeasure() {
        SetChecks.requireImported(session.control, data);
        long used = session.redis.usedMemory(session.control) - usedBefore;
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_total", used, "B");
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_per_member", (double) used / data.records(), "B");
        Recorder.measurement(label.benchmark(), label.params(), "overhead_ratio", (double) used / data.rawBytes(), "x");
    }

    @Override
    public void close() {
        if (loader != null) {
            loader.close();
        }
        if (session != null) {
            session.close();
        }
        TempDirs.delete(workDir);
    }

    public static void main(String[] args) {
        Kensho.main(SetImportBenchmark.class, args);
    }
}
