package dev.kensho.redis.pubsub;

import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sanity: every subscriber of every client × mode receives every message in order (the smoke case: 4 subscribers). */
class PubSubFanoutBenchmarkTest {

    @Test
    void everySubscriberGetsEveryMessageClassicAndSharded() {
        for (Client c : Client.values()) {
            for (PubSubMode m : PubSubMode.values()) {
                PubSubFanoutBenchmark b = new PubSubFanoutBenchmark();
                b.open(Smoke.apply(b, "publishFanout", Map.of("client", c.name(), "mode", m.name(),
                        "windowBytes", Long.toString(1L << 20))));
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
                    assertEquals((long) b.subscribers * n, b.flow().received());
                    System.out.printf("%-8s %-8s %d subs: %,.0f deliveries/s%n", c, m, b.subscribers, b.subscribers * n / s);
                } finally {
                    b.close();
                }
            }
        }
    }
}
