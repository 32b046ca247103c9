package dev.kensho.redis.pubsub;

import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.flow.Flood;
import dev.kensho.redis.pubsub.flow.ServerCuts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity at smoke scale: the paced subscriber's output buffer grows, the server cuts it off at the
 * configured limit (and logs why), the subscriber sees its disconnect, the loss counted from the server's
 * replies and the subscriber's count equals the loss counted from sequence numbers, and the
 * flood ends well inside its time limit — for both subscriber clients.
 */
class PubSubSlowSubscriberBenchmarkTest {

    /** A right account passes; each kind of wrong answer fails with a one-line message naming both sides. */
    @Test
    void theAccountingFailsOnAWrongAnswer() {
        // 1,000 published; the server accepted 0..998 (the last PUBLISH, after the cut, reached nobody);
        // the subscriber read 0..599 with no gap: 399 lost either way
        outcome(999, 999, 600, 600, 0, 0).requireAccounted();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> outcome(999, 999, 650, 600, 0, 0).requireAccounted()); // a received count that disagrees with the gaps
        assertEquals("slow-subscriber accounting: lost 399 by sequence numbers (accepted 0..998, read up to 599, 0 skipped)"
                + " but 349 by counts (delivered 999 - received 650)", e.getMessage());
        assertThrows(IllegalStateException.class, () -> outcome(999, 999, 590, 600, 0, 0).requireAccounted()); // 10 uncounted
        assertThrows(IllegalStateException.class, () -> outcome(1_998, 999, 600, 600, 0, 0).requireAccounted()); // two receivers per reply
        assertThrows(IllegalStateException.class, () -> outcome(999, 999, 600, 1_000, 0, 0).requireAccounted()); // read past the cut
        assertThrows(IllegalStateException.class, () -> outcome(999, 999, 601, 600, 0, 1).requireAccounted()); // a duplicate
        assertThrows(IllegalStateException.class, () -> outcome(999, 999, 999, 999, 0, 0).requireAccounted()); // cut, nothing lost
        outcome(999, 999, 590, 600, 10, 0).requireAccounted(); // gaps inside the stream are lost too, and agree
    }

    @Test
    void theCutMustBeTheServers() {
        ServerCuts.requireServerSawCut(1, true);
        ServerCuts.requireServerSawCut(3, false);
        ServerCuts.requireServerSawCut(-1, true); // no count readable: not checked
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServerCuts.requireServerSawCut(0, true));
        assertEquals("slow-subscriber cut-off: the server counted 0 output-buffer-limit disconnections during the flood,"
                + " expected exactly 1", e.getMessage());
        assertThrows(IllegalStateException.class, () -> ServerCuts.requireServerSawCut(2, true));
        assertThrows(IllegalStateException.class, () -> ServerCuts.requireServerSawCut(0, false));
    }

    private static Flood.Outcome outcome(long delivered, long deliveredThrough, long received, long receivedThrough,
                                         long missing, long outOfOrder) {
        return new Flood.Outcome(true, true, "closed", 1.0, 1_000, delivered, deliveredThrough, received, receivedThrough,
                missing, outOfOrder, List.of(), 1_000);
    }

    @Test
    void slowSubscriberIsCutOffAtTheConfiguredLimit() {
        for (Client c : Client.values()) {
            PubSubSlowSubscriberBenchmark b = new PubSubSlowSubscriberBenchmark();
            b.open(Smoke.apply(b, "floodSlowSubscriber", Map.of("client", c.name())));
            try {
                assertEquals(b.hardLimitBytes, b.limit().hardBytes(), "limit in force");
                b.subscribe();
                long cutsBefore = b.cuts.count();
                Flood.Outcome o = b.floodSlowSubscriber();
                assertTrue(o.cutOff(), c + ": cut off");
                assertTrue(o.subscriberSawDisconnect(), c + ": the subscriber saw its disconnect");
                assertNotNull(o.disconnectCause());
                assertEquals(1, b.cuts.loggedDuringFlood(), c + ": the server logged the output-buffer limit as the cause");
                long max = o.maxOmem();
                assertTrue(max <= b.hardLimitBytes + 64 * 1024, c + ": omem " + max + " above the limit");
                assertTrue(max >= b.hardLimitBytes / 2, c + ": omem " + max + " never came near the limit " + b.hardLimitBytes);
                assertTrue(o.lost() > 0, c + ": the backlog cut off is lost and counted");
                // two accounts of the loss: the server's replies minus the subscriber's count, and the sequence
                // numbers the server accepted that never arrived (tail after the last one read + gaps)
                assertEquals(o.lost(), o.lostBySequence(), c + ": loss by counts vs by sequence numbers");
                assertEquals(0, o.missing(), c + ": the cut drops the tail of the stream, not messages inside it");
                long after = o.published() - o.deliveredThrough();
                assertTrue(after == 0 || after == 1, c + ": at most the last PUBLISH (after the cut) reached nobody: " + after);
                o.requireAccounted();
                assertEquals(1, b.cuts.count() - cutsBefore, c + ": the server counted one output-buffer-limit disconnection");
                assertTrue(o.received() > 0 && o.samples().size() >= 3);
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
