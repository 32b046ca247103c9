package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;
import dev.kensho.report.Published;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdict rules as docs/method.md words them (Verdicts), as a table of cases written from those words — not from
 * the code's branches: each row is a claim's range and rule, a condition's reach (or none), our interval, and the
 * verdict the written rule gives. The cases the reference ledgers of pooled-64f6a98 misjudged are among them.
 */
class VerdictTest {

    private static final Verdict.Conditions TWO_CORES = new Verdict.Conditions(2, 0);
    private static final double NONE = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    /**
     * One case: the published value, the range it is judged on and its rule, the condition's bound (NaN: no
     * condition), our interval, and how the verdict must start.
     */
    record Case(String name, double published, double low, double high, Range.Rule rule, double conditionBound,
                double ours, double oursLow, double oursHigh, String verdict) {

        @Override
        public String toString() {
            return name;
        }
    }

    private static final String DIRECTION_ONLY = Verdict.DIRECTION + "; magnitude " + Verdict.NOT_REPRODUCIBLE;

    static List<Case> table() {
        return List.of(
                // inside the range: reproduced
                new Case("inside a write-up range", 1.56, 1.13, 1.56, Range.Rule.WRITE_UP, NONE, 1.3, 1.2, 1.4, Verdict.REPRODUCED),
                new Case("a direction alone, wholly above 1", NONE, 1, INF, Range.Rule.DIRECTION, NONE, 2, 1.2, 3, Verdict.REPRODUCED),
                new Case("below 1, wholly", NONE, 0, 1, Range.Rule.WRITE_UP, NONE, 0.992, 0.991, 0.993, Verdict.REPRODUCED),
                new Case("'47× or more', wholly above 47", 47, 47, INF, Range.Rule.AT_LEAST, NONE, 55, 50, 60, Verdict.REPRODUCED),
                new Case("a range holding 1, inside it", 1, 0.5, 2, Range.Rule.RATIO_X2, NONE, 0.925, 0.644, 1.33, Verdict.REPRODUCED),
                new Case("a condition never hides a reproduction", 0.53, 0.265, 1, Range.Rule.RATIO_X2, 0, 0.299, 0.298, 0.300,
                        Verdict.REPRODUCED),
                // straddles an edge of the range: not resolved, with its remedy — whatever the condition
                new Case("load GZ 1.19 [1.03, 1.37] vs +44% (1.22–1.88)", 1.44, 1.22, 1.88, Range.Rule.CHANGE_X2, NONE,
                        1.19, 1.03, 1.37, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 1.22 (the direction holds)"),
                new Case("scan DIFF + GZ 0.977 [0.820, 1.16] vs +17% (1.085–1.34)", 1.17, 1.085, 1.34, Range.Rule.CHANGE_X2, NONE,
                        0.977, 0.820, 1.16, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 1.085 and holds 1"),
                new Case("SUNION 1.71 [1.46, 2.01] vs 3.34× (1.67–6.68), under a condition", 3.34, 1.67, 6.68, Range.Rule.RATIO_X2, 1,
                        1.71, 1.46, 2.01, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 1.67"),
                new Case("load CPU GZ 1.27 [1.08, 1.48] holds 1.44 (1.22–1.88), under a condition", 1.44, 1.22, 1.88,
                        Range.Rule.CHANGE_X2, 1, 1.27, 1.08, 1.48, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 1.22"),
                new Case("the small-message rate [0.912, 2.13] against 0.5–2 reaches past 2", 1, 0.5, 2, Range.Rule.RATIO_X2, NONE,
                        1.3, 0.912, 2.13, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 2.00"),
                new Case("Scan ÷ Get 43.6 [37.4, 51.1] against '47× or more'", 47, 47, INF, Range.Rule.AT_LEAST, NONE,
                        43.55, 37.37, 51.10, Verdict.NOT_RESOLVED + ": our interval straddles the claim's edge 47.00"),
                new Case("scan DIFF [0.891, 1.27] reaches past −1.5% … −6% on both sides", 0.97, 0.94, 0.985, Range.Rule.CHANGE_X2, NONE,
                        1.06, 0.891, 1.27, Verdict.NOT_RESOLVED + ": our interval reaches past the claim's range on both sides"),
                new Case("a direction alone, holding 1", NONE, 1, INF, Range.Rule.DIRECTION, NONE, 1.1, 0.9, 1.3,
                        Verdict.NOT_RESOLVED + ": our interval holds 1, so the direction is open"),
                // wholly outside the range
                new Case("load DIFF 1.06 [0.913, 1.22] vs +48% (1.24–1.96): holds 1, excludes the range", 1.48, 1.24, 1.96,
                        Range.Rule.CHANGE_X2, NONE, 1.06, 0.913, 1.22,
                        Verdict.CONTRADICTED + ": magnitude outside our interval, which holds 1"),
                new Case("load DIFF + GZ 1.10 [0.948, 1.27] vs +63% (1.315–2.26)", 1.63, 1.315, 2.26, Range.Rule.CHANGE_X2, NONE,
                        1.10, 0.948, 1.27, Verdict.CONTRADICTED + ": magnitude outside our interval, which holds 1"),
                new Case("holds 1 and excludes the range, a condition reaching to 1: the direction is the open edge", 1.48, 1.24,
                        1.96, Range.Rule.CHANGE_X2, 1, 1.06, 0.913, 1.22,
                        Verdict.NOT_RESOLVED + ": our interval straddles the reach of its condition (1.00) and holds 1"),
                new Case("SDIFF 2.55 [0.330, 17.67] vs 50.6× (25.3–101.2), a condition reaching down to 1", 50.6, 25.3, 101.2,
                        Range.Rule.RATIO_X2, 1, 2.55, 0.330, 17.67,
                        Verdict.NOT_RESOLVED + ": our interval straddles the reach of its condition (1.00) and holds 1"),
                new Case("holds 1 and excludes the range, a condition that stops short of 1", 1.48, 1.24, 1.96,
                        Range.Rule.CHANGE_X2, 1.15, 1.06, 0.913, 1.10, Verdict.CONTRADICTED + ": magnitude outside our interval, which holds 1"),
                new Case("the claimed side, below the range, no condition", 1.44, 1.22, 1.88, Range.Rule.CHANGE_X2, NONE,
                        1.1, 1.05, 1.15, Verdict.CONTRADICTED + ": same direction, magnitude outside the claim's range"),
                new Case("the claimed side, above the range, no condition", 1.56, 1.13, 1.56, Range.Rule.WRITE_UP, NONE,
                        1.8, 1.7, 1.9, Verdict.CONTRADICTED + ": same direction, magnitude outside the claim's range"),
                new Case("SDIFF 1.82 [1.55, 2.14] vs 50.6× (25.3–101.2), a condition reaching down to 1", 50.6, 25.3, 101.2,
                        Range.Rule.RATIO_X2, 1, 1.82, 1.55, 2.14, DIRECTION_ONLY),
                new Case("size DIFF + GZ 0.0915 [0.0914, 0.0916] vs 19% (0.095–0.38), synthetic readings reaching to 0", 0.19,
                        0.095, 0.38, Range.Rule.RATIO_X2, 0, 0.0915, 0.0914, 0.0916, DIRECTION_ONLY),
                new Case("a condition whose reach lies inside ours", 50.6, 25.3, 101.2, Range.Rule.RATIO_X2, 2,
                        1.82, 1.55, 2.14, Verdict.NOT_RESOLVED + ": our interval straddles the reach of its condition (2.00)"),
                new Case("a condition that reaches only part of the gap", 50.6, 25.3, 101.2, Range.Rule.RATIO_X2, 3,
                        1.82, 1.55, 2.14, Verdict.CONTRADICTED + ": same direction, magnitude outside the claim's range, farther than"
                                + " its condition explains"),
                new Case("a condition that explains ours below the range, ours above it", 0.19, 0.095, 0.38, Range.Rule.RATIO_X2, 0,
                        0.6, 0.55, 0.65, Verdict.CONTRADICTED + ": same direction, magnitude outside the claim's range"),
                new Case("no direction (a range holding 1), wholly outside, a condition named", 1, 0.5, 2, Range.Rule.RATIO_X2, 10,
                        2.7, 2.5, 3, Verdict.CONTRADICTED + ": outside the claim's range"),
                // the other side of 1: contradicted, whatever the condition
                new Case("the other side of 1", 1.44, 1.22, 1.88, Range.Rule.CHANGE_X2, NONE, 0.8, 0.665, 0.936,
                        Verdict.CONTRADICTED + ": opposite direction"),
                new Case("the other side of 1, a condition reaching to 1", 21.1, 10.55, 42.2, Range.Rule.RATIO_X2, 1, 0.45, 0.3, 0.6,
                        Verdict.CONTRADICTED + ": opposite direction"),
                new Case("a direction alone, the other side", NONE, 1, INF, Range.Rule.DIRECTION, NONE, 0.5, 0.4, 0.6,
                        Verdict.CONTRADICTED + ": opposite direction"),
                new Case("an order (below 1), the other side", NONE, 0, 1, Range.Rule.WRITE_UP, NONE, 1.003, 1.002, 1.004,
                        Verdict.CONTRADICTED + ": opposite direction"));
    }

    static Published claim(Case c) {
        return claim(c.published(), new Range(c.low(), c.high(), c.rule()), c.conditionBound());
    }

    static Published claim(double value, Range range, double conditionBound) {
        boolean condition = !Double.isNaN(conditionBound);
        return new Published("k", Published.Kind.CLAIM, "what", value, Double.NaN, "x", "seed.txt", "their box", "C", "m",
                Map.of(), "r", range, 0, 0, false, condition ? "a condition that differs here" : "", conditionBound, false, "", "");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void theWrittenRuleGivesTheVerdict(Case c) {
        String v = Verdict.of(claim(c), c.ours(), new Interval(c.oursLow(), c.oursHigh(), RatioMethod.FIELLER_LABEL), TWO_CORES);
        assertTrue(v.startsWith(c.verdict()), c.name() + ": " + v);
    }

    /** The ranges of the table's rows are the ones their rules give, as published.csv states them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void eachCasesRangeIsTheOneItsRuleGives(Case c) {
        Range r = Range.of(c.rule(), c.published(), c.low(), c.high());
        assertTrue(r.sameEnds(c.low(), c.high()), c.name() + ": " + r.shown());
    }

    @Test
    void theRulesGiveTheirRanges() {
        assertEquals(new Range(1.24, 1.96, Range.Rule.CHANGE_X2).shown(), Range.of(Range.Rule.CHANGE_X2, 1.48, NONE, NONE).shown());
        Range minus3 = Range.of(Range.Rule.CHANGE_X2, 0.97, NONE, NONE);
        assertEquals(0.94, minus3.low(), 1e-12);
        assertEquals(0.985, minus3.high(), 1e-12);
        assertTrue(Range.of(Range.Rule.RATIO_X2, 0.53, NONE, NONE).sameEnds(0.265, 1), "a ratio below 1 keeps its side");
        assertTrue(Range.of(Range.Rule.RATIO_X2, 1.5, NONE, NONE).sameEnds(1, 3), "a ratio above 1 keeps its side");
        assertTrue(Range.of(Range.Rule.RATIO_X2, 1, NONE, NONE).sameEnds(0.5, 2), "'about the same'");
        assertTrue(Range.of(Range.Rule.AT_LEAST, 47, NONE, NONE).sameEnds(47, INF));
        assertEquals("≥ 47.00 (at-least)", Range.of(Range.Rule.AT_LEAST, 47, NONE, NONE).shown());
        assertEquals("above 1 (direction)", Range.of(Range.Rule.DIRECTION, NONE, 1, INF).shown());
        assertThrows(() -> Range.of(Range.Rule.DIRECTION, NONE, 0.5, 2), "a direction is one side of 1");
        assertThrows(() -> Range.of(Range.Rule.CHANGE_X2, 1, NONE, NONE), "no change to read");
        assertThrows(() -> Range.of(Range.Rule.WRITE_UP, 1.5, NONE, NONE), "a write-up range is written out");
        assertTrue(!Range.of(Range.Rule.CHANGE_X2, 1.48, NONE, NONE).sameEnds(0.97, 1.23), "another claim's cells are not its range");
    }

    private static void assertThrows(Runnable r, String why) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, r::run, why);
    }

    /** The range a verdict was judged on is in its numbers, with its rule. */
    @Test
    void theVerdictNamesTheRangeItWasJudgedOn() {
        Case load = table().stream().filter(c -> c.name().startsWith("load DIFF 1.06")).findFirst().orElseThrow();
        String v = Verdict.of(claim(load), 1.06, new Interval(0.913, 1.22, "t"), TWO_CORES);
        assertTrue(v.endsWith("(ours 1.06 [0.913, 1.22] vs 1.48 x; range 1.24–1.96 (change×2))"), v);
        String open = Verdict.of(claim(table().get(6)), 1.19, new Interval(1.03, 1.37, "t"), TWO_CORES);
        assertTrue(open.contains("; resolve: "), "an open row says what would resolve it: " + open);
    }

    /** One claim about every case of ours reads the weakest of the cases' verdicts, naming the case that decides. */
    @Test
    void aClaimOverEveryCaseReadsItsWeakestCase() {
        Published every = claim(NONE, new Range(1.31, 2.03, Range.Rule.WRITE_UP), NONE);
        Verdict.Case diff = new Verdict.Case("DIFF", 1.06, new Interval(0.913, 1.22, "t"), TWO_CORES);
        Verdict.Case gz = new Verdict.Case("GZ", 1.19, new Interval(1.03, 1.37, "t"), TWO_CORES);
        Verdict.Case inside = new Verdict.Case("X", 1.5, new Interval(1.4, 1.6, "t"), TWO_CORES);
        String v = Verdict.every(every, List.of(gz, diff, inside));
        assertTrue(v.startsWith(Verdict.CONTRADICTED + " in DIFF (1 of 3 cases contradicted, 1 not resolved here, 1 reproduced)"), v);
        assertTrue(Verdict.every(every, List.of(gz, inside)).startsWith(Verdict.NOT_RESOLVED + " in GZ"));
        assertTrue(Verdict.every(every, List.of(inside, inside)).startsWith(Verdict.REPRODUCED + " in every one of 2 cases"));
        assertEquals(Verdict.NOT_MEASURED, Verdict.every(every, List.of()));
    }

    @Test
    void aClaimNeedingMoreThreadsAndAClusterIsNotReproducibleHereWithOursAsContext() {
        Published q1 = new Published("k", Published.Kind.CLAIM, "what", 7.0, Double.NaN, "x", "seed.txt", "their box", "C", "m",
                Map.of(), "r", new Range(7, INF, Range.Rule.WRITE_UP), 0, 100, true, "", NONE, false, "", "");
        String v = Verdict.of(q1, 1.84, new Interval(0.94, 2.74, "Fieller"), new Verdict.Conditions(2, 16));
        assertEquals(Verdict.NOT_REPRODUCIBLE + ": needs ≥ 100 client threads (ours: 16), a cluster (ours: every server"
                + " on one host) (ours 1.84 [0.940, 2.74] as context vs 7.00 x; range ≥ 7.00 (write-up))", v);
        assertTrue(Verdict.of(q1, 1.0, new Interval(0.99, 1.01, "t"), new Verdict.Conditions(2, 100)).startsWith(Verdict.NOT_REPRODUCIBLE),
                "enough threads, still no cluster");
        Published settled = new Published("k", Published.Kind.CLAIM, "what", 7.0, Double.NaN, "x", "seed.txt", "their box", "C",
                "m", Map.of(), "r", new Range(7, INF, Range.Rule.WRITE_UP), 0, 100, true, "", NONE, false, "", "shard it over N clients");
        assertTrue(Verdict.of(settled, 1.84, new Interval(0.94, 2.74, "Fieller"), new Verdict.Conditions(2, 16))
                .endsWith("; settle: shard it over N clients"), "an out-of-reach row ends with the run that would settle it");
    }

    @Test
    void aClaimNeedingMoreCoresIsNotReproducibleHere() {
        Published io = new Published("k", Published.Kind.CLAIM, "what", 1.56, Double.NaN, "x", "seed.txt", "their box", "C", "m",
                Map.of(), "r", new Range(1.13, 1.56, Range.Rule.WRITE_UP), 4, 0, false, "", NONE, false, "", "");
        assertTrue(Verdict.of(io, 0.5, new Interval(0.4, 0.6, "t"), TWO_CORES)
                .startsWith(Verdict.NOT_REPRODUCIBLE + ": needs ≥ 4 cores for the server alone (this machine has 2)"));
        assertTrue(Verdict.of(io, 1.3, new Interval(1.2, 1.4, "t"), new Verdict.Conditions(8, 0)).startsWith(Verdict.REPRODUCED));
    }

    /** An interval that misses the claim would contradict it; over two forks that disagree it decides nothing. */
    @Test
    void aBootstrapOverTwoForksThatDisagreeIsNotResolved() {
        Published load = claim(1.44, Range.of(Range.Rule.CHANGE_X2, 1.44, NONE, NONE), NONE);
        Interval few = new Interval(0.665, 0.936, RatioMethod.BOOTSTRAP_LABEL + RatioInterval.FEW_FORKS);
        String v = Verdict.of(load, 0.811, few, TWO_CORES);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED) && v.contains("2 forks disagree"), v);
        assertTrue(Verdict.of(load, 0.811, new Interval(0.665, 0.936, RatioMethod.BOOTSTRAP_LABEL), TWO_CORES)
                .startsWith(Verdict.CONTRADICTED), "the same interval over enough forks contradicts");
    }

    @Test
    void anUnboundedIntervalIsNotResolved() {
        assertTrue(Verdict.of(claim(2.0, Range.of(Range.Rule.RATIO_X2, 2, NONE, NONE), NONE), 3,
                Interval.unbounded(RatioMethod.FIELLER_LABEL), TWO_CORES)
                .startsWith(Verdict.NOT_RESOLVED + ": our interval is unbounded (Fieller: the denominator's interval reaches 0)"));
    }

    /**
     * A looked pair before the sequence's first bounded round: unbounded because it is valid however often the run
     * looks, not because a denominator reaches 0, and more rounds (not forks of a denominator) resolve it.
     */
    @Test
    void anAnytimeIntervalBeforeItsFirstBoundedRoundSaysSoAndHowManyRoundsAreLeft() {
        Published load = claim(2.0, Range.of(Range.Rule.RATIO_X2, 2, NONE, NONE), NONE);
        Interval three = ConfidenceSequence.REPORT.ofLogRatios(new double[]{0.69, 0.70, 0.71});
        String v = Verdict.of(load, 2.0, three, TWO_CORES);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED + ": our interval is unbounded (anytime-valid, 3 paired rounds: valid"
                + " however often the run looks, it holds every value until round 5)"), v);
        assertTrue(v.endsWith("; resolve: 2 more rounds per side at least (the sequence is bounded from round 5 on)"), v);
        assertTrue(!v.contains("denominator") && !v.contains("forks"), v);
        String one = Verdict.of(load, 2.0, ConfidenceSequence.REPORT.ofLogRatios(new double[]{0.69}), TWO_CORES);
        assertTrue(one.contains("anytime-valid, 1 paired rounds") && one.contains("4 more rounds"), one);
        String zero = Verdict.of(load, 2.0, ConfidenceSequence.REPORT.ofLogRatios(
                new double[]{0.69, 0.7, Double.NEGATIVE_INFINITY, 0.7, 0.71}), TWO_CORES);
        assertTrue(zero.contains("a round's ratio is not a positive number") && zero.endsWith(
                "resolve: rounds whose ratio is a positive number on both sides"), zero);
    }

    /** A bare point is never judged: without a range, ours is shown and the claim left open. */
    @Test
    void aClaimWithoutARangeIsNeverJudged() {
        String v = Verdict.of(claim(2.0, null, NONE), 2.0, new Interval(1.9, 2.1, "t"), TWO_CORES);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED + ": the claim states no range"), v);
    }

