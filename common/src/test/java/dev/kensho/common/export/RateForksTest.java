package dev.kensho.common.export;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rate derived from a time row (records/s from ms/op) carries forks whose fork means are the rates of each fork's
 * mean time, so a ratio of two rates is bounded as its two time rows are (paired rounds, the anytime-valid sequence),
 * not from half-widths alone.
 */
class RateForksTest {

    private static Results.Row time(List<double[]> forks, boolean looked) {
        Forks f = new Forks(forks, forks.size(), null, looked);
        return new Results.Row("kinesis-batch", "C", "m", Map.of(), "ss", f.pooledMean(), 1, "ms/op", f.samples(), "jmh", null, f);
    }

    @Test
    void eachForksMeanIsTheRateOfItsMeanTimeAndTheMarksStay() {
        Forks r = Results.rateForks(time(List.of(new double[]{10, 20}, new double[]{40, 40}), true), 1000);
        assertEquals(2, r.count());
        assertEquals(1000 / 0.015, r.forkMean(0), 1e-6, "1,000 records in a mean of 15 ms");
        assertEquals(1000 / 0.040, r.forkMean(1), 1e-6);
        assertEquals(2, r.rounds());
        assertTrue(r.looked());
        // within a fork the faster iteration is the higher rate
        assertTrue(r.iterations().get(0)[0] > r.iterations().get(0)[1]);
    }

    @Test
    void perRoundRatiosOfRatesAreTheReciprocalsOfTheTimeRows() {
        Results.Row a = time(List.of(new double[]{10, 12}, new double[]{11, 30}, new double[]{9, 9}), true);
        Results.Row b = time(List.of(new double[]{100, 140}, new double[]{90, 95}, new double[]{200, 150}), true);
        Forks ra = Results.rateForks(a, 500);
        Forks rb = Results.rateForks(b, 8);
        for (int k = 0; k < 3; k++) {
            double times = a.forks().forkMean(k) / b.forks().forkMean(k);
            assertEquals(500.0 / 8 / times, ra.forkMean(k) / rb.forkMean(k), 1e-9 * ra.forkMean(k) / rb.forkMean(k));
        }
    }

    @Test
    void noForksOrATimeNotAboveZeroGiveNone() {
        assertNull(Results.rateForks(new Results.Row("e", "C", "m", Map.of(), "ss", 1, 0.1, "ms/op", 1, "jmh"), 10));
        assertNull(Results.rateForks(time(List.of(new double[]{10, 0}), false), 10));
        assertNull(Results.rateForks(new Results.Row("e", "C", "m", Map.of(), "thrpt", 5, 1, "ops/s", 2, "jmh", null,
                new Forks(List.of(new double[]{5, 5}), 0)), 10), "a throughput row has no time to turn into a rate");
    }
}
