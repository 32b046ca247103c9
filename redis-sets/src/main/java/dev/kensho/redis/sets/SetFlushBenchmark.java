package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.redis.RedisEndpoint;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.info.RedisInfo;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import redis.clients.jedis.Jedis;

import java.util.concurrent.TimeUnit;

/**
 * How long does {@code FLUSHDB} take after a full import, and what does {@code ASYNC} (Redis 4+: the
 * keyspace is unlinked at once and freed by a background thread) change? Experiment 1's FLUSHDB row
 * (published: 130.09 s for 100M members — {@code docs/redis-sets.md}).
 *
 * <p><b>Safety</b>: FLUSHDB removes every key of the database. It runs on the embedded server the suite
 * starts; on an external target ({@code kensho.redis.uri}) the class is refused before anything starts
 * unless {@code -Dkensho.destructive=true}, and the flush itself goes through the target's guarded
 * {@code flushDb}.
 *
 * <p>Cases: {@code mode} = SYNC or ASYNC; {@code attributes} × {@code users} members of
 * {@code memberBytes} bytes, imported before each iteration (variadic {@code SADD}, not timed).
 *
 * <p>Checked every iteration: before, every set is full; after, {@code DBSIZE} = 0; for ASYNC the
 * iteration waits (not timed) until the background free is done ({@code lazyfree_pending_objects} = 0)
 * so the next import starts from freed memory. Recorded per iteration: {@code flushed_members}
 * (members), {@code used_memory_before_flush} (B), {@code used_memory_after_flush} (B, read right after
 * the command returns: for ASYNC, memory not yet given back). {@code work} = members, for members/s.
 *
 * <p>Score: seconds per FLUSHDB, single shot, 1 warm-up + 5 measured.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetFlush} or this class's {@code main};
 * {@code -Dkensho.args="-p users=10000000"} for the write-up's size.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 5)
public class SetFlushBenchmark extends BenchmarkState {

    /** FLUSHDB or FLUSHDB ASYNC. */
    public enum FlushMode { SYNC, ASYNC }

    public static final ParamRules RULES = ParamRules.of()
            .intRange("attributes", 1, 10_000)
            .intRange("users", 1, 1_000_000_000)
            .intRange("memberBytes", 1, 4096)
            .oneOf("mode", FlushMode.class)
            .combination(p -> {
                if (p.containsKey("attributes") && p.containsKey("users") && p.containsKey("memberBytes")) {
                    long records = Long.parseLong(p.get("attributes")) * Long.parseLong(p.get("users"));
                    Memory.require("attributes=" + p.get("attributes") + " × users=" + p.get("users"),
                            SetMemory.estimate(records, Integer.parseInt(p.get("memberBytes"))));
                }
            })
            .preflight(RedisTargets::validate)
            .preflight(SetFlushBenchmark::requireFlushAllowed);

    @Param({"10"})
    int attributes;

    @Param({"200000"})
    long users;

    @Param({"64"})
    int memberBytes;

    @Param({"SYNC", "ASYNC"})
    FlushMode mode;

    private SetSession session;
    private Jedis conn;
    private SetData data;
    private Case label;
    private long usedBefore;
    private long flushedAt = -1;

    /** FLUSHDB on someone else's server only with the explicit opt-in: refused before anything starts. */
    static void requireFlushAllowed() {
        if (RedisEndpoint.current().external() && !Settings.destructiveAllowed()) {
            throw new BadInput("SetFlushBenchmark runs FLUSHDB, which would delete every key of the external"
                    + " database " + RedisSettings.URI.key() + " points at; pass -D"
                    + Setting.DESTRUCTIVE.key() + "=true to allow it, or leave it out with -Dkensho.bench");
        }
    }

    /** Trial setup for a given case label (tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        session = SetSession.open("FLUSHDB");
        conn = session.redis.jedis();
        data = SetData.of(session.redis.keyPrefix(), attributes, users, 0.0, memberBytes);
        Recorder.work(label.benchmark(), label.params(), data.records(), 0);
    }

    @Setup(Level.Iteration)
    public void importEverything() {
        session.redis.deleteSuiteKeys();
        SetLoader.fill(session.control, data, 0, attributes);
        SetChecks.requireImported(session.control, data);
        usedBefore = session.redis.usedMemory(session.control);
    }

    @Benchmark
    public long flushDb() {
        session.redis.flushDb(conn, mode == FlushMode.ASYNC);
        flushedAt = data.records();
        return flushedAt;
    }

    @TearDown(Level.Iteration)
    public void checkAndSettle() throws InterruptedException {
        if (flushedAt < 0) {
            return;
        }
        long usedAfter = session.redis.usedMemory(session.control);
        SetChecks.requireCount("DBSIZE after FLUSHDB " + mode, session.control.dbSize(), 0);
        Recorder.measurement(label.benchmark(), label.params(), "flushed_members", flushedAt, "members");
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_before_flush", usedBefore, "B");
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_after_flush", usedAfter, "B");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!"0".equals(RedisInfo.of(session.control, "memory").get("lazyfree_pending_objects"))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("FLUSHDB ASYNC: the background free did not finish within 10 minutes");
            }
            Thread.sleep(10); // waiting for the server's lazy-free thread, outside the timing
        }
        flushedAt = -1;
    }

    @Override
    public void close() {
        if (conn != null) {
            conn.close();
        }
        if (session != null) {
            session.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(SetFlushBenchmark.class, args);
    }
}
