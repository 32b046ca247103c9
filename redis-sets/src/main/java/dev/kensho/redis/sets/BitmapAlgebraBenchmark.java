package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.sets.data.AttributeKeys;
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
import redis.clients.jedis.args.BitOP;

import java.util.EnumMap;
import java.util.Map;

/**
 * The write-up's future work: what if each attribute were a bitmap (users as bit offsets, through an
 * id → offset dictionary kept in Redis) instead of a set — how fast is the import, how fast are the
 * same three questions ({@code BITOP AND/OR} and NOT+AND for A−B, then {@code BITCOUNT}), and what do
 * bitmaps + dictionary weigh against the sets? Same data, overlap and checks as
 * {@link SetAlgebraBenchmark}; no published figure (the write-up did not measure it).
 *
 * <p>Cases: method {@code importBitmaps} (dictionary + {@code SETBIT} for A and B, into an empty
 * dictionary each iteration) or {@code bitop} with {@code op} = SINTER (AND), SUNION (OR),
 * SDIFF (NOT B, AND) and {@code reply} = COUNT ({@code BITCOUNT} on the server) or FETCH (the result
 * bitmap {@code GET} by the client and counted there — the bitmap's analogue of the full reply; turning
 * offsets back into ids would need a reverse dictionary, not timed here); {@code users}, {@code overlap}
 * as for sets. The sets are built too (not timed): their answers are what the bitmap answers must equal.
 *
 * <p>Checked every iteration: the count equals the sets' answer ({@code SINTERCARD}, {@code SCARD} of
 * {@code SUNIONSTORE}/{@code SDIFFSTORE}, taken once per trial) and SetLayout's formula, and sampled
 * members of the expected result have their bit set; after an import, {@code BITCOUNT} of each bitmap =
 * users and {@code HLEN} of the dictionary = distinct users.
 *
 * <p>Recorded once per trial (metric, unit): {@code memory_sets} B and {@code memory_bitmaps} B and
 * {@code memory_dictionary} B ({@code MEMORY USAGE … SAMPLES 0} of the keys), {@code bytes_per_member_sets}
 * B, {@code bytes_per_member_bitmaps} B (bitmaps + dictionary per set member); per iteration
 * {@code result_cardinality} members; {@code work} (members) for members/s.
 *
 * <p>Score: seconds per operation, single shot, 1 warm-up + 10 measured.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=BitmapAlgebra} or this class's {@code main};
 * {@code -Dkensho.args="-p users=10000000 -p overlap=0,1"} for the write-up's size.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 10)
public class BitmapAlgebraBenchmark extends BenchmarkState {

    /** Where the answer is counted. */
    public enum Reply { COUNT, FETCH }

    /** How the bitmap result is read: only for {@link #bitop}. */
    @State(Scope.Benchmark)
    public static class ReplyMode {
        @Param({"COUNT", "FETCH"})
        public Reply reply;
    }

    public static final ParamRules RULES = ParamRules.of()
            .intRange("users", 1, 500_000_000)
            .doubleRange("overlap", 0, 1)
            .intRange("memberBytes", 1, 4096)
            .intRange("batch", 1, 100_000)
            .oneOf("op", SetOp.class)
            .oneOf("reply", Reply.class)
            .combination(p -> {
                if (p.containsKey("users") && p.containsKey("memberBytes")) {
                    // A, B, a stored set result while taking the sets' answers, and the dictionary (≈ a set)
                    long members = 5 * Long.parseLong(p.get("users"));
                    Memory.require("2 sets + bitmaps + dictionary × users=" + p.get("users"),
                            SetMemory.estimate(members, Integer.parseInt(p.get("memberBytes"))));
                }
            })
            .preflight(RedisTargets::validate);

    private static final int SAMPLES = 64;

    @Param({"1000000"})
    long users;

    @Param({"0", "0.25", "0.5", "0.75", "1"})
    double overlap;

    @Param({"64"})
    int memberBytes;

    @Param({"1000"})
    int batch;

    private SetSession session;
    private Jedis conn;
    private SetData data;
    private BitmapImport bitmaps;
    private Case label;
    private byte[] result;
    private byte[] scratch;
    private final Map<SetOp, Long> setAnswers = new EnumMap<>(SetOp.class);

    private SetOp lastOp;
    private long lastCount = -1;
    private long lastImported = -1;

    /** Trial setup for a given case label (tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        session = SetSession.open();
        conn = session.redis.jedis();
        data = SetData.of(session.redis.keyPrefix(), 2, users, overlap, memberBytes);
        bitmaps = new BitmapImport(data);
        result = AttributeKeys.bytes(session.redis.keyPrefix(), 'r', 0);
        scratch = AttributeKeys.bytes(session.redis.keyPrefix(), 'r', 1);
        session.redis.deleteSuiteKeys();
        SetLoader.fill(session.control, data, 0, 2);
        SetChecks.requireImported(session.control, data);
        takeSetAnswers();
        bitmaps.load(session.control, batch);
        requireBitmaps();
        recordMemory();
        if (label.benchmark().endsWith(".importBitmaps")) {
            Recorder.work(label.benchmark(), label.params(), data.records(), 0);
        } else if (label.params().containsKey("op")) {
            Recorder.work(label.benchmark(), label.params(),
                    SetOp.valueOf(label.params().get("op")).expected(data.layout()), 0);
        }
    }

    /** What the sets say: the answers the bitmaps must reproduce. */
    private void takeSetAnswers() {
        setAnswers.put(SetOp.SINTER, session.control.sintercard(data.key(0), data.key(1)));
        setAnswers.put(SetOp.SUNION, session.control.sunionstore(result, data.key(0), data.key(1)));
        session.control.del(result);
        setAnswers.put(SetOp.SDIFF, session.control.sdiffstore(result, data.key(0), data.key(1)));
        session.control.del(result);
        setAnswers.forEach((op, n) -> SetChecks.requireCount("sets " + op, n, op.expected(data.layout())));
    }

    private void requireBitmaps() {
        for (int a = 0; a < data.attributes(); a++) {
            SetChecks.requireCount("BITCOUNT of bitmap " + a, session.control.bitcount(bitmaps.bitmap(a)), users);
        }
        SetChecks.requireCount("HLEN of the dictionary", session.control.hlen(bitmaps.dictionary()),
                data.layout().distinctUsers(2));
    }

    private void recordMemory() {
        long sets = usage(data.key(0)) + usage(data.key(1));
        long bits = usage(bitmaps.bitmap(0)) + usage(bitmaps.bitmap(1));
        long dict = usage(bitmaps.dictionary());
        Recorder.measurement(label.benchmark(), label.params(), "memory_sets", sets, "B");
        Recorder.measurement(label.benchmark(), label.params(), "memory_bitmaps", bits, "B");
        Recorder.measurement(label.benchmark(), label.params(), "memory_dictionary", dict, "B");
        Recorder.measurement(label.benchmark(), label.params(), "bytes_per_member_sets", (double) sets / data.records(), "B");
        Recorder.measurement(label.benchmark(), label.params(), "bytes_per_member_bitmaps",
                (double) (bits + dict) / data.records(), "B");
    }

    private long usage(byte[] key) {
        Long u = session.control.memoryUsage(key, 0);
        return u == null ? 0 : u;
    }

    @Setup(Level.Iteration)
    public void emptyDictionary() {
        if (label.benchmark().endsWith(".importBitmaps")) {
            bitmaps.delete(session.control);
        }
    }

    /** Dictionary lookups and inserts plus one {@code SETBIT} per member, for A and B: returns the dictionary size. */
    @Benchmark
    public long importBitmaps() {
        long n = bitmaps.load(conn, batch);
        lastImported = n;
        return n;
    }

    /** One question answered with bitmaps: returns the answer's cardinality. */
    @Benchmark
    public long bitop(SetOperations.Operation o, ReplyMode r) {
        byte[] a = bitmaps.bitmap(0);
        byte[] b = bitmaps.bitmap(1);
        switch (o.op) {
            case SINTER -> conn.bitop(BitOP.AND, result, a, b);
            case SUNION -> conn.bitop(BitOP.OR, result, a, b);
            case SDIFF -> {
                conn.bitop(BitOP.NOT, scratch, b);
                conn.bitop(BitOP.AND, result, a, scratch);
            }
        }
        long n;
        if (r.reply == Reply.COUNT) {
            n = conn.bitcount(result);
        } else {
            n = 0;
            byte[] bits = conn.get(result);
            for (byte x : bits) {
                n += Integer.bitCount(x & 0xff);
            }
        }
        lastOp = o.op;
        lastCount = n;
        return n;
    }

    @TearDown(Level.Iteration)
    public void checkAndClean() {
        if (lastImported >= 0) {
            SetChecks.requireCount("dictionary size after importBitmaps", lastImported, data.layout().distinctUsers(2));
            requireBitmaps();
            lastImported = -1;
        }
        if (lastOp == null) {
            return;
        }
        String what = "bitmap " + lastOp.bitop() + " (users=" + users + ", overlap=" + overlap + ")";
        SetChecks.requireCount(what + " vs the sets' answer", lastCount, setAnswers.get(lastOp));
        SetChecks.requireCount(what, lastCount, lastOp.expected(data.layout()));
        long first = lastOp.firstId(data.layout());
        long count = lastOp.expected(data.layout());
        for (int s = 0; s < Math.min(SAMPLES, count); s++) {
            long id = first + count * s / Math.min(SAMPLES, count);
            long offset = bitmaps.offset(session.control, id);
            if (offset < 0 || !session.control.getbit(result, offset)) {
                throw new IllegalStateException("answer check failed: " + what + " lacks user id index " + id);
            }
        }
        Recorder.measurement(label.benchmark(), label.params(), "result_cardinality", lastCount, "members");
        session.control.del(result, scratch);
        lastOp = null;
        lastCount = -1;
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
        Kensho.main(BitmapAlgebraBenchmark.class, args);
    }
}
