package dev.kensho.report;

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
        return new Interval(lo, hi, RatioInterval.FIELLER);
    }

    private static String of(Published p, double lo, double hi) {
        return Verdict.of(p, (lo + hi) / 2, ci(lo, hi), TWO_CORES);
    }

    @Test
    void anIntervalThatReachesTheClaimAndExcludesOneReproducesIt() {
        assertTrue(of(claim(2.0, Double.NaN, Double.NaN), 1.7, 2.5).startsWith(Verdict.REPRODUCED));
        assertTrue(of(claim(0.53, 0.4, 0.6), 0.3, 0.45).startsWith(Verdict.REPRODUCED), "reaches the claim's own range");
    }

    @Test
    void anIntervalStraddlingOneThatHoldsTheClaimIsNotResolved() {
        assertEquals(Verdict.NOT_RESOLVED + ": our interval holds 1 and the claim (ours 1.50 [0.900, 2.10] vs 2.00)",
                of(claim(2.0, Double.NaN, Double.NaN), 0.9, 2.1));
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
    }

    @Test
    void aClaimRangeThatStraddlesOneHasNoDirection() {
        Published flat = claim(0.97, 0.97, 1.23);
        assertTrue(of(flat, 0.9, 1.1).startsWith(Verdict.REPRODUCED), "inside the range, which holds 1 itself");
        assertTrue(of(flat, 0.5, 1.6).startsWith(Verdict.NOT_RESOLVED + ": our interval reaches past the claim's range on both sides"));
        assertTrue(of(flat, 1.4, 1.6).startsWith(Verdict.CONTRADICTED + ": outside the claim's range"));
    }

    @Test
    void aGapThatANamedConditionExplainsIsNotReproducibleHereNotContradicted() {
        Published size = claim(Published.Kind.CLAIM, 0.22, Double.NaN, Double.NaN, 0, 0, false, "synthetic readings");
        assertEquals(Verdict.NOT_REPRODUCIBLE + ": synthetic readings (ours 0.141 [0.140, 0.142] vs 0.220)",
                of(size, 0.140, 0.142));
        assertTrue(of(size, 0.2, 0.25).startsWith(Verdict.REPRODUCED), "a condition never hides a reproduction");
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
    }

    /** An interval that misses the claim would contradict it; over two forks that disagree it decides nothing. */
    @Test
    void aBootstrapOverTwoForksThatDisagreeIsNotResolved() {
        Interval few = new Interval(0.665, 0.936, RatioInterval.BOOTSTRAP + RatioInterval.FEW_FORKS);
        String v = Verdict.of(claim(1.44, Double.NaN, Double.NaN), 0.811, few, TWO_CORES);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED) && v.contains("2 forks disagree"), v);
        assertTrue(Verdict.of(claim(1.44, Double.NaN, Double.NaN), 0.811, new Interval(0.665, 0.936, RatioInterval.BOOTSTRAP),
                TWO_CORES).startsWith(Verdict.CONTRADICTED), "the same interval over enough forks contradicts");
    }

    @Test
    void anUnboundedIntervalIsNotResolved() {
        assertTrue(Verdict.of(claim(2.0, Double.NaN, Double.NaN), 3, Interval.unbounded(RatioInterval.FIELLER), TWO_CORES)
                .startsWith(Verdict.NOT_RESOLVED + ": our interval is unbounded (Fieller: the denominator's interval reaches 0)"));
    }

    @Test
    void noIntervalIsNotResolvedAndNoRowIsNotMeasured() {
        assertEquals(Verdict.NOT_RESOLVED + ": no interval (one sample)",
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
