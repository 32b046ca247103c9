package dev.kensho.report.stats;

import dev.kensho.report.Published;
import dev.kensho.common.export.ForkSpread;
import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Known answers of the four interval methods and the choice between them. */
class RatioIntervalTest {

    private static Results.Row row(double score, double error, int n) {
        return new Results.Row("x-y", "C", "m", Map.of(), "thrpt", score, error, "ops/s", n, "jmh");
    }

    /**
     * By hand: ±5% on each side, relative errors in quadrature √(0.05² + 0.05²) = 7.0711%, of 2 is 0.141421. A second
     * method agrees at this width: Fieller's exact interval from the same sides lies within 0.5% of it.
     */
    @Test
    void narrowSidesUseTheDeltaRule() {
        Interval i = RatioInterval.of(row(200, 10, 10), row(100, 5, 10));
        assertEquals(RatioMethod.DELTA_LABEL, i.method());
        assertEquals(1.858579, i.low(), 1e-6);
        assertEquals(2.141421, i.high(), 1e-6);
        Interval exact = RatioInterval.fieller(200, 10, 10, 100, 5, 10);
        assertEquals(exact.low(), i.low(), 0.005 * 2);
        assertEquals(exact.high(), i.high(), 0.005 * 2);
    }

    @Test
    void wideSidesUseFiellersIntervalWhichIsSkewedUpward() {
        // 0.8 ± 45% over 1 ± 45%, equal samples: t·se is the half-width itself, g = 0.45² = 0.2025,
        // spread = sqrt(0.36²·0.7975 + 0.8²·0.45²) = 0.48266; ends (0.8 ∓ 0.48266) / 0.7975
        Interval i = RatioInterval.of(row(0.8, 0.36, 10), row(1.0, 0.45, 10));
        assertEquals(RatioMethod.FIELLER_LABEL, i.method());
        assertEquals(0.39792, i.low(), 1e-4);
        assertEquals(1.60835, i.high(), 1e-4);
        assertTrue(i.high() - 0.8 > 0.8 - i.low(), "longer above the ratio than below");
    }

    @Test
    void aDenominatorWhoseIntervalReachesZeroGivesAnUnboundedInterval() {
        Interval i = RatioInterval.fieller(1.0, 0.2, 5, 0.5, 0.6, 5);
        assertTrue(i.isUnbounded());
        assertEquals("unbounded (Fieller: the denominator's interval reaches 0)", i.shown());
        assertEquals("not resolved: unbounded interval (the denominator's reaches 0)",
                Ratios.reading(Ratios.ratio("r", row(1.0, 0.2, 5), row(0.5, 0.6, 5))));
    }

    @Test
    void aRatioWhoseIntervalStraddlesOneReadsNotResolved() {
        Results.Row r = Ratios.ratio("r", row(1.1, 0.5, 10), row(1.0, 0.4, 10));
        assertTrue(r.interval().contains(1), r.interval().shown());
        assertEquals("not resolved at this noise", Ratios.reading(r));
        assertEquals(Math.max(r.interval().high() - 1.1, 1.1 - r.interval().low()), r.error(), 1e-12,
                "the row's error covers the whole interval");
    }

    @Test
    void aSideWithoutAnIntervalGivesNone() {
        assertEquals(null, RatioInterval.of(row(1, Double.NaN, 1), row(1, 0.1, 5)));
    }

    @Test
    void theBootstrapResamplesForksThenIterationsAndIsReproducible() {
        List<double[]> num = List.of(new double[]{20, 21, 19, 20}, new double[]{22, 23, 21, 22}, new double[]{18, 19, 17, 18});
        List<double[]> den = List.of(new double[]{10, 10.5, 9.5, 10}, new double[]{10, 11, 9, 10}, new double[]{10, 10, 10, 10});
        Interval a = RatioInterval.bootstrap(num, den);
        assertEquals(RatioMethod.BOOTSTRAP_LABEL, a.method());
        assertTrue(a.contains(2.0) && a.low() < 1.9 && a.high() > 2.1, a.shown());
        assertEquals(a, RatioInterval.bootstrap(num, den), "fixed seed: the same interval every time");
    }