    @Test
    void noIntervalIsNotResolvedAndNoRowIsNotMeasured() {
        Published p = claim(2.0, Range.of(Range.Rule.RATIO_X2, 2, NONE, NONE), NONE);
        assertEquals(Verdict.NOT_RESOLVED + ": no interval (one sample) (ours 2.00 vs 2.00 x; range 1.00–4.00 (ratio×2));"
                + " resolve: two forks or more per side", Verdict.of(p, 2, null, TWO_CORES));
        assertEquals(Verdict.NOT_MEASURED, Verdict.of(p, Double.NaN, null, TWO_CORES));
        Published far = new Published("k", Published.Kind.CLAIM, "what", 1, Double.NaN, "x", "seed.txt", "their box", "C", "m",
                Map.of(), "r", new Range(0.5, 2, Range.Rule.RATIO_X2), 0, 0, false, "", NONE, false, "", "-p meters=1000000");
        assertEquals(Verdict.NOT_MEASURED + ": -p meters=1000000", Verdict.notMeasured(far), "what would measure it");
    }

    @Test
    void contextFiguresGetNoVerdict() {
        Published c = new Published("k", Published.Kind.CONTEXT, "what", 2.0, "x", "C", "m", Map.of(), "r", null);
        assertEquals(Verdict.CONTEXT, Verdict.of(c, 2, new Interval(1.9, 2.1, "t"), TWO_CORES));
    }

