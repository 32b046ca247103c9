package dev.kensho.redis.pubsub;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity on real servers: one plain server and an embedded 3-master cluster, PUBLISH and SPUBLISH — every
 * subscriber gets every message in order, and on the cluster the other masters received every PUBLISH over the
 * bus and no SPUBLISH (the benchmark's own trial-end check).
 */
class ClusterPublishBenchmarkTest {

    @Test
    void everyMessageArrivesAndTheBroadcastIsWhereClaimed() {
        for (int nodes : new int[]{1, 3}) {
            for (ClusterPublishBenchmark.Command m : ClusterPublishBenchmark.Command.values()) {
                ClusterPublishBenchmark b = new ClusterPublishBenchmark();
                b.open(Smoke.apply(b, "publish", Map.of("mode", m.name(), "nodes", Integer.toString(nodes), "subscribers", "2",
                        "windowBytes", Long.toString(1L << 20))));
                try {
                    ReceivedCounters counters = new ReceivedCounters();
                    int n = 5_000;
                    b.startIteration();
                    for (int i = 0; i < n; i++) {
                        b.publish(counters);
                    }
                    b.endIteration(null); // drains and checks every sequence number
                    for (Receiver r : b.receivers()) {
                        assertEquals(n, r.count(), m + " on " + nodes + ": " + r.name());
                        assertEquals(0, r.missing() + r.outOfOrder(), m + " on " + nodes + ": " + r.name());
                    }
                    assertEquals(2L * n, b.flow().received());
                    b.requireBroadcastAsClaimed(); // PUBLISH reached every other master, SPUBLISH none
                } finally {
                    b.close();
                }
            }
        }
    }

    @Test
    void badNodeCountsAreOneLine() {
        for (String v : new String[]{"0", "2", "65", "three"}) {
            BadInput e = assertThrows(BadInput.class, () -> ClusterPublishBenchmark.RULES.check("nodes", v));
            assertTrue(e.getMessage().startsWith("nodes=" + v), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
        ClusterPublishBenchmark.RULES.check("nodes", "6");
        assertThrows(BadInput.class, () -> ClusterPublishBenchmark.RULES.check("mode", "CLASSIC"));
    }
}