    @Test
    void oneForkIsBootstrappedOverItsIterationsOnlyAndSaysSo() {
        Interval i = RatioInterval.bootstrap(List.of(new double[]{20, 21, 19, 20, 22, 18}),
                List.of(new double[]{10, 10.5, 9.5, 10, 11, 9}));
        assertEquals(RatioMethod.BOOTSTRAP_ONE_FORK_LABEL, i.method());
        assertTrue(i.contains(2.0) && i.low() > 1.5 && i.high() < 2.5, i.shown());
        assertTrue(i.shown().endsWith("bootstrap (iterations only: one fork)"), i.shown());
    }

    /**
     * Run hb2-3c63f6e's load GZ ÷ NONE, in shape: two forks per side whose means lie apart more than their
     * iterations explain. Resampling two forks draws only their two means, so the interval stops at them; the
     * row says so and its verdict is not resolved. Two forks that agree, or three that disagree, keep the plain
     * bootstrap (a wrong answer either way fails here).
     */
    @Test
    void twoForksThatDisagreeCannotBoundTheirSpreadAndSaySo() {
        List<double[]> agree = List.of(new double[]{10, 11, 9, 10}, new double[]{10.2, 11, 9.2, 10});
        List<double[]> disagree = List.of(new double[]{8, 8.2, 7.8, 8}, new double[]{12, 12.2, 11.8, 12});
        List<double[]> threeDisagree = List.of(new double[]{8, 8.2, 7.8, 8}, new double[]{12, 12.2, 11.8, 12},
                new double[]{10, 10.2, 9.8, 10});

        Interval few = RatioInterval.of(withForks("a", disagree, 0), withForks("b", agree, 0));
        assertTrue(few.method().endsWith(RatioInterval.FEW_FORKS), few.method());
        Interval fewDen = RatioInterval.of(withForks("a", agree, 0), withForks("b", disagree, 0));
        assertTrue(fewDen.method().endsWith(RatioInterval.FEW_FORKS), "the denominator's forks count too: " + fewDen.method());
        assertEquals(RatioMethod.BOOTSTRAP_LABEL, RatioInterval.of(withForks("a", agree, 0), withForks("b", agree, 0)).method());
        assertEquals(RatioMethod.BOOTSTRAP_LABEL,
                RatioInterval.of(withForks("a", threeDisagree, 0), withForks("b", agree, 0)).method());
    }

    /**
     * Two cases whose two forks agree exactly, in a method whose other cases' forks lie 30% apart: the pooled
     * spread (df 4, log sd ln(1.3)/2) bounds their ratio as wide as the method's forks vary, where a bootstrap over
     * their own forks gives a zero-width interval — the chance agreement that made a rerun change kind. Against a
     * claim of 1.63 (1.31–2.03) the pooled interval reads not resolved; the bootstrap's would read contradicted.
     */
    @Test
    void twoForksThatAgreeByChanceDoNotNarrowAPooledInterval() {
        List<double[]> agreeA = List.of(new double[]{100, 100}, new double[]{100, 100});
        List<double[]> agreeB = List.of(new double[]{100, 100}, new double[]{100, 100});
        List<double[]> apart = List.of(new double[]{100, 100}, new double[]{130, 130});
        List<Results.Row> rows = ForkSpreads.attach(List.of(withForks("a", agreeA, 0, "A"),
                withForks("a", agreeB, 0, "B"), withForks("a", apart, 0, "C"), withForks("a", apart, 0, "D")));
        Interval pooled = RatioInterval.of(rows.get(0), rows.get(1));
        // se = sqrt(2 · s² / 2) = s = ln(1.3)/2; scipy: t.ppf(0.9995, 4) = 8.610302, so exp(∓1.129518)
        assertEquals(RatioMethod.pooledSpreadLabel(4, 4), pooled.method());
        assertEquals(0.3231891, pooled.low(), 1e-6);
        assertEquals(1 / 0.3231891, pooled.high(), 1e-5);

        Interval own = RatioInterval.bootstrap(agreeA, agreeB);
        assertEquals(own.low(), own.high(), 1e-12, "the bootstrap over two agreeing forks has no width");
        Published claim = new Published("k", Published.Kind.CLAIM, "load ratio", 1.63, "x", "C", "a", Map.of(), "r",
                new Range(1.31, 2.03, Range.Rule.WRITE_UP));
        assertTrue(Verdict.of(claim, 1, pooled, new Verdict.Conditions(2, 1)).startsWith(Verdict.NOT_RESOLVED));
        assertTrue(Verdict.of(claim, 1, own, new Verdict.Conditions(2, 1)).startsWith(Verdict.CONTRADICTED));
    }

