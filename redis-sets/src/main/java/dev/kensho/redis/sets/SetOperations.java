package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.sets.data.AttributeKeys;
import dev.kensho.targets.redis.opening.RedisTargets;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.EnumMap;
import java.util.Map;

/**
 * What {@link SetAlgebraBenchmark} and {@link SetGrowthBenchmark} share: two attribute sets A and B of
 * {@code users} members sharing {@code overlap·users} of them, built once per trial (not timed), and
 * the three ways of asking the server a question about them:
 * <ul>
 *   <li>{@link #fullReply} — {@code SINTER}/{@code SUNION}/{@code SDIFF} with the whole result moved to
 *       the client and consumed as a stream (Lettuce's {@code ValueStreamingChannel}: each member is
 *       counted and hashed as it is decoded, none is kept), as the write-up timed it with redis-cli;</li>
 *   <li>{@link #serverOnly} — {@code SINTERSTORE}/{@code SUNIONSTORE}/{@code SDIFFSTORE}: the same work
 *       on the server, result kept there (removed after the iteration, outside the timing);</li>
 *   <li>{@link #sintercard} — {@code SINTERCARD}: the intersection counted, nothing built or moved.</li>
 * </ul>
 * The difference fullReply − serverOnly is the reply's transfer and decoding.
 *
 * <p>Checked every iteration: the result's cardinality equals {@link SetOp#expected} (SetLayout's
 * formulas), and for full replies the digest of the members received equals the digest of the expected
 * ids; for stores, {@code SCARD} of the stored result too.
 *
 * <p>Recorded: {@code work} per case (result members; reply bytes for full replies, RESP framing
 * included) from which the export derives members/s and MiB/s; {@code result_cardinality} (members)
 * per iteration; once per trial {@code used_memory_sets} (B, both sets) and
 * {@code used_memory_per_member} (B).
 */
@State(Scope.Benchmark)
public abstract class SetOperations extends BenchmarkState {

    /** Which question: the op param, only for the benchmarks that take it. */
    @State(Scope.Benchmark)
    public static class Operation {
        @Param({"SINTER", "SUNION", "SDIFF"})
        public SetOp op;
    }

    @Param({"1000000"})
    long users;

    @Param({"0", "0.25", "0.5", "0.75", "1"})
    double overlap;

    @Param({"64"})
    int memberBytes;

    private SetSession session;
    private StatefulRedisConnection<byte[], byte[]> connection;
    private RedisCommands<byte[], byte[]> commands;
    private SetData data;
    private Case label;
    private byte[] a;
    private byte[] b;
    private byte[] result;
    private final Map<SetOp, Long> digests = new EnumMap<>(SetOp.class);

    /** What the last invocation did, for the check after it. */
    private SetOp lastOp;
    private MemberDigest lastStream;
    private long lastCount = -1;
    private boolean lastStored;

    /** The param rules both concrete classes publish as their {@code RULES}. */
    static ParamRules rules() {
        return ParamRules.of()
                .intRange("users", 1, 500_000_000)
                .doubleRange("overlap", 0, 1)
                .intRange("memberBytes", 1, 4096)
                .oneOf("op", SetOp.class)
                .combination(p -> {
                    if (p.containsKey("users") && p.containsKey("memberBytes")) {
                        // A and B, plus a stored union of up to 2·users members
                        long members = 4 * Long.parseLong(p.get("users"));
                        Memory.require("2 sets × users=" + p.get("users") + " (+ a stored result)",
                                SetMemory.estimate(members, Integer.parseInt(p.get("memberBytes"))));
                    }
                })
                .preflight(RedisTargets::validate);
    }

    /** Trial setup for a given case label (tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        session = SetSession.open();
        data = SetData.of(session.redis.keyPrefix(), 2, users, overlap, memberBytes);
        a = data.key(0);
        b = data.key(1);
        result = AttributeKeys.bytes(session.redis.keyPrefix(), 'r', 0);
        session.redis.deleteSuiteKeys();
        long before = session.redis.usedMemory(session.control);
        SetLoader.fill(session.control, data, 0, 2);
        SetChecks.requireImported(session.control, data);
        long used = session.redis.usedMemory(session.control) - before;
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_sets", used, "B");
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_per_member", (double) used / data.records(), "B");
        connection = session.redis.lettuce().connect(ByteArrayCodec.INSTANCE);
        commands = connection.sync();
        String op = label.params().get("op");
        if (op != null) {
            SetOp o = SetOp.valueOf(op);
            digests.put(o, o.expectedDigest(data));
            long members = o.expected(data.layout());
            long bytes = label.benchmark().endsWith(".fullReply") ? replyBytes(members) : 0;
            Recorder.work(label.benchmark(), label.params(), members, bytes);
        } else {
            for (SetOp o : SetOp.values()) { // a label without an op (tests, sintercard) may run any of them
                digests.put(o, o.expectedDigest(data));
            }
            Recorder.work(label.benchmark(), label.params(), data.layout().intersection(), 0);
        }
    }

    /** RESP bytes of a reply of {@code members} members: {@code *<n>\r\n} then {@code $<len>\r\n<member>\r\n} each. */
    private long replyBytes(long members) {
        return 3 + Long.toString(members).length() + members * (5 + Integer.toString(memberBytes).length() + memberBytes);
    }

    /** The whole result streamed to the client: returns its cardinality. */
    @Benchmark
    public long fullReply(Operation o) {
        MemberDigest m = new MemberDigest();
        Long n = switch (o.op) {
            case SINTER -> commands.sinter(m, a, b);
            case SUNION -> commands.sunion(m, a, b);
            case SDIFF -> commands.sdiff(m, a, b);
        };
        lastOp = o.op;
        lastStream = m;
        lastCount = n;
        return n;
    }

    /** The same operation with the result stored on the server: returns its cardinality. */
    @Benchmark
    public long serverOnly(Operation o) {
        long n = switch (o.op) {
            case SINTER -> commands.sinterstore(result, a, b);
            case SUNION -> commands.sunionstore(result, a, b);
            case SDIFF -> commands.sdiffstore(result, a, b);
        };
        lastOp = o.op;
        lastStored = true;
        lastCount = n;
        return n;
    }

    /** |A∩B| counted by the server, nothing built or moved. */
    @Benchmark
    public long sintercard() {
        long n = commands.sintercard(a, b);
        lastOp = SetOp.SINTER;
        lastCount = n;
        return n;
    }

    /** Checks the answer of the iteration's invocation and removes a stored result (not timed). */
    @TearDown(Level.Iteration)
    public void checkAndClean() {
        if (lastOp == null) {
            return;
        }
        long expected = lastOp.expected(data.layout());
        String what = label.benchmark().substring(label.benchmark().lastIndexOf('.') + 1) + " " + lastOp
                + " (users=" + users + ", overlap=" + overlap + ")";
        SetChecks.requireCount(what, lastCount, expected);
        if (lastStream != null) {
            SetChecks.requireCount(what + " members streamed", lastStream.count(), expected);
            if (lastStream.digest() != digests.get(lastOp)) {
                throw new IllegalStateException("answer check failed: " + what + " streamed the right number of"
                        + " members but not the expected ones (digest mismatch)");
            }
        }
        if (lastStored) {
            SetChecks.requireCount(what + " SCARD of the stored result", session.control.scard(result), expected);
            session.control.del(result);
        }
        Recorder.measurement(label.benchmark(), label.params(), "result_cardinality", lastCount, "members");
        lastOp = null;
        lastStream = null;
        lastStored = false;
        lastCount = -1;
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        if (session != null) {
            session.close();
        }
    }
}
