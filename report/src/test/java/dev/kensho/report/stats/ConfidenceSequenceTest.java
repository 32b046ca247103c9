package dev.kensho.report.stats;

import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The anytime-valid interval against answers worked out apart from the code: scipy 1.17's {@code brentq} solving
 * M_n(μ) = 1/α on the martingale itself (not the closed form the class uses), α = 0.001, c = 0.1.
 */
class ConfidenceSequenceTest {

    private static final ConfidenceSequence CS = ConfidenceSequence.REPORT;

    /** scipy: x = 0.05, 0.12, 0.08, 0.10, 0.15, 0.07 → M_6(μ) = 1000 at μ = −0.0795914 and 0.2695914. */
    @Test
    void theSequenceIsWhereTheMartingaleStaysBelowOneOverAlpha() {
        double[] m = CS.ofMean(new double[]{0.05, 0.12, 0.08, 0.10, 0.15, 0.07});
        assertEquals(-0.0795914, m[0], 1e-6);
        assertEquals(0.2695914, m[1], 1e-6);
        double[] eight = CS.ofMean(new double[]{0.3, 0.25, 0.35, 0.28, 0.31, 0.22, 0.4, 0.33});
        assertEquals(0.1374727, eight[0], 1e-6);
        assertEquals(0.4725273, eight[1], 1e-6);
    }

    /** scipy: q_n < n / (n + c) first at n = 5 (q_4 = 0.98750 ≥ 0.97561; q_5 = 0.97126 < 0.98039). */
    @Test
    void atTheReportsConfidenceTheSequenceIsBoundedFromTheFifthRound() {
        assertEquals(5, CS.firstBounded());
        assertTrue(Double.isInfinite(CS.halfWidth(4, 0.01)), "4 rounds hold every mean, whatever the data");
        assertTrue(CS.ofLogRatios(new double[]{0.1, 0.11, 0.09, 0.1}).isUnbounded());
        assertEquals(0, CS.halfWidth(5, 0), "five equal rounds: no spread, no width");
    }

    /** The ratio's interval is exp of the log interval, labelled with its rounds, resting on n rounds and n − 1 df. */
    @Test
    void aRatioIsTheExpOfItsLogRatiosSequence() {
        Interval i = CS.ofLogRatios(new double[]{0.05, 0.12, 0.08, 0.10, 0.15, 0.07});
        assertEquals(Math.exp(-0.0795914), i.low(), 1e-6);
        assertEquals(Math.exp(0.2695914), i.high(), 1e-6);
        assertEquals("anytime-valid, 6 paired rounds", i.method());
        assertEquals(RatioMethod.ANYTIME, RatioMethod.of(i.method()));
        assertEquals(6, i.repeats());
        assertEquals(5, i.df());
    }

    /** Paired: round k's fork means over each other, over the rounds both sides have (the longer side's first ones). */
    @Test
    void pairedRoundsUseTheRoundsBothSidesHave() {
        double[] logs = {0.05, 0.12, 0.08, 0.10, 0.15, 0.07};
        List<double[]> num = new java.util.ArrayList<>();
        List<double[]> den = new java.util.ArrayList<>();
        for (int k = 0; k < logs.length; k++) {
            double d = 100 + 7 * k; // the host drifting between rounds moves both sides alike
            num.add(new double[]{d * Math.exp(logs[k]) - 1, d * Math.exp(logs[k]) + 1});
            den.add(new double[]{d - 2, d + 2});
        }
        den.add(new double[]{1, 1}); // a seventh round of the denominator alone pairs with nothing
        Interval i = CS.paired(num, den);
        assertEquals(Math.exp(-0.0795914), i.low(), 1e-6);
        assertEquals(6, i.repeats());
    }

    /** Two looked-at rows of one class get the sequence; a row of fixed rounds beside them does not. */
    @Test
    void ratioIntervalTakesTheSequenceOnlyForRowsWhoseRoundsWereLookedAt() {
        List<double[]> a = List.of(new double[]{110}, new double[]{112}, new double[]{109}, new double[]{111}, new double[]{110});
        List<double[]> b = List.of(new double[]{100}, new double[]{101}, new double[]{99}, new double[]{100}, new double[]{100});
        Results.Row num = row(110.4, new Forks(a, 5, null, true));
        Results.Row den = row(100, new Forks(b, 5, null, true));
        assertEquals(RatioMethod.ANYTIME, RatioMethod.of(RatioInterval.of(num, den).method()));
        Results.Row fixed = row(100, new Forks(b, 5));
        assertTrue(RatioMethod.of(RatioInterval.of(num, fixed).method()) != RatioMethod.ANYTIME);
        // a looked row stopped after one round: the sequence's own answer, unbounded — not a bootstrap over one fork's
        // iterations, which would leave out the spread between forks and decide what the run's look left open
        Results.Row one = row(100, new Forks(List.of(new double[]{96, 100, 104, 99, 101}), 1, null, true));
        Interval once = RatioInterval.of(num, one);
        assertEquals(RatioMethod.ANYTIME, RatioMethod.of(once.method()));
        assertTrue(once.isUnbounded(), once.toString());
        assertEquals(1, once.repeats());
        assertNull(RatioMethod.of("anytime valid"), "a label is read exactly");
    }

    /** The rounds that would let go of a point follow the sequence's own law: the smallest m with h(m, sd) < distance. */
    @Test
    void roundsNeededFollowTheSequencesWidth() {
        int m = CS.roundsNeeded(6, 0.1, 0.1);
        assertTrue(CS.halfWidth(m, 0.01 * (m - 1)) < 0.1);
        assertTrue(CS.halfWidth(m - 1, 0.01 * (m - 2)) >= 0.1);
        assertEquals(ConfidenceSequence.MAX_ROUNDS + 1, CS.roundsNeeded(6, 0.1, 0));
        // Student t would need fewer: the remedy of an anytime-valid row must not promise t's
        assertTrue(m > Remedy.needed(6, 5, 0.1 * Interval.tQuantile(5) / Math.sqrt(6) / 0.1));
    }

    /** An open anytime-valid row's remedy counts rounds by the sequence's law, not Student t's. */
    @Test
    void theRemedyOfAnAnytimeRowUsesTheSequence() {
        double[] logs = {0.05, 0.12, 0.08, 0.10, 0.15, 0.07};
        Interval i = CS.ofLogRatios(logs);
        String r = Remedy.of(i, new double[]{1}, false, Double.NaN);
        double sd = Math.sqrt(java.util.Arrays.stream(logs).map(v -> (v - 0.095) * (v - 0.095)).sum() / 5);
        assertEquals("resolve: ≈ " + CS.roundsNeeded(6, sd, 0.095) + " rounds (this run: 6) at this spread", r);
    }

    private static Results.Row row(double score, Forks f) {
        return new Results.Row("x-y", "C", "m", Map.of(), "ss", score, Double.NaN, "s/op", f.samples(), "jmh", null, f);
    }
}
