package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;

import java.util.Arrays;
import java.util.List;

/**
 * An interval for a ratio that stays valid however often a run looks at it: an anytime-valid confidence sequence
 * for the mean of Gaussian observations of unknown variance, applied to the log ratios of paired rounds (round k:
 * the log of the numerator's fork mean over the denominator's, both measured in round k). The sequence holds the
 * true mean at every round at once with probability at least the report's {@link Results#CONFIDENCE}, so a run may
 * look after every round and stop a claim the first time its interval clears a boundary; a fixed-size Student t
 * interval looked at that way misses more often than its level says ({@code ConfidenceSequenceTest} measures both).
 *
 * <p>The construction (Lai, "On confidence sequences", Annals of Statistics 4, 1976; in the form of Wang &amp;
 * Ramdas, "Anytime-valid t-tests and confidence sequences for Gaussian means with unknown variance", Sequential
 * Analysis 2024, arXiv:2310.03722, section 4): for a candidate mean μ, with d = x̄ − μ, V = Σ (x − x̄)², the
 * likelihood ratio of "the standardized effect is drawn from N(0, 1/c)" against "it is 0", each mixed over the
 * unknown σ with the right-Haar weight dσ/σ, is
 * <pre>  M_n(μ) = √(c / (c + n)) · (1 − n²d² / ((n + c)(V + n d²)))^(−n/2)</pre>
 * — a nonnegative martingale under μ, scale-invariant, so by Ville's inequality it ever reaches 1/α with
 * probability at most α. The sequence is every μ with M_n(μ) &lt; 1/α; solved for d it is
 * <pre>  x̄ ± √(q (n + c) V / (n (n − q (n + c)))),  q = 1 − ((1/α) √((c + n)/c))^(−2/n),</pre>
 * unbounded while q ≥ n / (n + c). {@code c} ({@value #MIXTURE}) sets where the sequence is tightest: bounded from
 * round {@link #firstBounded()} (5 at 99.9%), about 1.5× Student t's width at 12 rounds and 1.4× at 24 — the price
 * of looking after every round. The ratio's interval is exp of the log interval: it bounds the ratio of the sides'
 * geometric means over rounds, which for a spread of a few percent is their ratio of means.
 */
public final class ConfidenceSequence {

    /** Why a sequence with a round whose ratio is 0, negative or not a number bounds nothing. */
    static final String NOT_FINITE = "a round's ratio is not a positive number";

    /** The mixture's precision c: the standardized effect is weighted as N(0, 1/c), sd ≈ 3.2. */
    static final double MIXTURE = 0.1;
    /** Beyond this many rounds {@link #roundsNeeded} stops counting. */
    static final int MAX_ROUNDS = Remedy.MAX_ROUNDS;

    /** The sequence at the report's confidence. */
    public static final ConfidenceSequence REPORT = new ConfidenceSequence(1 - Results.CONFIDENCE, MIXTURE);

    private final double alpha;
    private final double c;
    /** q_n per n (index n), NaN while the sequence is unbounded. */
    private final double[] q;

    ConfidenceSequence(double alpha, double c) {
        if (!(alpha > 0 && alpha < 1) || !(c > 0)) {
            throw new IllegalArgumentException("alpha in (0, 1) and c > 0, not " + alpha + ", " + c);
        }
        this.alpha = alpha;
        this.c = c;
        this.q = new double[MAX_ROUNDS + 2];
        for (int n = 0; n < q.length; n++) {
            q[n] = n < 2 ? Double.NaN : boundary(n);
        }
    }

    /** The miss rate the sequence allows over all rounds together: 1 − its confidence. */
    public double alpha() {
        return alpha;
    }

    private double boundary(int n) {
        // in logs: (2/n)·ln((1/α)·√((c + n)/c)) can reach 700 at n = 2 and tiny α; exp(−x) is then 0, q = 1
        double k = 2.0 / n * (Math.log(1 / alpha) + 0.5 * Math.log((c + n) / c));
        double qn = -Math.expm1(-k);
        return qn < n / (n + c) ? qn : Double.NaN;
    }