    /** Two forks that disagree no longer void the verdict when the method's spread bounds them. */
    @Test
    void twoForksThatDisagreeAreBoundedByTheMethodsSpread() {
        List<double[]> apart = List.of(new double[]{8, 8}, new double[]{12, 12});
        List<double[]> near = List.of(new double[]{10, 10}, new double[]{10.4, 10.4});
        List<Results.Row> rows = ForkSpreads.attach(List.of(withForks("a", apart, 0, "A"),
                withForks("a", near, 0, "B")));
        Interval i = RatioInterval.of(rows.get(0), rows.get(1));
        assertTrue(i.method().startsWith("pooled fork spread"), i.method());
        assertTrue(i.contains(1) && i.contains(0.98), i.shown());
    }

    /**
     * Sides of different methods: Welch–Satterthwaite's degrees of freedom, and the variances add. By hand: the
     * variances 0.1²/2 = 0.005 and 0.2²/1 = 0.04, df = 0.045² / (0.005²/4 + 0.04²/12) = 14.5075; scipy:
     * t.ppf(0.9995, 14.5075) = 4.104714, so h = 4.104714 · √0.045 = 0.870741 and 2·exp(∓h) = [0.837282, 4.777362].
     */
    @Test
    void sidesOfDifferentMethodsTakeWelchsDegreesOfFreedom() {
        ForkSpread sa = new ForkSpread(0.10, 4, 4);
        ForkSpread sb = new ForkSpread(0.20, 12, 12);
        Interval i = RatioInterval.pooledSpread(2, 2, sa, 1, 1, sb);
        assertEquals(0.837282, i.low(), 1e-6);
        assertEquals(4.777362, i.high(), 1e-6);
        assertEquals(RatioMethod.pooledSpreadLabel(14.5075, 16), i.method());
        assertEquals(14.5075, i.df(), 1e-4);
    }

    @Test
    void aBootstrapDenominatorThatReachesZeroIsUnbounded() {
        Interval i = RatioInterval.bootstrap(List.of(new double[]{1, 2, 3}), List.of(new double[]{-1, 0, 1}));
        assertTrue(i.isUnbounded(), i.shown());
    }

    /** A row carrying its forks' iterations; {@code rounds} 0 for consecutive forks. */
    private static Results.Row withForks(String method, List<double[]> forks, int rounds) {
        return withForks(method, forks, rounds, "");
    }

    /** As above, for the case {@code case=c} of the method. */
    private static Results.Row withForks(String method, List<double[]> forks, int rounds, String c) {
        Forks f = new Forks(forks, rounds);
        return new Results.Row("redis-kv", "C", method, c.isEmpty() ? Map.of() : Map.of("case", c), "thrpt", f.pooledMean(),
                Double.NaN, "ops/s", f.samples(), "jmh", null, f);
    }

    /** Six rounds whose host speed drifts by ±30%; the numerator is 2 × (1 + jitter) of the denominator in each round. */
    private static final double[] DRIFT = {1.0, 1.3, 0.8, 1.2, 0.7, 1.1};
    private static final double[] JITTER = {0.01, -0.01, 0.005, -0.005, 0, 0};

    private static List<double[]> side(double scale, double[] jitter) {
        List<double[]> forks = new java.util.ArrayList<>();
        for (int k = 0; k < DRIFT.length; k++) {
            double m = scale * DRIFT[k] * (1 + jitter[k]);
            forks.add(new double[]{m * 0.99, m, m * 1.01});
        }
        return forks;
    }

