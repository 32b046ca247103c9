package dev.kensho.report.stats;

import dev.kensho.report.Published;
import dev.kensho.common.export.Interval;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every branch of the verdict rules (docs/method.md), on known intervals. */
class VerdictTest {

    private static final Verdict.Conditions TWO_CORES = new Verdict.Conditions(2, 0);

    private static Published claim(double value, double lo, double hi) {
        return claim(Published.Kind.CLAIM, value, lo, hi, 0, 0, false, "");
    }

    private static Published claim(Published.Kind kind, double value, double lo, double hi, int cores, int threads,
                                   boolean cluster, String condition) {
        return new Published("k", kind, "what", value, Double.NaN, "x", "seed.txt", "their box", "C", "m", Map.of(), "r",
                lo, hi, cores, threads, cluster, condition);
    }

    private static Interval ci(double lo, double hi) {
        return new Interval(lo, hi, RatioMethod.FIELLER_LABEL);
    }

    private static String of(Published p, double lo, double hi) {
        return Verdict.of(p, (lo + hi) / 2, ci(lo, hi), TWO_CORES);
    }

    @Test
    void anIntervalWhollyInsideTheClaimsRangeReproducesIt() {
        assertTrue(of(claim(0.53, 0.4, 0.6), 0.45, 0.55).startsWith(Verdict.REPRODUCED), "inside the claim's own range");
        assertTrue(of(claim(Double.NaN, 1, Double.POSITIVE_INFINITY), 1.2, 3).startsWith(Verdict.REPRODUCED),
                "a direction alone: the whole interval above 1");
    }

    /**
     * The fourth look's case: pooled-35b240b's small-message rate ratio [0.912, 2.13] against the claimed 0.5–2 read
     * reproduced because it overlapped the range. It reaches past 2, so it is not inside: not resolved, with what would
     * resolve it. An interval that reaches into a range from outside reads the same.
     */
    @Test
    void anIntervalStraddlingARangesEdgeIsNotResolved() {
        Published flat = claim(Double.NaN, 0.5, 2);
        String v = of(flat, 0.912, 2.13);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 2.00"), v);
        assertTrue(v.contains("; resolve: "), "an open row says what would resolve it: " + v);
        assertTrue(of(claim(1.56, 1.13, 1.56), 1.4, 1.7).startsWith(Verdict.NOT_RESOLVED
                + ": our interval straddles the claim's edge 1.56 (the direction holds)"));
        assertTrue(of(claim(1.56, 1.13, 1.56), 1.2, 1.5).startsWith(Verdict.REPRODUCED), "the same claim, inside");
    }

