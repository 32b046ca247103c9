package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.sets.data.SetLayout;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.servers.EmbeddedCluster;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On a real embedded 3-master cluster (started once, handed to the benchmark as an external cluster): a plain
 * SINTER across slots fails with CROSSSLOT, and both ways around it give the checked answer for every op at
 * three overlaps, smoke size.
 */
class ClusterSetAlgebraBenchmarkTest {

    static final long USERS = 2_000;
    private static RedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = EmbeddedCluster.start(3, Map.of());
        System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + cluster.servers().get(0).port());
    }

    @AfterAll
    static void stopCluster() {
        System.clearProperty(RedisSettings.URI.key());
        cluster.close();
    }

    @Test
    void setAlgebraAcrossSlotsFailsWithCrossSlot() {
        byte[] a = "kensho:s:0000000".getBytes();
        byte[] b = "kensho:s:0000001".getBytes();
        assertTrue(SlotHash.getSlot(a) != SlotHash.getSlot(b), "two slots");
        try (StatefulRedisClusterConnection<byte[], byte[]> c = cluster.lettuceCluster().connect(io.lettuce.core.codec.ByteArrayCodec.INSTANCE)) {
            c.sync().sadd(a, "m".getBytes());
            c.sync().sadd(b, "m".getBytes());
            RedisCommandExecutionException e = assertThrows(RedisCommandExecutionException.class, () -> c.sync().sinter(a, b));
            assertTrue(e.getMessage().startsWith("CROSSSLOT"), e.getMessage());
            assertThrows(RedisCommandExecutionException.class, () -> c.sync().sunion(a, b));
            assertThrows(RedisCommandExecutionException.class, () -> c.sync().sdiff(a, b));
            c.sync().del(a);
            c.sync().del(b);
        }
    }

    @ParameterizedTest
    @EnumSource(ClusterSetAlgebraBenchmark.Layout.class)
    void bothLayoutsAnswerEveryOpAtEveryOverlap(ClusterSetAlgebraBenchmark.Layout layout) {
        for (double overlap : new double[]{0, 0.5, 1}) {
            for (SetOp op : SetOp.values()) {
                ClusterSetAlgebraBenchmark b = new ClusterSetAlgebraBenchmark();
                b.open(Smoke.apply(b, "answer", Map.of("layout", layout.name(), "op", op.name(),
                        "overlap", Double.toString(overlap), "users", Long.toString(USERS))));
                try {
                    long expected = op.expected(new SetLayout(USERS, overlap));
                    for (int shot = 0; shot < 2; shot++) { // the second shot reuses the client's table
                        assertEquals(expected, b.answer(), layout + " " + op + " overlap " + overlap);
                        b.check(); // cardinality + member digest, or it throws
                    }
                } finally {
                    b.close();
                }
            }
        }
    }

    @Test
    void fingerprintTableSizesAndRejectsBadParamsInOneLine() {
        assertEquals(16, ClientSideAlgebra.capacityFor(1));
        assertEquals(1 << 19, ClientSideAlgebra.capacityFor(200_000)); // ≥ 2 × entries, a power of two
        assertEquals(400_000, ClientSideAlgebra.maxEntries(SetOp.SUNION, 200_000));
        BadInput e = assertThrows(BadInput.class, () -> ClusterSetAlgebraBenchmark.RULES.check("layout", "SHARDED"));
        assertTrue(e.getMessage().startsWith("layout=SHARDED"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        assertThrows(BadInput.class, () -> ClusterSetAlgebraBenchmark.RULES.check("overlap", "2"));
        assertThrows(BadInput.class, () -> ClusterSetAlgebraBenchmark.RULES.check("users", "500000000"));
        // 200M members per set cannot fit in this machine's memory: refused before anything starts
        assertThrows(BadInput.class, () -> ClusterSetAlgebraBenchmark.RULES.check(Map.of("users", "200000000", "memberBytes", "64")));
    }
}
