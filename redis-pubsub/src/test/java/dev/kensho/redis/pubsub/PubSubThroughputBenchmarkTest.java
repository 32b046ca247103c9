package dev.kensho.redis.pubsub;

import dev.kensho.common.runfiles.Case;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.pubsub.client.Messages;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.flow.PublishLoop;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.Transport;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity: builds the real state against an embedded Redis (or loopback TCP), publishes through the
 * benchmark method for one short iteration, and checks the known answer — every message received, in
 * order, nothing lost — for every transport at the smoke sizes and at both ends of the sweep.
 */
class PubSubThroughputBenchmarkTest {

    @Test
    void everyMessageArrivesInOrderForEveryTransport() {
        String[] smokeSizes = Smoke.values(PubSubThroughputBenchmark.class, "messageBytes");
        assertTrue(smokeSizes != null && smokeSizes.length > 0, "smoke sizes in kensho-scale.properties");
        Set<Integer> sizes = new TreeSet<>(List.of(16, 1_048_576));
        for (String size : smokeSizes) {
            sizes.add(Integer.parseInt(size));
        }
        for (Transport t : Transport.values()) {
            for (int size : sizes) {
                runOnce(t, PublishLoop.PIPELINED, size);
            }
        }
    }

    /**
     * The one-at-a-time publisher: every message flushed on its own (batch 1), and for Redis every message's
     * own reply read before the next — the server's reply count equals the messages sent, each reached the
     * one subscriber — and the subscriber has every message in order.
     */
    @Test
    void syncPublisherDeliversEveryMessageInOrder() {
        for (Transport t : Transport.values()) {
            for (int size : new int[]{16, 4096, 1_048_576}) {
                PubSubThroughputBenchmark b = runOnce(t, PublishLoop.SYNC, size);
                assertEquals(1, b.flow().batch(), t + " " + size + " B: one message per flush");
            }
        }
    }

    static PubSubThroughputBenchmark runOnce(Transport t, PublishLoop loop, int size) {
        PubSubThroughputBenchmark b = new PubSubThroughputBenchmark();
        b.transport = t;
        b.publisher = loop;
        b.messageBytes = size;
        b.windowBytes = 8L << 20;
        b.open(new Case(PubSubThroughputBenchmark.class.getName() + ".publish",
                Map.of("transport", t.name(), "publisher", loop.name(), "messageBytes", Integer.toString(size))));
        try {
            ReceivedCounters counters = new ReceivedCounters();
            // enough messages to wrap the window several times, bounded in bytes (and in round trips for SYNC)
            int n = (int) Math.max(40, Math.min(loop == PublishLoop.SYNC ? 5_000 : 50_000, (64L << 20) / size));
            long t0 = System.nanoTime();
            b.startIteration();
            for (int i = 0; i < n; i++) {
                b.publish(counters);
            }
            b.endIteration();
            double s = (System.nanoTime() - t0) / 1e9;
            Receiver r = b.receiver();
            assertEquals(n, r.count(), t + " " + size + " B: received");
            assertEquals(0, r.missing(), t + " " + size + " B: lost");
            assertEquals(0, r.outOfOrder(), t + " " + size + " B: out of order");
            assertEquals(n, r.next(), t + " " + size + " B: last sequence number");
            assertTrue(b.flow().window() >= 2 && r.bytes() == (long) n * size);
            assertEquals(n, b.publisherForTest().published(), t + " " + loop + " " + size + " B: every message sent and answered");
            assertEquals(0, b.publisherForTest().shortfall(), t + " " + loop + " " + size + " B: each reached its subscriber");
            assertEquals(n, b.publisherForTest().deliveries(), t + " " + loop + " " + size + " B: replies counted one receiver each");
            System.out.printf("%-8s %-9s %8d B: %,d msgs in %.2f s = %,.0f msgs/s, %,.0f Mbit/s%n", t, loop, size, n, s, n / s,
                    Messages.mbit(r.bytes()) / s);
            return b;
        } finally {
            b.close();
        }
    }
}
