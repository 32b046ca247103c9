package dev.kensho.report.stats;

import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.moment.Variance;

import java.util.Locale;

/**
 * Why a number's interval is wide: every ledger row whose 99.9% interval reaches more than ±{@value #LIMIT_PERCENT}%
 * of its value says so, with the cause measured from JMH's per-fork iterations of its sides. The mean's
 * variance has two parts — how far the forks' means lie apart, and how much a fork's iterations vary
 * (divided by the iterations per fork) — and the larger one is named:
 * <ul>
 *   <li><i>forks disagree</i>: each fork is steady but the forks' means differ — the host's speed or the server's
 *       state changed between forks; more forks (or {@code kensho.rounds}) narrow it, longer iterations do not;</li>
 *   <li><i>iterations vary</i>: within a fork the operation's own time varies (GC, background work on the
 *       server); longer or more iterations narrow it;</li>
 *   <li>a side with no per-fork data (a recorded or derived number) names its own ± instead.</li>
 * </ul>
 * A ratio names the wider of its sides.
 */
public final class Width {

    static final double LIMIT = 0.15;
    static final int LIMIT_PERCENT = 15;

    private Width() {
    }

    /** {@code i} with the reason attached when it is wider than the limit around {@code value}; else {@code i}. */
    public static Interval explain(Interval i, double value, Results.Row... sides) {
        if (i == null || i.isUnbounded() || value == 0) {
            return i; // unbounded says why already (the denominator's interval reaches 0)
        }
        double rel = i.coveringHalfWidth(value) / Math.abs(value);
        if (rel <= LIMIT) {
            return i;
        }
        Results.Row widest = null;
        double widestRel = -1;
        for (Results.Row s : sides) {
            double r = relativeHalfWidth(s);
            if (r > widestRel) {
                widest = s;
                widestRel = r;
            }
        }
        String side = sides.length > 1 ? (widest == sides[0] ? "the numerator " : "the denominator ") : "";
        return i.because(String.format(Locale.ROOT, "wide (±%.0f%%): %s", 100 * rel, cause(widest, side)));
    }

    private static double relativeHalfWidth(Results.Row s) {
        double h = s.halfWidth();
        return Double.isNaN(h) || s.score() == 0 ? Double.POSITIVE_INFINITY : h / Math.abs(s.score());
    }

    /** The measured cause of one side's width. */
    static String cause(Results.Row s, String side) {
        Forks f = s.forks();
        String pm = Double.isNaN(s.halfWidth()) ? "no interval" : String.format(Locale.ROOT, "±%.0f%%", 100 * relativeHalfWidth(s));
        if (f == null || f.count() == 0 || f.samples() < 2) {
            return side + "has " + pm + " and no per-fork data to say why";
        }
        double mean = f.pooledMean();
        double within = withinSd(f) / Math.abs(mean);
        if (f.count() == 1) {
            return String.format(Locale.ROOT, "%s(one fork) has iterations varying ±%.0f%% (sd)", side, 100 * within);
        }
        double between = betweenSd(f) / Math.abs(mean);
        String numbers = String.format(Locale.ROOT, "fork means ±%.0f%%, iterations within a fork ±%.0f%% (sd), %d forks",
                100 * between, 100 * within, f.count());
        if (forksDisagree(f)) {
            return side + "forks disagree (" + numbers + "): the host or the server changed between forks; more forks or"
                    + " kensho.rounds narrow it";
        }
        return side + "iterations vary (" + numbers + "): the operation's own noise; longer iterations narrow it";
    }

    /**
     * Whether the forks' means lie further apart than their iterations explain: the variance of the fork means
     * exceeds the within-fork variance over the iterations per fork. Needs two forks or more.
     */
    static boolean forksDisagree(Forks f) {
        if (f == null || f.count() < 2 || f.samples() < 2) {
            return false;
        }
        double between = betweenSd(f);
        double within = withinSd(f);
        double perFork = (double) f.samples() / f.count();
        return between * between > within * within / perFork;
    }

    /** The sample standard deviation of the forks' means. */
    static double betweenSd(Forks f) {
        double[] means = new double[f.count()];
        for (int k = 0; k < means.length; k++) {
            means[k] = f.forkMean(k);
        }
        return new StandardDeviation().evaluate(means);
    }

    /** The pooled standard deviation of the iterations around their own fork's mean. */
    static double withinSd(Forks f) {
        double ss = 0;
        int df = 0;
        for (double[] fork : f.iterations()) {
            if (fork.length > 1) {
                ss += new Variance().evaluate(fork) * (fork.length - 1);
                df += fork.length - 1;
            }
        }
        return df == 0 ? 0 : Math.sqrt(ss / df);
    }
}
