package dev.kensho.report.stats;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;

import java.util.Locale;

/**
 * What would resolve an open verdict, read from the row's own spread (docs/method.md, Verdicts: an open row says
 * what would close it). An interval decides a claim once it no longer holds the points the claim turns on — both
 * ends of the claim's range (inside or outside it), or, for a claim of one value with a direction, either that value
 * (then the magnitude is contradicted) or 1 (then the direction is reproduced). Narrowed around its centre, an
 * interval lets go of the point farthest from it first. Its half-width shrinks as 1/√n with the forks (or
 * interleaved rounds) n per side, and its Student t quantile falls as those add degrees of freedom
 * ({@link Interval#df()} grows in proportion to n − 1: Σ(forks − 1) over a method's cases, (cases − 1)(rounds − 1),
 * or n − 1 when paired; an anytime-valid interval by {@link ConfidenceSequence}'s own law). So the rounds that narrow it below its distance to the nearest such point follow from the
 * interval alone — if the spread stays as measured and the estimate where it is ("at this spread"). A positive
 * interval is read on the log scale (ratios spread in proportion), any other on its own.
 */
final class Remedy {

    /** Beyond this many rounds the remedy says the spread itself has to narrow. */
    static final int MAX_ROUNDS = 1000;

    private Remedy() {
    }

    /**
     * "resolve: ≈ 14 rounds (this run: 4) ≈ 20 min at this spread", or what else would; "" when the interval holds
     * none of {@code points}.
     *
     * @param anyOne          letting go of any one held point decides (else: every held point must go)
     * @param secondsPerRound seconds one more round of the interval's sides takes in this run (NaN: unknown)
     */
    static String of(Interval i, double[] points, boolean anyOne, double secondsPerRound) {
        boolean log = i.low() > 0;
        double lo = log ? Math.log(i.low()) : i.low();
        double hi = log ? Math.log(i.high()) : i.high();
        double centre = (lo + hi) / 2;
        double half = (hi - lo) / 2;
        double nearest = anyOne ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        double point = Double.NaN;
        for (double p : points) {
            if (i.contains(p) && !(log && p <= 0)) {
                double d = Math.abs(centre - (log ? Math.log(p) : p));
                if (anyOne ? d > nearest : d < nearest) {
                    nearest = d;
                    point = p;
                }
            }
        }
        if (Double.isNaN(point)) {
            return "";
        }
        if (nearest <= 1e-9 * Math.max(1, half)) {
            return "resolve: none at this spread — ours sits on " + Export.fmt(point) + ", so no number of rounds moves"
                    + " the interval off it";
        }
        double shrink = half / nearest;
        int n = i.repeats();
        String unit = RatioMethod.overRounds(i) ? "rounds" : "forks per side";
        if (n < 1) {
            // the interval rests on samples we cannot count in forks (a rate, a recorded number): say it as a factor
            double times = Math.ceil(10 * shrink * shrink) / 10;
            return times > MAX_ROUNDS ? beyond() : String.format(Locale.ROOT,
                    "resolve: ≈ %.1f× the samples behind each side at this spread", times);
        }
        // an anytime-valid interval narrows by its own law (ConfidenceSequence), slower than Student t's
        int needed = RatioMethod.of(i.method()) == RatioMethod.ANYTIME && log
                ? ConfidenceSequence.REPORT.roundsNeeded(n, half / ConfidenceSequence.REPORT.halfWidth(n, n - 1), nearest)
                : needed(n, i.df(), shrink);
        if (needed > MAX_ROUNDS) {
            return beyond();
        }
        String cost = Double.isNaN(secondsPerRound) || secondsPerRound <= 0 ? "" : " ≈ " + duration(needed * secondsPerRound);
        return "resolve: ≈ " + needed + " " + unit + " (this run: " + n + ")" + cost + " at this spread";
    }

    private static String beyond() {
        return "resolve: beyond reach at this spread (more than " + MAX_ROUNDS + " rounds) — the spread itself has to"
                + " narrow (longer shots, scale `full` or `seed`, a quieter host)";
    }

    /**
     * The smallest n' whose interval is narrower than the distance: half-width × √(n / n') × t(df') / t(df), with
     * df' = df · (n' − 1)/(n − 1); the t quantile is left as it is when it cannot grow (one fork, or no t at all).
     */
    static int needed(int n, double df, double shrink) {
        if (n < 2 || df <= 0) {
            return (int) Math.min(Integer.MAX_VALUE, Math.max(n + 1, Math.ceil(n * shrink * shrink)));
        }
        double t = quantile(df);
        for (int m = n + 1; m <= MAX_ROUNDS; m++) {
            double narrowed = Math.sqrt((double) n / m) * quantile(df * (m - 1) / (n - 1)) / t;
            if (narrowed * shrink < 1) {
                return m;
            }
        }
        return MAX_ROUNDS + 1;
    }

    private static double quantile(double df) {
        return Interval.tQuantile(df);
    }

    /** "≈ 20 min", "≈ 3.5 h". */
    static String duration(double seconds) {
        double minutes = seconds / 60;
        return minutes < 90 ? String.format(Locale.ROOT, "%.0f min", Math.max(1, Math.ceil(minutes)))
                : String.format(Locale.ROOT, "%.1f h", minutes / 60);
    }
}
