package dev.kensho.common.cpu;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verdict from figures: each kind, the thresholds, the limits, and the figures in the sentence. */
class BottleneckTest {

    private static Bottleneck.Cores c(double mean) {
        return new Bottleneck.Cores(mean, 0.02);
    }

    @Test
    void singleThreadedServerAtItsCoreIsServerBound() {
        // 2 cores, Redis uses 0.95 of its 1 core, the client 0.6 of the 1.05 left
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.95), 1, c(0.6), Bottleneck.clientLimit(2, 0.95, true), null);
        assertEquals(Bottleneck.Kind.SERVER, v.kind());
        assertTrue(v.sentence().contains("server 0.95 ± 0.02 of 1.00 core it can use (95%)"), v.sentence());
        assertTrue(v.sentence().contains("client 0.60 ± 0.02 of 1.05 cores left to it (57%)"), v.sentence());
    }

    @Test
    void saturatedClientIsClientBound() {
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.5), 1, c(1.4), Bottleneck.clientLimit(2, 0.5, true), null);
        assertEquals(Bottleneck.Kind.CLIENT, v.kind());
        assertEquals("client-bound", v.kind().label());
    }

    @Test
    void bothSaturatedSaysBoth() {
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.95), 1, c(0.98), Bottleneck.clientLimit(2, 0.95, true), null);
        assertEquals(Bottleneck.Kind.BOTH, v.kind());
    }

    @Test
    void bothWithCpuToSpareIsNeither() {
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.3), 1, c(0.5), Bottleneck.clientLimit(2, 0.3, true), null);
        assertEquals(Bottleneck.Kind.NEITHER, v.kind());
    }

    @Test
    void thresholdIsNinetyPercentOfTheLimit() {
        assertEquals(Bottleneck.Kind.SERVER, Bottleneck.verdict(c(0.9), 1, c(0), 2, null).kind());
        assertEquals(Bottleneck.Kind.NEITHER, Bottleneck.verdict(c(0.89), 1, c(0), 2, null).kind());
        // io-threads 4 on 2 cores: the server can use 2, so 1.5 is not saturated
        double limit = Bottleneck.serverLimit(4, 2);
        assertEquals(2, limit);
        assertEquals(Bottleneck.Kind.NEITHER, Bottleneck.verdict(c(1.5), limit, c(0.1), 0.5 + 0, null).kind());
        assertEquals(Bottleneck.Kind.SERVER, Bottleneck.verdict(c(1.85), limit, c(0.1), 0.15 + 1, null).kind());
    }

    @Test
    void aRemoteServerLeavesTheClientEveryCore() {
        assertEquals(2, Bottleneck.clientLimit(2, 0.9, false));
        assertEquals(1.1, Bottleneck.clientLimit(2, 0.9, true), 1e-9);
        assertEquals(0, Bottleneck.clientLimit(2, 2.5, true));
        assertEquals(1, Bottleneck.serverLimit(0, 2));
    }

    @Test
    void aSaturatedClientThreadIsClientBoundWithCoresToSpare() {
        // a single-threaded publisher: its thread at 0.95 of a core, one of two cores idle
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.08), 1, c(0.96), 1.92, c(0.95));
        assertEquals(Bottleneck.Kind.CLIENT, v.kind());
        assertTrue(v.sentence().endsWith("its busiest thread 0.95 ± 0.02 of one core (95%)"), v.sentence());
        assertEquals(Bottleneck.Kind.NEITHER, Bottleneck.verdict(c(0.08), 1, c(0.96), 1.92, c(0.5)).kind());
    }

    @Test
    void otherProcessesFillingTheMachineMakeItBusy() {
        // 2 processors: server 0.3, client 0.5, others 1.1 → 1.9 of 2 used, 55% by others
        Bottleneck.Verdict v = Bottleneck.verdict(c(0.3), 1, c(0.5), 1.7, c(0.2), c(1.1), 2);
        assertEquals(Bottleneck.Kind.BUSY, v.kind());
        assertTrue(v.sentence().endsWith("other processes 1.10 ± 0.02 of the machine's 2.00 (55%)"), v.sentence());
        // an idle machine leaves the verdict alone, and a saturated side still wins
        assertEquals(Bottleneck.Kind.NEITHER, Bottleneck.verdict(c(0.3), 1, c(0.5), 1.7, c(0.2), c(0.1), 2).kind());
        assertEquals(Bottleneck.Kind.SERVER, Bottleneck.verdict(c(0.95), 1, c(0.1), 1.05, c(0.1), c(0.9), 2).kind());
    }

    @Test
    void unmeasuredServerIsUnknownUnlessTheClientIsSaturated() {
        Bottleneck.Verdict v = Bottleneck.verdict(null, Double.NaN, c(0.5), 2, null);
        assertEquals(Bottleneck.Kind.UNKNOWN, v.kind());
        assertTrue(v.sentence().contains("server CPU not measured"), v.sentence());
        assertEquals(Bottleneck.Kind.CLIENT, Bottleneck.verdict(null, Double.NaN, c(1.9), 2, null).kind());
    }

    @Test
    void oneSampleHasNoInterval() {
        Bottleneck.Verdict v = Bottleneck.verdict(new Bottleneck.Cores(0.5, Double.NaN), 1, new Bottleneck.Cores(0.2, Double.NaN), 1.5, null);
        assertTrue(v.sentence().startsWith("server 0.50 of 1.00 core"), v.sentence());
    }
}
