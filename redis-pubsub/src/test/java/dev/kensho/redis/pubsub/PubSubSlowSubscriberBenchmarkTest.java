package dev.kensho.redis.pubsub;

import dev.kensho.common.testing.Smoke;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity at smoke scale: the paced subscriber's output buffer grows, the server cuts it off at the
 * configured limit (and logs why), the subscriber sees its disconnect, the loss is counted, and the
 * flood ends well inside its time limit — for both subscriber clients.
 */
class PubSubSlowSubscriberBenchmarkTest {

    @Test
    void slowSubscriberIsCutOffAtTheConfiguredLimit() {
        for (Client c : Client.values()) {
            PubSubSlowSubscriberBenchmark b = new PubSubSlowSubscriberBenchmark();
            b.open(Smoke.apply(b, "floodSlowSubscriber", Map.of("client", c.name())));
            try {
                assertEquals(b.hardLimitBytes, b.limit().hardBytes(), "limit in force");
                b.subscribe();
                long t0 = System.nanoTime();
                Flood.Outcome o = b.floodSlowSubscriber();
                double s = (System.nanoTime() - t0) / 1e9;
                assertTrue(o.cutOff(), c + ": cut off");
                assertTrue(o.subscriberSawDisconnect(), c + ": the subscriber saw its disconnect");
                assertNotNull(o.disconnectCause());
                assertEquals(1, b.cutoffLogged(), c + ": the server logged the output-buffer limit as the cause");
                long max = o.maxOmem();
                assertTrue(max <= b.hardLimitBytes + 64 * 1024, c + ": omem " + max + " above the limit");
                assertTrue(max >= b.hardLimitBytes / 2, c + ": omem " + max + " never came near the limit " + b.hardLimitBytes);
                assertTrue(o.lost() > 0, c + ": the backlog cut off is lost and counted");
                assertEquals(o.delivered(), o.received() + o.lost());
                assertTrue(o.received() > 0 && o.samples().size() >= 3);
                assertTrue(s < b.maxSeconds, c + ": ended in " + s + " s");
                System.out.printf("%-8s cut off after %.2f s, omem max %,d B of %,d, growth %,.0f B/s, published %,d, delivered %,d, received %,d, lost %,d (%s)%n",
                        c, o.secondsToCutoff(), max, b.hardLimitBytes, o.omemGrowthRate(),
                        o.published(), o.delivered(), o.received(), o.lost(), o.disconnectCause());
                b.endFlood();
            } finally {
                b.close();
            }
        }
    }
}
