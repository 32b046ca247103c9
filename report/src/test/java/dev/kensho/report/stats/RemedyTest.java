package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What would resolve an open row, against answers worked out apart from the code: by hand (the 1/√n law) and with
 * scipy 1.17 ({@code scipy.stats.t.ppf(0.9995, df)}, a second implementation of Student's t) for the rounds whose
 * degrees of freedom grow with them.
 */
class RemedyTest {

    /** 1.1 on the log scale ± 0.2: [0.9006, 1.3435], 0.0953 (ln 1.1) from 1. */
    private static final Interval AROUND = new Interval(1.1 * Math.exp(-0.2), 1.1 * Math.exp(0.2), RatioMethod.BOOTSTRAP_LABEL);

    /** By hand: the half-width must shrink 0.2 / ln 1.1 = 2.098-fold; 4 forks × 2.098² = 17.6, so 18; 18 × 60 s. */
    @Test
    void withoutAtQuantileTheForksGrowAsTheSquareOfTheShrink() {
        assertEquals("resolve: ≈ 18 forks per side (this run: 4) ≈ 18 min at this spread",
                Remedy.of(AROUND.restingOn(4, 0), new double[]{1}, false, 60));
    }

    /** scipy: the smallest m with √(2/m) · t(11(m − 1)) / t(11) · 2.098 below 1 is 6 (t(11) = 4.437, t(55) = 3.475). */
    @Test
    void twoRoundsAtElevenDegreesOfFreedomNeedSixAsTheirQuantileFalls() {
        Interval rounds = new Interval(AROUND.low(), AROUND.high(), RatioMethod.pooledRoundsLabel(11, 12, 2)).restingOn(2, 11);
        assertEquals("resolve: ≈ 6 rounds (this run: 2) at this spread", Remedy.of(rounds, new double[]{1}, false, Double.NaN));
    }

    /**
     * pooled-e236dd0's load DIFF ÷ NONE, 1.05 [0.724, 1.51] on 4 forks, 36 df, against the point 1.48: narrowed around
     * 1.046 it lets go of 1.48 (0.347 away on the log scale) long before 1 (0.045 away) — scipy gives 5 forks for the
     * first and 230 for the second. Either decides a point claim, so the first does.
     */
    @Test
    void aPointClaimIsDecidedByTheFirstPointLetGoNotTheLast() {
        Interval load = new Interval(0.724, 1.51, RatioMethod.pooledSpreadLabel(36, 12)).restingOn(4, 36);
        assertEquals("resolve: ≈ 5 forks per side (this run: 4) at this spread", Remedy.of(load, new double[]{1.48, 1}, true, Double.NaN));
        assertEquals("resolve: ≈ 230 forks per side (this run: 4) at this spread", Remedy.of(load, new double[]{1}, false, Double.NaN),
                "a direction alone must let go of 1");
    }

    @Test
    void anEstimateOnThePointCannotBeMovedOffIt() {
        assertEquals("resolve: none at this spread — ours sits on 1.00, so no number of rounds moves the interval off it",
                Remedy.of(new Interval(0.8, 1.25, RatioMethod.BOOTSTRAP_LABEL).restingOn(4, 0), new double[]{1}, false, 60));
    }

    @Test
    void moreThanAThousandRoundsIsBeyondReach() {
        Interval nearOne = new Interval(1.001 * Math.exp(-0.5), 1.001 * Math.exp(0.5), RatioMethod.BOOTSTRAP_LABEL).restingOn(2, 0);
        assertEquals(Remedy.MAX_ROUNDS + 1, Math.min(Remedy.MAX_ROUNDS + 1, Remedy.needed(2, 0, 500)));
        assertEquals("resolve: beyond reach at this spread (more than 1000 rounds) — the spread itself has to narrow"
                + " (longer shots, scale `full` or `seed`, a quieter host)", Remedy.of(nearOne, new double[]{1}, false, 60));
    }

    @Test
    void samplesThatAreNotForksAreCountedAsAFactor() {
        assertEquals("resolve: ≈ 4.5× the samples behind each side at this spread",
                Remedy.of(new Interval(AROUND.low(), AROUND.high(), RatioMethod.FIELLER_LABEL), new double[]{1}, false, 60));
    }

    @Test
    void anIntervalThatHoldsNoPointNeedsNothing() {
        assertEquals("", Remedy.of(AROUND, new double[]{2}, false, 60));
    }

    @Test
    void durationsReadInMinutesThenHours() {
        assertEquals("20 min", Remedy.duration(1200));
        assertEquals("3.5 h", Remedy.duration(3.5 * 3600));
    }
}