    /**
     * Why the sequence is unbounded with fewer rounds than {@link #firstBounded()}: not the data's spread, the price of
     * being valid however often the run looks.
     */
    String beforeBounded() {
        return "valid however often the run looks, it holds every value until round " + firstBounded();
    }

    /** The first number of observations whose interval is bounded (a property of α and c alone, not of the data). */
    public int firstBounded() {
        for (int n = 2; n < q.length; n++) {
            if (!Double.isNaN(q[n])) {
                return n;
            }
        }
        return Integer.MAX_VALUE;
    }

    /**
     * The half-width around the mean of n observations whose squared deviations from their mean sum to {@code ss};
     * +∞ while the sequence is unbounded (fewer than {@link #firstBounded()} observations).
     */
    public double halfWidth(int n, double ss) {
        double qn = n < q.length ? q[n] : boundary(n);
        if (Double.isNaN(qn) || Double.isNaN(ss)) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.sqrt(qn * (n + c) * Math.max(0, ss) / (n * (n - qn * (n + c))));
    }

    /** [low, high] of the mean of {@code x}: the sequence at n = x.length, on x's own scale. */
    public double[] ofMean(double[] x) {
        int n = x.length;
        double mean = Arrays.stream(x).average().orElse(Double.NaN);
        double ss = Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum();
        double h = halfWidth(n, ss);
        return new double[]{mean - h, mean + h};
    }

    /**
     * The interval of a ratio from its per-round log ratios: exp of the sequence of their mean, labelled
     * {@link RatioMethod#anytimeLabel}; unbounded while too few rounds, or when a log ratio is not finite.
     */
    public Interval ofLogRatios(double[] logs) {
        int n = logs.length;
        String label = RatioMethod.anytimeLabel(n);
        if (Arrays.stream(logs).anyMatch(v -> !Double.isFinite(v))) {
            return Interval.unbounded(label).because(NOT_FINITE).restingOn(n, Math.max(0, n - 1));
        }
        if (n < 2) {
            return Interval.unbounded(label).because(beforeBounded()).restingOn(n, 0);
        }
        double[] m = ofMean(logs);
        if (Double.isInfinite(m[0]) || Double.isInfinite(m[1])) {
            return Interval.unbounded(label).because(beforeBounded()).restingOn(n, n - 1);
        }
        return new Interval(Math.exp(m[0]), Math.exp(m[1]), label).restingOn(n, n - 1);
    }

    /**
     * The interval of {@code num / den} from rounds: fork k of each side measured in round k, over the rounds both
     * sides have (a side stopped earlier than the other pairs only with the other's first rounds). Per round the log
     * of the ratio of the two forks' means.
     */
    public Interval paired(List<double[]> num, List<double[]> den) {
        int n = Math.min(num.size(), den.size());
        double[] logs = new double[n];
        for (int k = 0; k < n; k++) {
            logs[k] = Math.log(Arrays.stream(num.get(k)).average().orElse(Double.NaN)
                    / Arrays.stream(den.get(k)).average().orElse(Double.NaN));
        }
        return ofLogRatios(logs);
    }

    /**
     * The fewest rounds (more than {@code n}) whose sequence, at a per-round spread of {@code sd} (the log ratios'
     * standard deviation), is narrower than {@code distance}: the rounds that would let go of a point that far from
     * the estimate if the spread and the estimate stay where they are. {@link #MAX_ROUNDS} + 1 when none up to it.
     */
    public int roundsNeeded(int n, double sd, double distance) {
        if (!(distance > 0)) {
            return MAX_ROUNDS + 1;
        }
        for (int m = Math.max(n + 1, 2); m <= MAX_ROUNDS; m++) {
            if (halfWidth(m, sd * sd * (m - 1)) < distance) {
                return m;
            }
        }
        return MAX_ROUNDS + 1;
    }
}
