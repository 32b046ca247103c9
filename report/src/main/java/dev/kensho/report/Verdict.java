package dev.kensho.report;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on a published figure from our value of the same dimensionless quantity and its interval, by
 * the rules of {@code docs/method.md}; never from the means alone. A claim is a ratio with reference 1. What
 * it says is its own range ({@link Published#claimLow()} … {@link Published#claimHigh()}: the range its row
 * gives, else its value); its direction is the side of 1 that range lies on, and a range that straddles 1
 * makes no direction. In order:
 * <ol>
 *   <li>no row of ours: <i>not measured</i>; a context figure: <i>context</i>; a figure that follows from an
 *       input the suite chose: <i>set by the suite</i>;</li>
 *   <li>the claim needs what this run did not have (cores for the server alone, client threads, a cluster):
 *       <i>not reproducible here</i>, naming what is missing, ours shown as context;</li>
 *   <li>no interval, or an unbounded one (the denominator's interval reaches 0), or a bootstrap over a side of two
 *       forks that disagree with no pooled spread to bound them ({@link RatioInterval#FEW_FORKS}): <i>not resolved</i>;</li>
 *   <li>our interval reaches the claim's range: <i>reproduced</i>, unless it also holds 1 while the claim has
 *       a direction, or (a range straddling 1) reaches past the range on both sides — then <i>not resolved</i>:
 *       wider than the distinction the claim makes;</li>
 *   <li>our interval misses the range: <i>not reproducible here</i> when the claim names a condition that
 *       differs and explains such a gap; else <i>contradicted</i> (opposite direction, or the magnitude).</li>
 * </ol>
 */
public final class Verdict {

    public static final String REPRODUCED = "reproduced";
    public static final String CONTRADICTED = "contradicted";
    public static final String NOT_RESOLVED = "not resolved here";
    public static final String NOT_REPRODUCIBLE = "not reproducible here";
    public static final String CONTEXT = "context (no verdict)";
    public static final String NOT_MEASURED = "not measured";
    public static final String SET_BY_SUITE = "set by the suite (follows from an input we chose: not a finding)";

    private Verdict() {
    }

    /** What the run that measured a row had: the host's cores and the client threads of the row (0: unknown). */
    public record Conditions(int cores, int threads) {
    }

    /**
     * @param value    our value in the published unit (NaN: not measured)
     * @param interval its interval at the report's confidence (null: none)
     */
    public static String of(Published p, double value, Interval interval, Conditions ours) {
        if (Double.isNaN(value)) {
            return NOT_MEASURED;
        }
        if (p.kind() == Published.Kind.CONTEXT) {
            return CONTEXT;
        }
        if (p.kind() == Published.Kind.SET) {
            return SET_BY_SUITE;
        }
        List<String> missing = missing(p, ours);
        if (!missing.isEmpty()) {
            return NOT_REPRODUCIBLE + ": needs " + String.join(", ", missing) + factor(value, interval, p, " as context");
        }
        if (interval == null) {
            return NOT_RESOLVED + ": no interval (one sample)";
        }
        if (interval.isUnbounded()) {
            return NOT_RESOLVED + ": our interval is unbounded (" + interval.method()
                    + ": the denominator's interval reaches 0)" + factor(value, null, p, "");
        }
        if (interval.method().endsWith(RatioInterval.FEW_FORKS)) {
            return NOT_RESOLVED + ": a side's 2 forks disagree, too few to bound how far another JVM or run lands;"
                    + " pool runs or run more forks" + factor(value, interval, p, "");
        }
        double lo = p.claimLow();
        double hi = p.claimHigh();
        boolean holdsOne = interval.contains(1);
        if (interval.overlaps(lo, hi)) {
            if (p.straddlesOne() && interval.low() < lo && interval.high() > hi) {
                return NOT_RESOLVED + ": our interval reaches past the claim's range on both sides" + factor(value, interval, p, "");
            }
            if (!p.straddlesOne() && holdsOne) {
                return NOT_RESOLVED + ": our interval holds 1 and the claim" + factor(value, interval, p, "");
            }
            return REPRODUCED + factor(value, interval, p, "");
        }
        boolean claimUp = lo >= 1 && hi > 1;
        boolean opposite = !p.straddlesOne() && !holdsOne && (interval.low() > 1) != claimUp;
        if (!p.condition().isBlank()) {
            return NOT_REPRODUCIBLE + ": " + p.condition() + (opposite ? " (ours is the opposite direction)" : "")
                    + factor(value, interval, p, "");
        }
        if (opposite) {
            return CONTRADICTED + ": opposite direction" + factor(value, interval, p, "");
        }
        if (holdsOne && !p.straddlesOne()) {
            // no difference resolved, and the interval excludes the claim: narrower than the claim's distinction
            return CONTRADICTED + ": magnitude outside our interval, which holds 1 (no difference)" + factor(value, interval, p, "");
        }
        return CONTRADICTED + ": " + (p.straddlesOne() ? "outside the claim's range" : "same direction, magnitude outside our interval")
                + factor(value, interval, p, "");
    }

    /** What the claim needs that this run lacked, e.g. "≥ 100 client threads (ours: 16)". */
    static List<String> missing(Published p, Conditions ours) {
        List<String> out = new ArrayList<>();
        if (p.needsCores() > 0 && ours.cores() > 0 && ours.cores() < p.needsCores()) {
            out.add("≥ " + p.needsCores() + " cores for the server alone (this machine has " + ours.cores() + ")");
        }
        if (p.needsThreads() > 0 && ours.threads() < p.needsThreads()) {
            out.add("≥ " + p.needsThreads() + " client threads (ours: " + (ours.threads() > 0 ? ours.threads() : "unknown") + ")");
        }
        if (p.needsCluster()) {
            out.add("a cluster (ours: every server on one host)");
        }
        return out;
    }

    private static String factor(double v, Interval i, Published p, String role) {
        String published = Double.isNaN(p.value()) ? p.shown() : Export.fmt(p.value());
        String range = Double.isNaN(p.rangeLow()) || Double.isNaN(p.value()) ? ""
                : ", range " + Export.fmt(p.rangeLow()) + "–" + Export.fmt(p.rangeHigh());
        String ours = i == null ? Export.fmt(v) : i.isUnbounded() ? Export.fmt(v) + ", interval unbounded"
                : Export.fmt(v) + " [" + Export.fmt(i.low()) + ", " + Export.fmt(i.high()) + "]";
        return String.format(Locale.ROOT, " (ours %s%s vs %s%s)", ours, role, published, range);
    }
}
