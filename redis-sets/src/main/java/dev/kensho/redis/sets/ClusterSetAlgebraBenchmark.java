package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * On a Redis Cluster, set algebra across slots fails ({@code CROSSSLOT}): what do the two ways around it
 * cost — attribute keys that share a hash tag so they live on one shard, or the answer computed in the client
 * from {@code SSCAN}s of sets on different shards? A question beyond the write-up; experiment 1's operations
 * ({@link SetAlgebraBenchmark}) on a cluster. No published figure: the write-up ran one node.
 *
 * <p>Cases: {@code layout} = {@code HASH_TAGGED} (keys {@code <prefix>{seg}:s:0} and {@code …:1}: one slot,
 * one shard; {@code SINTER}/{@code SUNION}/{@code SDIFF} on the server, the whole reply streamed to the
 * client as {@link SetAlgebraBenchmark#fullReply} does) | {@code CLIENT_SIDE} (keys in slots of two
 * different masters — checked against the servers' {@code CLUSTER KEYSLOT} and the topology, and a plain
 * {@code SINTER} of them must fail with {@code CROSSSLOT}; the answer built by {@link ClientSideAlgebra}
 * from two streamed {@code SSCAN}s, holding one table of 64-bit fingerprints: 16–32 B per held member,
 * recorded as {@code client_table_bytes}); {@code op} = SINTER, SUNION, SDIFF; {@code overlap} = 0 (A≠B),
 * 1 (A=B); {@code users} = |A| = |B|. Both clients are Lettuce's {@code RedisClusterClient}, byte-array codec.
 *
 * <p>Checked every iteration, as {@link SetOperations} does: the result's cardinality equals
 * {@link SetOp#expected} and the digest of the members received equals that of the expected ids.
 * Recorded: {@code result_cardinality} and {@code members_moved} (members the client received: the result,
 * or both sets scanned) per iteration; {@code client_table_bytes} once per trial; {@code work} = result
 * members and the members' payload bytes moved (RESP framing excluded).
 *
 * <p>The cluster: {@code kensho.redis.cluster} (3 embedded masters when unset) or an external cluster at
 * {@code kensho.redis.uri}. On a 2-core machine the masters are processes sharing the same two cores with
 * the client (env.json lists them): here a cluster spreads data, not CPU. Score: seconds per operation,
 * single shot, 1 warm-up + 10 measured, as {@link SetAlgebraBenchmark}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-sets -am -Dkensho.bench=ClusterSetAlgebra} or this class's
 * {@code main}; {@code -Dkensho.redis.cluster=6} for six masters.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 10)
public class ClusterSetAlgebraBenchmark extends BenchmarkState {

    /** Where A and B live, and so who computes the answer. */
    public enum Layout { HASH_TAGGED, CLIENT_SIDE }

    public static final ParamRules RULES = ParamRules.of()
            .intRange("users", 1, 250_000_000) // the client's table: ≤ 2^30 slots for 2 × users fingerprints
            .doubleRange("overlap", 0, 1)
            .intRange("memberBytes", 1, 4096)
            .oneOf("op", SetOp.class)
            .oneOf("layout", Layout.class)
            .combination(p -> {
                if (p.containsKey("users") && p.containsKey("memberBytes")) {
                    long users = Long.parseLong(p.get("users"));
                    Memory.require("2 sets × users=" + users + " on the cluster (+ the client's fingerprint table)",
                            SetMemory.estimate(2 * users, Integer.parseInt(p.get("memberBytes")))
                                    + 8L * ClientSideAlgebra.capacityFor(2 * users));
                }
            })
            .needs(RedisTargets::whyNoCluster)
            .preflight(RedisTargets::validate);

    @Param({"HASH_TAGGED", "CLIENT_SIDE"})
    Layout layout;

    @Param({"SINTER", "SUNION", "SDIFF"})
    SetOp op;

    @Param({"0", "1"})
    double overlap;

    @Param({"200000"})
    long users;

    @Param({"64"})
    int memberBytes;

    private RedisCluster cluster;
    private StatefulRedisClusterConnection<byte[], byte[]> connection;
    private RedisAdvancedClusterCommands<byte[], byte[]> commands;
    private ClientSideAlgebra algebra;
    private SetData data;
    private Case label;
    private byte[] a;
    private byte[] b;
    private long expectedDigest;
    private MemberDigest last;
    private long lastCount = -1;
    private long lastMoved;

