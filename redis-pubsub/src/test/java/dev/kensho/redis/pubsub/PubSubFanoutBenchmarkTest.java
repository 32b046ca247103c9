package dev.kensho.redis.pubsub;

import dev.kensho.common.runfiles.Case;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sanity: every subscriber of every client × mode receives every message in order (4 subscribers, smoke size). */
class PubSubFanoutBenchmarkTest {

    @Test
    void everySubscriberGetsEveryMessageClassicAndSharded() {
        for (Client c : Client.values()) {
            for (PubSubMode m : PubSubMode.values()) {
                PubSubFanoutBenchmark b = new PubSubFanoutBenchmark();
                b.client = c;
                b.mode = m;
                b.subscribers = 4;
                b.messageBytes = 256;
                b.windowBytes = 1L << 20;
                b.open(new Case(PubSubFanoutBenchmark.class.getName() + ".publishFanout",
                        Map.of("client", c.name(), "mode", m.name())));
                try {
                    ReceivedCounters counters = new ReceivedCounters();
                    int n = 20_000;
                    long t0 = System.nanoTime();
                    b.startIteration();
                    for (int i = 0; i < n; i++) {
                        b.publishFanout(counters);
                    }
                    b.endIteration();
                    double s = (System.nanoTime() - t0) / 1e9;
                    for (Receiver r : b.receivers()) {
                        assertEquals(n, r.count(), c + " " + m + " " + r.name());
                        assertEquals(0, r.missing() + r.outOfOrder(), c + " " + m + " " + r.name());
                    }
                    assertEquals(4L * n, b.flow().received());
                    System.out.printf("%-8s %-8s 4 subs: %,.0f deliveries/s%n", c, m, 4 * n / s);
                } finally {
                    b.close();
                }
            }
        }
    }
}