    @Test
    void aDriftThatMovesBothSidesOfARoundAlikeCancelsInThePairedIntervalOnly() {
        List<double[]> num = side(2, JITTER);
        List<double[]> den = side(1, new double[DRIFT.length]);
        Interval paired = RatioInterval.of(withForks("a", num, 6), withForks("b", den, 6));
        // round ratios 2.02, 1.98, 2.01, 1.99, 2, 2: mean 2, sd sqrt(0.001 / 5); t(5 df, 0.9995) = 6.868827
        double h = 6.868827 * Math.sqrt(0.001 / 5) / Math.sqrt(6);
        assertEquals("paired rounds (6)", paired.method());
        assertEquals(2 - h, paired.low(), 1e-5);
        assertEquals(2 + h, paired.high(), 1e-5);
        Interval unpaired = RatioInterval.of(withForks("a", num, 0), withForks("b", den, 0));
        assertEquals(RatioMethod.BOOTSTRAP_LABEL, unpaired.method(), "the same forks, not from rounds: resampled unpaired");
        assertTrue(unpaired.high() - unpaired.low() > 10 * (paired.high() - paired.low()),
                unpaired.shown() + " vs " + paired.shown());
    }

    /**
     * Four cases in two rounds, the host 30% faster in round 2: paired, a claim's two rounds give t at 1 degree
     * of freedom (t = 636.6); pooled over the method's cases with the round effects taken out, 3.
     */
    @Test
    void twoRoundsOfManyCasesPoolTheirSpreadInsteadOfPairingOneDegreeOfFreedom() {
        double[] size = {100, 50, 25, 10};
        double[][] noise = {{1.02, 0.98}, {0.99, 1.01}, {1.0, 1.0}, {1.01, 0.99}};
        List<Results.Row> in = new java.util.ArrayList<>();
        for (int c = 0; c < 4; c++) {
            List<double[]> forks = new java.util.ArrayList<>();
            for (int k = 0; k < 2; k++) {
                double m = size[c] * (k == 0 ? 1 : 1.3) * noise[c][k];
                forks.add(new double[]{m * 0.99, m, m * 1.01});
            }
            in.add(withForks("a", forks, 2, "c" + c));
        }
        in.add(new Results.Row("redis-kv", "D", "a", Map.of(), "thrpt", 50, Double.NaN, "ops/s", 6, "jmh", null,
                new Forks(List.of(new double[]{49, 50, 51}, new double[]{59, 60, 61}), 0)));
        List<Results.Row> rows = ForkSpreads.attach(in);
        ForkSpread s = rows.get(0).forks().spread();
        assertEquals(3, s.df());
        Interval i = RatioInterval.of(rows.get(0), rows.get(1));
        assertEquals(RatioMethod.pooledRoundsLabel(3, 4, 2), i.method());
        // numpy, apart from the code: the log fork means less case and round means, residual sd over 3 df 0.0182591;
        // scipy t.ppf(0.9995, 3) = 12.923979; the pooled means' ratio 1.992184 × exp(∓0.235981)
        assertEquals(0.0182591, s.logSd(), 1e-7);
        assertEquals(1.573419, i.low(), 1e-6);
        assertEquals(2.522403, i.high(), 1e-6);
        assertTrue(i.contains(2.0), i.shown());
        Interval paired = RatioInterval.paired(rows.get(0).forks().iterations(), rows.get(1).forks().iterations());
        assertTrue(paired.high() - paired.low() > 20 * (i.high() - i.low()), paired.shown() + " vs " + i.shown());
        Interval across = RatioInterval.of(rows.get(0), rows.get(4));
        assertFalse(across.method().contains("pooled"), "a spread without the round effects bounds no ratio across "
                + "classes: " + across.method());
    }

    /** Two cases in six drifting rounds, pooled with the round effects out: as narrow as pairing, unlike unpaired. */
    @Test
    void aDriftThatMovesEveryCaseOfARoundCancelsInThePooledRoundsSpread() {
        List<double[]> num = side(2, JITTER);
        List<double[]> den = side(1, new double[DRIFT.length]);
        List<Results.Row> rows = ForkSpreads.attach(List.of(withForks("a", num, 6, "x"), withForks("a", den, 6, "y")));
        Interval pooled = RatioInterval.of(rows.get(0), rows.get(1));
        assertEquals(RatioMethod.pooledRoundsLabel(5, 2, 6), pooled.method());
        Interval paired = RatioInterval.paired(num, den);
        assertTrue(pooled.contains(2.0), pooled.shown());
        assertTrue(pooled.high() - pooled.low() < 1.5 * (paired.high() - paired.low()), pooled.shown() + " vs " + paired.shown());
        Interval unpaired = RatioInterval.of(withForks("a", num, 0), withForks("b", den, 0));
        assertTrue(unpaired.high() - unpaired.low() > 10 * (pooled.high() - pooled.low()), unpaired.shown());
    }