    /** Trial set-up for a case label (tests call it directly): cluster, both sets on their shards, checks. */
    @Override
    protected void open(Case c) {
        label = c;
        try {
            cluster = RedisTargets.openCluster(Map.of());
            cluster.record();
            cluster.deleteSuiteKeys();
            data = SetData.of(keyPrefix(), 2, users, overlap, memberBytes);
            a = data.key(0);
            b = data.key(1);
            RedisTarget ownerA = owner(a);
            RedisTarget ownerB = owner(b);
            if ((layout == Layout.CLIENT_SIDE) == (ownerA == ownerB)) {
                throw new IllegalStateException("regime check failed: " + layout + " wants A and B on "
                        + (layout == Layout.CLIENT_SIDE ? "different masters" : "one master") + ", got "
                        + ownerA.describe() + " and " + ownerB.describe());
            }
            try (Jedis ja = ownerA.jedis(); Jedis jb = ownerB.jedis()) {
                SetLoader.fill(ja, data, 0, 1);
                SetLoader.fill(jb, data, 1, 2);
                SetChecks.requireImported(ja, data, 0); // a direct connection: MOVED unless the node owns the key
                SetChecks.requireImported(jb, data, 1);
                if (layout == Layout.CLIENT_SIDE) {
                    requireCrossSlotRefused(ja);
                }
            }
            connection = cluster.lettuceCluster().connect(ByteArrayCodec.INSTANCE);
            commands = connection.sync();
            // Lettuce opens its connection to a node at the first command for it: opened here, not in the first shot
            SetChecks.requireCount("SCARD of A through the cluster client", commands.scard(a), users);
            SetChecks.requireCount("SCARD of B through the cluster client", commands.scard(b), users);
            expectedDigest = op.expectedDigest(data);
            long resultMembers = op.expected(data.layout());
            long moved = layout == Layout.HASH_TAGGED ? resultMembers : 2 * users;
            Recorder.work(label.benchmark(), label.params(), resultMembers, moved * memberBytes);
            if (layout == Layout.CLIENT_SIDE) {
                algebra = new ClientSideAlgebra(ClientSideAlgebra.maxEntries(op, users));
                Recorder.measurement(label.benchmark(), label.params(), "client_table_bytes", algebra.bytes(), "B");
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The suite's prefix, plus a hash tag (one slot) or a suffix that puts A and B on two masters. */
    private String keyPrefix() {
        String p = cluster.keyPrefix();
        if (layout == Layout.HASH_TAGGED) {
            return p + "{seg}:";
        }
        for (int k = 0; k < 1000; k++) {
            String candidate = p + "x" + k + ":";
            SetData d = SetData.of(candidate, 2, 1, 0, 1);
            if (owner(d.key(0)) != owner(d.key(1))) {
                return candidate;
            }
        }
        throw new IllegalStateException(cluster.describe() + ": no key pair on two different masters found");
    }

    /** The master whose slot ranges hold the key's slot, as the server computes it ({@code CLUSTER KEYSLOT}). */
    private RedisTarget owner(byte[] key) {
        long slot;
        try (Jedis j = cluster.servers().get(0).jedis()) {
            slot = j.clusterKeySlot(new String(key, StandardCharsets.US_ASCII));
        }
        for (RedisCluster.Node n : cluster.masters()) {
            for (String r : n.slots()) {
                String[] ft = r.split("-");
                long from = Long.parseLong(ft[0]);
                long to = ft.length > 1 ? Long.parseLong(ft[1]) : from;
                if (slot >= from && slot <= to) {
                    return n.server();
                }
            }
        }
        throw new IllegalStateException(cluster.describe() + ": no master serves slot " + slot);
    }

    /** The regime: the server itself refuses the operation across slots. */
    private void requireCrossSlotRefused(Jedis j) {
        try {
            j.sinter(a, b);
        } catch (JedisDataException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("CROSSSLOT")) {
                return;
            }
            throw new IllegalStateException("regime check failed: SINTER across slots answered " + e.getMessage()
                    + ", expected CROSSSLOT", e);
        }
        throw new IllegalStateException("regime check failed: SINTER across slots was answered, expected CROSSSLOT");
    }

    /** The answer streamed to the client (server-side on one shard, or computed from two SSCANs): its cardinality. */
    @Benchmark
    public long answer() {
        MemberDigest m = new MemberDigest();
        long n;
        if (layout == Layout.HASH_TAGGED) {
            n = switch (op) {
                case SINTER -> commands.sinter(m, a, b);
                case SUNION -> commands.sunion(m, a, b);
                case SDIFF -> commands.sdiff(m, a, b);
            };
            lastMoved = n;
        } else {
            algebra.run(op, commands, a, b, m);
            n = m.count();
            lastMoved = algebra.scanned();
        }
        last = m;
        lastCount = n;
        return n;
    }

    /** Checks the iteration's answer: cardinality and member digest (not timed). */
    @TearDown(Level.Iteration)
    public void check() {
        if (last == null) {
            return;
        }
        long expected = op.expected(data.layout());
        String what = layout + " " + op + " (users=" + users + ", overlap=" + overlap + ")";
        SetChecks.requireCount(what, lastCount, expected);
        SetChecks.requireCount(what + " members streamed", last.count(), expected);
        if (last.digest() != expectedDigest) {
            throw new IllegalStateException("answer check failed: " + what + " streamed the right number of"
                    + " members but not the expected ones (digest mismatch)");
        }
        Recorder.measurement(label.benchmark(), label.params(), "result_cardinality", lastCount, "members");
        Recorder.measurement(label.benchmark(), label.params(), "members_moved", lastMoved, "members");
        last = null;
        lastCount = -1;
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
        if (cluster != null) {
            try {
                cluster.deleteSuiteKeys();
            } finally {
                cluster.close();
                cluster = null;
            }
        }
    }

    public static void main(String[] args) {
        Kensho.main(ClusterSetAlgebraBenchmark.class, args);
    }
}
