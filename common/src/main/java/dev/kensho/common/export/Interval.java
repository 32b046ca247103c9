package dev.kensho.common.export;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.Locale;

/**
 * A number's confidence interval at {@link Results#CONFIDENCE}, and the method that gave it ("Student t",
 * "delta", "Fieller", "bootstrap …"). An unbounded interval (a ratio whose denominator's interval reaches 0)
 * has infinite ends: it holds every value and resolves nothing. {@code why}, when not empty, says what made a wide
 * interval wide (the report's {@code stats.Width}); it is not part of {@link #shown()}. {@code repeats} and {@code df} say
 * what it rests on, so a reader can be told how many more would narrow it (the report's {@code stats.Remedy}): the forks
 * (or interleaved rounds) per side, 0 when unknown, and the degrees of freedom of its Student t quantile, 0 when it
 * has none (a bootstrap, the delta rule).
 */
public record Interval(double low, double high, String method, String why, int repeats, double df) {

    /** Why a ratio's interval is unbounded unless it says otherwise. */
    public static final String UNBOUNDED_RATIO = "the denominator's interval reaches 0";

    public Interval(double low, double high, String method) {
        this(low, high, method, "");
    }

    public Interval(double low, double high, String method, String why) {
        this(low, high, method, why, 0, 0);
    }

    /** The same interval with what made it wide. */
    public Interval because(String reason) {
        return new Interval(low, high, method, reason, repeats, df);
    }

    /** The same interval resting on {@code repeats} forks or rounds per side, its t at {@code df} degrees of freedom. */
    public Interval restingOn(int repeats, double df) {
        return new Interval(low, high, method, why, repeats, df);
    }

    /**
     * Student t's two-sided quantile at {@link Results#CONFIDENCE} with {@code df} degrees of freedom (at least 1):
     * the one t every half-width of the suite uses, at run time (a recorded measurement's, a merged shard's) and in
     * the report's statistics ({@code report.stats}).
     */
    public static double tQuantile(double df) {
        return new TDistribution(Math.max(1, df)).inverseCumulativeProbability(1 - (1 - Results.CONFIDENCE) / 2);
    }

    /** The interval a Fieller or bootstrap ratio has when its denominator's interval reaches 0. */
    public static Interval unbounded(String method) {
        return new Interval(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, method);
    }

    public boolean isUnbounded() {
        return Double.isInfinite(low) || Double.isInfinite(high);
    }

    public boolean contains(double x) {
        return low <= x && x <= high;
    }

    /** Whether this interval and {@code [lo, hi]} share a point. */
    public boolean overlaps(double lo, double hi) {
        return low <= hi && lo <= high;
    }

    /** The larger distance from {@code value} to an end: a symmetric half-width that covers the interval. */
    public double coveringHalfWidth(double value) {
        return Math.max(high - value, value - low);
    }

    /**
     * "[0.40, 1.61] Fieller", or "unbounded (Fieller: the denominator's interval reaches 0)": an unbounded interval
     * says why with its {@code why} when it has one (an anytime-valid sequence before its first bounded round), else
     * a ratio's usual cause.
     */
    public String shown() {
        if (isUnbounded()) {
            return String.format(Locale.ROOT, "unbounded (%s: %s)", method, why == null || why.isEmpty() ? UNBOUNDED_RATIO : why);
        }
        String[] ends = Export.fmtApart(low, low, high);
        return "[" + ends[1] + ", " + ends[2] + "] " + method;
    }
}