    @Test
    void sidesOfDifferentClassesOrRoundCountsAreNotPaired() {
        List<double[]> num = side(2, JITTER);
        List<double[]> den = side(1, new double[DRIFT.length]);
        Results.Row a = withForks("a", num, 6);
        Results.Row other = new Results.Row("redis-kv", "D", "b", Map.of(), "thrpt", 1, Double.NaN, "ops/s", 18, "jmh", null,
                new Forks(den, 6));
        assertEquals(RatioMethod.BOOTSTRAP_LABEL, RatioInterval.of(a, other).method(), "class D ran its rounds after C's");
    }

    @Test
    void oneRoundCannotBePairedAndSaysSo() {
        Interval i = RatioInterval.of(withForks("a", List.of(new double[]{20, 21, 19, 20, 22, 18}), 1),
                withForks("b", List.of(new double[]{10, 10.5, 9.5, 10, 11, 9}), 1));
        assertEquals(RatioMethod.BOOTSTRAP_ONE_FORK_LABEL + RatioInterval.HOST_SPREAD + RatioInterval.ONE_ROUND, i.method());
        assertTrue(i.contains(2.0), i.shown());
    }

    /**
     * Run 20261203-162456's Scan ÷ batched Get, in shape: one fork per side (two classes), each steady over its
     * iterations, so a bootstrap over the iterations alone reads about ±5% and would call a claim of "47× or more"
     * contradicted at 35×. A fork's mean moves 8–16% from one JVM to the next here, which one fork cannot show: the
     * interval carries that spread for each one-fork side, and holds 47. The iterations-only interval is the wrong
     * answer this test would catch.
     */
    @Test
    void aOneForkSideCarriesTheHostsForkSpread() {
        List<double[]> scan = List.of(new double[]{350, 360, 340, 355, 345, 352, 348, 351});
        List<double[]> get = List.of(new double[]{10, 10.2, 9.8, 10.1, 9.9, 10, 10.05, 9.95});
        Interval iterationsOnly = RatioInterval.bootstrap(scan, get);
        assertFalse(iterationsOnly.contains(47), "the iterations alone exclude 47: " + iterationsOnly.shown());
        Results.Row a = new Results.Row("hbase-meter", "Scan", "scan", Map.of(), "thrpt", 350, Double.NaN, "rows/s", 8, "jmh",
                null, new Forks(scan, 0));
        Results.Row b = new Results.Row("hbase-meter", "Get", "get", Map.of(), "thrpt", 10, Double.NaN, "rows/s", 8, "jmh",
                null, new Forks(get, 0));
        Interval i = RatioInterval.of(a, b);
        assertEquals(RatioMethod.BOOTSTRAP_ONE_FORK_LABEL + RatioInterval.HOST_SPREAD, i.method());
        assertTrue(i.contains(47) && i.low() < 35 * Math.exp(-0.7) && i.high() > 35 * Math.exp(0.7), i.shown());
        assertTrue(i.low() < iterationsOnly.low() && i.high() > iterationsOnly.high(), "wider on both sides: " + i.shown());
    }

    @Test
    void sidesOfTwoForksOrMoreKeepTheirOwnSpread() {
        Interval i = new Interval(1.8, 2.2, RatioMethod.BOOTSTRAP_LABEL);
        assertEquals(i, RatioInterval.withHostSpread(2.0, i, 0));
        Interval one = RatioInterval.withHostSpread(2.0, i, 1);
        Interval two = RatioInterval.withHostSpread(2.0, i, 2);
        assertTrue(one.low() < 1.8 && one.high() > 2.2 && two.low() < one.low() && two.high() > one.high(),
                one.shown() + " / " + two.shown());
    }

    @Test
    void rowsWithTooFewIterationsFallBackToTheirHalfWidths() {
        Results.Row a = new Results.Row("x-y", "C", "m", Map.of(), "thrpt", 200, 10, "ops/s", 3, "jmh", null,
                new Forks(List.of(new double[]{190, 200, 210}), 0));
        assertEquals(RatioMethod.DELTA_LABEL, RatioInterval.of(a, row(100, 5, 10)).method());
    }
}