    @Test
    void anIntervalHoldingOneAndTheClaimIsNotResolved() {
        String v = of(claim(1.48, 1.31, 2.03), 0.9, 2.1);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED + ": our interval holds 1 and the claim (ours 1.50 [0.900, 2.10] vs 1.48,"
                + " range 1.31–2.03); resolve: "), v);
    }

    @Test
    void anIntervalStraddlingOneThatExcludesTheClaimContradictsItsMagnitude() {
        assertTrue(of(claim(2.0, Double.NaN, Double.NaN), 0.95, 1.15)
                .startsWith(Verdict.CONTRADICTED + ": magnitude outside our interval, which holds 1"));
    }

    @Test
    void theOppositeSideOfOneContradictsTheDirection() {
        assertTrue(of(claim(2.0, Double.NaN, Double.NaN), 0.4, 0.6).startsWith(Verdict.CONTRADICTED + ": opposite direction"));
        assertTrue(of(claim(Double.NaN, 1, Double.POSITIVE_INFINITY), 0.4, 0.6)
                .startsWith(Verdict.CONTRADICTED + ": opposite direction"), "a direction alone, 1..Infinity");
    }

    @Test
    void theSameSideButFartherContradictsTheMagnitude() {
        assertTrue(of(claim(2.0, Double.NaN, Double.NaN), 4.5, 5.5).startsWith(Verdict.CONTRADICTED + ": same direction"));
        assertTrue(of(claim(1.56, 1.13, 1.56), 1.7, 1.9).startsWith(Verdict.CONTRADICTED
                + ": same direction, magnitude outside the claim's range"));
    }

    /** A value without a range: no interval lies inside a point, so the direction is what ours can reproduce. */
    @Test
    void aPointClaimHeldByOursOnItsSideOfOneReproducesTheDirection() {
        assertEquals(Verdict.DIRECTION + "; magnitude: the published 2.00 lies within ours (a point, no range stated:"
                + " no interval lies inside a point) (ours 2.10 [1.70, 2.50] vs 2.00)", of(claim(2.0, Double.NaN, Double.NaN), 1.7, 2.5));
    }

    @Test
    void aClaimRangeThatStraddlesOneHasNoDirection() {
        Published flat = claim(0.97, 0.97, 1.23);
        assertTrue(of(flat, 0.98, 1.1).startsWith(Verdict.REPRODUCED), "inside the range, which holds 1 itself");
        assertTrue(of(flat, 0.5, 1.6).startsWith(Verdict.NOT_RESOLVED + ": our interval reaches past the claim's range on both sides"));
        assertTrue(of(flat, 1.4, 1.6).startsWith(Verdict.CONTRADICTED + ": outside the claim's range"));
    }

    /**
     * pooled-35b240b's SINTER ratio, 2.47 [2.01, 3.04] against the write-up's 21.1 measured with redis-cli writing the
     * reply: the condition explains the magnitude, not the direction, which our whole interval reproduces. Our interval
     * on the other side of 1 contradicts the direction whatever the condition.
     */
    @Test
    void aNamedConditionLimitsTheMagnitudeNeverTheDirection() {
        Published sinter = claim(Published.Kind.CLAIM, 21.1, Double.NaN, Double.NaN, 0, 0, false, "redis-cli writing the reply");
        assertEquals(Verdict.DIRECTION + "; magnitude " + Verdict.NOT_REPRODUCIBLE + ": redis-cli writing the reply"
                + " (ours 2.53 [2.01, 3.04] vs 21.10)", of(sinter, 2.01, 3.04));
        assertTrue(of(sinter, 0.3, 0.6).startsWith(Verdict.CONTRADICTED + ": opposite direction"), "the condition does not shield it");
        String open = of(sinter, 0.8, 1.6);
        assertTrue(open.startsWith(Verdict.NOT_RESOLVED + ": our interval holds 1, so the direction is open") && open.contains("; resolve: "), open);
        Published size = claim(Published.Kind.CLAIM, 0.22, Double.NaN, Double.NaN, 0, 0, false, "synthetic readings");
        assertTrue(of(size, 0.140, 0.142).startsWith(Verdict.DIRECTION + "; magnitude " + Verdict.NOT_REPRODUCIBLE
                + ": synthetic readings"), "below 1 as claimed");
        Published shape = claim(Published.Kind.CLAIM, Double.NaN, 0.5, 2, 0, 0, false, "other hardware");
        assertTrue(of(shape, 2.5, 3).startsWith(Verdict.NOT_REPRODUCIBLE + ": other hardware"), "no direction to judge");
        assertTrue(of(claim(Published.Kind.CLAIM, Double.NaN, 0.4, 0.6, 0, 0, false, "synthetic readings"), 0.45, 0.55)
                .startsWith(Verdict.REPRODUCED), "a condition never hides a reproduction");
    }

    @Test
    void aClaimNeedingMoreThreadsAndAClusterIsNotReproducibleHereWithOursAsContext() {
        Published q1 = claim(Published.Kind.CLAIM, 7.0, Double.NaN, Double.NaN, 0, 100, true, "");
        String v = Verdict.of(q1, 1.84, ci(0.94, 2.74), new Verdict.Conditions(2, 16));
        assertEquals(Verdict.NOT_REPRODUCIBLE + ": needs ≥ 100 client threads (ours: 16), a cluster (ours: every server"
                + " on one host) (ours 1.84 [0.940, 2.74] as context vs 7.00)", v);
        assertTrue(Verdict.of(q1, 1.0, ci(0.99, 1.01), new Verdict.Conditions(2, 100)).startsWith(Verdict.NOT_REPRODUCIBLE),
                "enough threads, still no cluster");
    }

    @Test
    void aClaimNeedingMoreCoresIsNotReproducibleHere() {
        Published io = claim(Published.Kind.CLAIM, 1.56, 1.13, 1.56, 4, 0, false, "");
        assertTrue(Verdict.of(io, 0.5, ci(0.4, 0.6), TWO_CORES)
                .startsWith(Verdict.NOT_REPRODUCIBLE + ": needs ≥ 4 cores for the server alone (this machine has 2)"));
        assertTrue(Verdict.of(io, 1.3, ci(1.2, 1.4), new Verdict.Conditions(8, 0)).startsWith(Verdict.REPRODUCED));
        assertTrue(Verdict.of(io, 0.5, ci(0.4, 0.6), TWO_CORES).contains("as context"), "ours shown, not judged");
    }

    /** An interval that misses the claim would contradict it; over two forks that disagree it decides nothing. */
    @Test
    void aBootstrapOverTwoForksThatDisagreeIsNotResolved() {
        Interval few = new Interval(0.665, 0.936, RatioMethod.BOOTSTRAP_LABEL + RatioInterval.FEW_FORKS);
        String v = Verdict.of(claim(1.44, Double.NaN, Double.NaN), 0.811, few, TWO_CORES);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED) && v.contains("2 forks disagree"), v);
        assertTrue(Verdict.of(claim(1.44, Double.NaN, Double.NaN), 0.811, new Interval(0.665, 0.936, RatioMethod.BOOTSTRAP_LABEL),
                TWO_CORES).startsWith(Verdict.CONTRADICTED), "the same interval over enough forks contradicts");
    }

    @Test
    void anUnboundedIntervalIsNotResolved() {
        assertTrue(Verdict.of(claim(2.0, Double.NaN, Double.NaN), 3, Interval.unbounded(RatioMethod.FIELLER_LABEL), TWO_CORES)
                .startsWith(Verdict.NOT_RESOLVED + ": our interval is unbounded (Fieller: the denominator's interval reaches 0)"));
    }

    @Test
    void noIntervalIsNotResolvedAndNoRowIsNotMeasured() {
        assertEquals(Verdict.NOT_RESOLVED + ": no interval (one sample) (ours 2.00 vs 2.00); resolve: two forks or more per side",
                Verdict.of(claim(2.0, Double.NaN, Double.NaN), 2, null, TWO_CORES));
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(claim(2.0, Double.NaN, Double.NaN), Double.NaN, null, TWO_CORES));
    }

    @Test
    void contextFiguresGetNoVerdict() {
        assertEquals(Verdict.CONTEXT, Verdict.of(claim(Published.Kind.CONTEXT, 2.0, Double.NaN, Double.NaN, 0, 0, false, ""),
                2, ci(1.9, 2.1), TWO_CORES));
    }

    @Test
    void aFigureSetByTheSuiteIsNeverReproducedEvenWhenItMatches() {
        Published set = claim(Published.Kind.SET, 124.8, Double.NaN, Double.NaN, 0, 0, false, "");
        assertEquals(Verdict.SET_BY_SUITE, Verdict.of(set, 124.8, ci(124, 125), TWO_CORES));
        assertEquals(Verdict.SET_BY_SUITE, Verdict.of(set, 453, ci(400, 500), TWO_CORES), "nor contradicted");
        assertTrue(Verdict.SET_BY_SUITE.startsWith("set by the suite"));
    }

    @Test
    void theExactIntervalReachesARangeTheDeltaRuleExcluded() {
        // HBase load ratio shape: 0.8 with ±45% on each side, 10 shots each; the claim's range 1.31–2.03
        Published load = claim(1.48, 1.31, 2.03);
        Interval delta = RatioInterval.delta(0.8, 0.36, 1.0, 0.45);
        Interval fieller = RatioInterval.fieller(0.8, 0.36, 10, 1.0, 0.45, 10);
        assertTrue(Verdict.of(load, 0.8, delta, TWO_CORES).startsWith(Verdict.CONTRADICTED), "delta: [0.291, 1.309]");
        assertTrue(fieller.high() > 1.31, fieller.shown());
        assertTrue(Verdict.of(load, 0.8, fieller, TWO_CORES).startsWith(Verdict.NOT_RESOLVED), fieller.shown());
    }
}