    @Test
    void aFigureSetByTheSuiteIsNeverReproducedEvenWhenItMatches() {
        Published set = new Published("k", Published.Kind.SET, "what", 124.8, "x", "C", "m", Map.of(), "r", null);
        assertEquals(Verdict.SET_BY_SUITE, Verdict.of(set, 124.8, new Interval(124, 125, "t"), TWO_CORES));
        assertEquals(Verdict.SET_BY_SUITE, Verdict.of(set, 453, new Interval(400, 500, "t"), TWO_CORES), "nor contradicted");
    }

    /** A check is judged like a claim (the ledger counts it apart). */
    @Test
    void aCheckIsJudgedByTheSameRule() {
        Published check = new Published("k", Published.Kind.CHECK, "what", NONE, "x", "C", "m", Map.of(), "r",
                new Range(1, INF, Range.Rule.DIRECTION));
        assertTrue(Verdict.of(check, 3, new Interval(2.5, 3.5, "t"), TWO_CORES).startsWith(Verdict.REPRODUCED));
        assertTrue(Verdict.of(check, 0.5, new Interval(0.4, 0.6, "t"), TWO_CORES).startsWith(Verdict.CONTRADICTED));
    }

    @Test
    void theExactIntervalReachesARangeTheDeltaRuleExcluded() {
        // HBase load ratio shape: 0.8 with ±45% on each side, 10 shots each; the claim's range 1.31–2.03
        Published load = claim(NONE, new Range(1.31, 2.03, Range.Rule.WRITE_UP), NONE);
        Interval delta = RatioInterval.delta(0.8, 0.36, 1.0, 0.45);
        Interval fieller = RatioInterval.fieller(0.8, 0.36, 10, 1.0, 0.45, 10);
        assertTrue(Verdict.of(load, 0.8, delta, TWO_CORES).startsWith(Verdict.CONTRADICTED), "delta: [0.291, 1.309]");
        assertTrue(fieller.high() > 1.31, fieller.shown());
        assertTrue(Verdict.of(load, 0.8, fieller, TWO_CORES).startsWith(Verdict.NOT_RESOLVED), fieller.shown());
    }
}
