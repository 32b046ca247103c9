package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How much memory does a set member cost as a function of the set size N and the member size, and how
 * does that compare with the write-up's ≈15 GiB for 100M 64-byte members (≈161 B per member; the raw members
 * are 100M × 64 B = 5.96 GiB, so ≈9 GiB, ≈97 B per member, is Redis's own — not the ≈3 GiB the write-up's
 * arithmetic gave)? The measured value is the memory, recorded; the JMH score (time of one
 * variadic-{@code SADD} load of the set) is incidental.
 *
 * <p>Cases: {@code users} = N (members of the one set), {@code memberBytes} = bytes per member
 * (16, 64, 256 by default: the encoding changes from listpack to hashtable above 128 members or 64 B).
 *
 * <p>Checked every iteration: {@code SCARD} = N and sampled members are present. Recorded per
 * iteration (metric, unit): {@code used_memory_total} (B, {@code used_memory} after − before),
 * {@code used_memory_per_member} (B), {@code overhead_ratio} (used / raw member bytes, x),
 * {@code memory_usage_key} (B, {@code MEMORY USAGE key SAMPLES 0}).
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetMemory} or this class's {@code main};
 * {@code -Dkensho.args="-p users=10000000 -p memberBytes=64"}.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 0)
public class SetMemoryBenchmark extends BenchmarkState {

    public static final ParamRules RULES = ParamRules.of()
            .intRange("users", 1, 1_000_000_000)
            .intRange("memberBytes", 1, 4096)
            .combination(p -> {
                if (p.containsKey("users") && p.containsKey("memberBytes")) {
                    Memory.require("users=" + p.get("users") + " × memberBytes=" + p.get("memberBytes"),
                            SetMemory.estimate(Long.parseLong(p.get("users")), Integer.parseInt(p.get("memberBytes"))));
                }
            })
            .preflight(RedisTargets::validate);

    @Param({"100", "10000", "1000000"})
    long users;

    @Param({"16", "64", "256"})
    int memberBytes;

    private SetSession session;
    private SetData data;
    private Case label;
    private long usedBefore;
    private boolean loaded;
    /** Memory per member of the last checked iteration (tests read it). */
    double lastPerMember = Double.NaN;

    /** Trial setup for a given case label (tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        session = SetSession.open();
        data = SetData.of(session.redis.keyPrefix(), 1, users, 0.0, memberBytes);
        Recorder.work(label.benchmark(), label.params(), data.records(), 0);
    }

    @Setup(Level.Iteration)
    public void emptyKeyspace() {
        session.redis.deleteSuiteKeys();
        usedBefore = session.redis.usedMemory(session.control);
    }

    @Benchmark
    public long loadSet() {
        SetLoader.fill(session.control, data, 0, 1);
        loaded = true;
        return data.records();
    }

    @TearDown(Level.Iteration)
    public void checkAndMeasure() {
        if (!loaded) {
            return;
        }
        SetChecks.requireImported(session.control, data);
        long used = session.redis.usedMemory(session.control) - usedBefore;
        long rawMembers = data.records() * memberBytes;
        Long key = session.control.memoryUsage(data.key(0), 0);
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_total", used, "B");
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_per_member", (double) used / data.records(), "B");
        Recorder.measurement(label.benchmark(), label.params(), "overhead_ratio", (double) used / rawMembers, "x");
        Recorder.measurement(label.benchmark(), label.params(), "memory_usage_key", key == null ? 0 : key, "B");
        lastPerMember = (double) used / data.records();
        loaded = false;
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(SetMemoryBenchmark.class, args);
    }
}
