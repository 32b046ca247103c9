package dev.kensho.report.cost;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The interval rules of a cost from measured numbers, each against a known answer. */
class EstimateTest {

    @Test
    void aPriceOverAMeasuredRateTakesTheEndsSwapped() {
        Estimate rate = Estimate.of(100, 50, "JMH"); // [50, 150]: ±50%
        Estimate cost = rate.into(300);
        assertEquals(3, cost.value(), 1e-12);
        assertEquals(2, cost.low(), 1e-12, "price ÷ high");
        assertEquals(6, cost.high(), 1e-12, "price ÷ low: longer above than below");
    }

    @Test
    void aRateWhoseIntervalReachesZeroGivesAnUnboundedCost() {
        Estimate cost = Estimate.of(10, 12, "JMH").into(1);
        assertTrue(Double.isInfinite(cost.high()));
        assertTrue(cost.shown().contains("unbounded"), cost.shown());
        assertEquals("1 … unbounded", cost.wholeUnits());
    }

    @Test
    void aNumberTheSuiteSetsScalesTheEnds() {
        Estimate e = Estimate.of(2, 0.5, "Student t").times(1000);
        assertEquals(1500, e.low(), 1e-9);
        assertEquals(2500, e.high(), 1e-9);
    }

    @Test
    void twoSidesWithinTenPercentUseDelta() {
        Estimate r = Estimate.of(100, 6, "JMH").over(Estimate.of(2, 0.16, "JMH")); // 6% and 8%
        assertEquals(Estimate.DELTA, r.method());
        assertEquals(50, r.value(), 1e-12);
        assertEquals(5.0, r.high() - 50, 1e-9, "by hand: √(6² + 8²)% = 10% of 50");
    }

    @Test
    void aWideSideUsesTheIntervalEnds() {
        Estimate r = Estimate.of(100, 30, "JMH").over(Estimate.of(2, 0.1, "JMH")); // 30% and 5%
        assertEquals(Estimate.ENDS, r.method());
        assertEquals(70 / 2.1, r.low(), 1e-9);
        assertEquals(130 / 1.9, r.high(), 1e-9);
        Estimate p = Estimate.of(10, 4, "JMH").times(Estimate.of(3, 0.1, "JMH"));
        assertEquals(Estimate.ENDS, p.method());
        assertEquals(6 * 2.9, p.low(), 1e-9);
        assertEquals(14 * 3.1, p.high(), 1e-9);
        Estimate d = Estimate.of(10, 0.5, "JMH").times(Estimate.of(3, 0.15, "JMH"));
        assertEquals(Estimate.DELTA, d.method());
        assertEquals(2.1213203, d.high() - 30, 1e-7, "by hand: 30 × √(0.05² + 0.05²)");
    }

    @Test
    void oneSampleHasNoInterval() {
        Estimate e = Estimate.of(5, Double.NaN, "JMH");
        assertFalse(e.hasInterval());
        assertFalse(e.over(Estimate.of(1, 0.01, "JMH")).hasInterval());
        assertTrue(e.shown().contains("one sample: no interval"));
        assertEquals("3", Estimate.of(2.2, 0.1, "JMH").wholeUnits(), "2.1 … 2.3 nodes: 3 either way");
        assertEquals("2 … 3", Estimate.of(2, 0.5, "JMH").wholeUnits());
    }
}
