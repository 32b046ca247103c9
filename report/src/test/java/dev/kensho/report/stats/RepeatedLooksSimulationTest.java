package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whether an interval stays valid when a run looks at it after every round and stops a claim the first time it
 * clears a boundary — by simulation. Each simulated run measures A/A rounds: per round both sides' fork means move
 * with the host (a drift shared by the round, which pairing cancels) and apart by their own noise, so the log ratio
 * of a round spreads by {@code sd} around the true one (5–15%, as the HBase matrix's and the sets' rounds do here).
 * After each round from the second on, the interval is computed from the rounds so far; the run stops when it first
 * holds none of the claim's points (it excludes 1, or clears a range's edge), else at {@value #MAX_ROUNDS} rounds.
 * It misses when its interval at the stop does not hold the true ratio.
 *
 * <p>A valid interval misses no more often than its level, α = 0.1%, within the simulation's own error: at
 * {@value #RUNS} runs a binomial count at rate α lies below α + 3 standard errors (0.13%) with probability 0.999.
 * The same harness fed Student t's fixed-size interval at the same level shows what the looks do to it: it stops
 * and misses about ten times as often.
 */
class RepeatedLooksSimulationTest {

    static final int RUNS = 100_000;
    static final int MAX_ROUNDS = 40;
    private static final ConfidenceSequence CS = ConfidenceSequence.REPORT;
    private static final double ALPHA = CS.alpha();
    private static final double ALLOWED = ALPHA + 3 * Math.sqrt(ALPHA * (1 - ALPHA) / RUNS);

    /** An interval on the log scale from the rounds so far: their count, mean and squared deviations. */
    interface Looked {
        double halfWidth(int n, double ss);
    }

    private static final Looked SEQUENCE = CS::halfWidth;

    /** Student t at the same level, computed afresh at each look as if the rounds had been fixed in advance. */
    private static final Looked STUDENT_T = new Looked() {
        private final double[] t = new double[MAX_ROUNDS + 1];

        {
            for (int n = 2; n <= MAX_ROUNDS; n++) {
                t[n] = Interval.tQuantile(n - 1);
            }
        }

        @Override
        public double halfWidth(int n, double ss) {
            return t[n] * Math.sqrt(ss / (n - 1) / n);
        }
    };

    /**
     * The share of {@link #RUNS} simulated runs whose interval at the stop misses the true log ratio {@code truth};
     * a run stops at the first look whose interval holds none of {@code points} (log scale).
     */
    static double missRate(Looked interval, double sd, double truth, double[] points, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int misses = 0;
        double side = sd / Math.sqrt(2); // each side's noise: their difference spreads by sd
        for (int run = 0; run < RUNS; run++) {
            double sum = 0;
            double sumSq = 0;
            for (int n = 1; n <= MAX_ROUNDS; n++) {
                double drift = 0.2 * rnd.nextGaussian(); // the host between rounds: both sides alike
                double num = drift + truth + side * rnd.nextGaussian();
                double den = drift + side * rnd.nextGaussian();
                double x = num - den;
                sum += x;
                sumSq += x * x;
                if (n < 2) {
                    continue;
                }
                double mean = sum / n;
                double h = interval.halfWidth(n, Math.max(0, sumSq - n * mean * mean));
                boolean decided = points.length > 0;
                for (double p : points) {
                    decided &= Math.abs(p - mean) > h;
                }
                if (decided || n == MAX_ROUNDS) {
                    if (Math.abs(truth - mean) > h) {
                        misses++;
                    }
                    break;
                }
            }
        }
        System.out.printf("%s sd %.2f truth %.3f: %d misses of %d%n", interval == SEQUENCE ? "sequence" : "t", sd, truth, misses, RUNS);
        return (double) misses / RUNS;
    }

    @Test
    void aARoundsStoppedWhenTheSequenceFirstExcludesOneMissNoMoreThanItsLevel() {
        long seed = 17;
        for (double sd : new double[]{0.05, 0.10, 0.15}) {
            double miss = missRate(SEQUENCE, sd, 0, new double[]{0}, seed++);
            assertTrue(miss <= ALLOWED, "sd " + sd + ": the sequence missed the true ratio 1 in " + miss
                    + " of runs, above its level " + ALPHA + " plus the simulation's error (" + ALLOWED + ")");
        }
    }

    /** A claim's range 1.31–2.03 with the true ratio on its edge: stopping when the interval clears both edges. */
    @Test
    void roundsStoppedWhenTheSequenceFirstClearsAnEdgeMissNoMoreThanItsLevel() {
        double edge = Math.log(1.31);
        double miss = missRate(SEQUENCE, 0.10, edge, new double[]{edge, Math.log(2.03)}, 41);
        assertTrue(miss <= ALLOWED, "missed " + miss + " > " + ALLOWED);
    }

    /** The check can fail: a fixed-size interval stopped by the same rule misses far above its level. */
    @Test
    void theSameRunsFedStudentTsFixedIntervalMissAboveItsLevel() {
        long seed = 17;
        for (double sd : new double[]{0.05, 0.10, 0.15}) {
            double miss = missRate(STUDENT_T, sd, 0, new double[]{0}, seed++);
            assertTrue(miss > ALLOWED, "sd " + sd + ": Student t looked at after every round missed " + miss
                    + ", within its level: the simulation cannot tell a valid interval from an invalid one");
        }
        double edge = Math.log(1.31);
        assertTrue(missRate(STUDENT_T, 0.10, edge, new double[]{edge, Math.log(2.03)}, 41) > ALLOWED);
    }

    /**
     * The launcher's own rule ({@link ClaimPlan}: stop when the verdict rules call a direction claim decided, or when
     * its remedy outgrows a budget of 40 rounds) on A/A rounds at 10% spread: fewer runs, since every look runs the
     * verdict rules (a plumbing check: the 100,000-run tests above are the evidence), so the allowance is wider.
     */
    @Test
    void theClaimPlansOwnStoppingRuleMissesNoMoreThanTheLevel() {
        int runs = 600;
        SplittableRandom rnd = new SplittableRandom(99);
        dev.kensho.report.Published direction = new dev.kensho.report.Published("d", dev.kensho.report.Published.Kind.CLAIM,
                "A over B", Double.NaN, Double.NaN, "x", "s", "s", "C", "m", java.util.Map.of(), "r",
                new Range(1, Double.POSITIVE_INFINITY, Range.Rule.DIRECTION), 0, 0, false, "", Double.NaN, false, "", "");
        int misses = 0;
        for (int run = 0; run < runs; run++) {
            ClaimPlan plan = new ClaimPlan(java.util.List.of(new ClaimPlan.Subject("d", direction, java.util.Set.of("a", "b"), 0)),
                    java.util.Set.of("a", "b"), 1, 2);
            double left = MAX_ROUNDS * 20;
            for (int round = 1; ; round++) {
                left -= 20;
                double value = Math.exp(0.10 * rnd.nextGaussian());
                if (plan.afterRound(round, java.util.Map.of("d", value), java.util.Map.of("a", 10.0, "b", 10.0), left).isEmpty()) {
                    break;
                }
            }
            ClaimPlan.State st = plan.states().get(0);
            if (st.interval() != null && !st.interval().contains(1)) {
                misses++;
            }
        }
        double allowed = ALPHA + 3 * Math.sqrt(ALPHA * (1 - ALPHA) / runs);
        System.out.printf("claim plan sd 0.10 truth 0.000: %d misses of %d%n", misses, runs);
        assertTrue((double) misses / runs <= allowed, misses + " misses in " + runs + " runs");
    }

    /** Looked at once, at the last round, Student t is valid: the harness blames the looks, not t. */
    @Test
    void studentTLookedAtOnceMissesAtItsLevel() {
        double miss = missRate(STUDENT_T, 0.10, 0, new double[0], 5); // no point to clear: every run goes to the end
        assertTrue(miss <= ALLOWED, "t at a fixed number of rounds missed " + miss);
    }
}
