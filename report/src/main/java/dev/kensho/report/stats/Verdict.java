package dev.kensho.report.stats;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The verdict on a published figure from our value of the same dimensionless quantity and its interval, by
 * the rules of {@code docs/method.md}; never from the means alone. A claim is a ratio with reference 1. What
 * it says is its own range ({@link Claim#claimLow()} … {@link Claim#claimHigh()}: the range its row
 * gives, else its value, a point); its direction is the side of 1 that range lies on, and a range that straddles 1
 * makes no direction. In order:
 * <ol>
 *   <li>no row of ours: <i>not measured</i>; a context figure: <i>context</i>; a figure that follows from an
 *       input the suite chose: <i>set by the suite</i>;</li>
 *   <li>the claim needs what this run did not have (cores for the server alone, client threads, a cluster):
 *       <i>not reproducible here</i>, naming what is missing, ours shown as context;</li>
 *   <li>no interval, or an unbounded one (the denominator's interval reaches 0), or a bootstrap over a side of two
 *       forks that disagree with no pooled spread to bound them ({@link RatioInterval#FEW_FORKS}): <i>not resolved</i>;</li>
 *   <li>our whole interval inside the claim's range (and, for a direction, on its side of 1): <i>reproduced</i>;</li>
 *   <li>our whole interval on the other side of 1: <i>contradicted</i>, opposite direction — a named condition
 *       limits what the magnitude can say, never the direction;</li>
 *   <li>a claim naming a condition that differs here (synthetic data, another client writing the reply) and our
 *       interval not inside its range: the direction is judged alone — <i>direction reproduced</i> when the whole
 *       interval lies on the claimed side of 1, the magnitude <i>not reproducible here</i> naming the condition; a
 *       claim without a direction reads <i>not reproducible here</i> when wholly outside its range;</li>
 *   <li>our whole interval outside the range: <i>contradicted</i> (the magnitude);</li>
 *   <li>our interval straddles an edge of the range (or holds 1 while the claim has a direction): <i>not
 *       resolved</i>, with how many rounds would resolve it at this spread ({@link Remedy}); a claim that gives a
 *       point and no range can never hold our interval inside it: when ours holds the point and lies wholly on its
 *       side of 1, the direction is reproduced and the point said to lie within ours.</li>
 * </ol>
 * Every open row ends with what would resolve it. The text before "(ours" is the verdict's kind ({@code Compare}
 * compares kinds, {@code LedgerView} shows it as a word); what follows is the numbers and the remedy.
 */
public final class Verdict {

    public static final String REPRODUCED = "reproduced";
    public static final String DIRECTION = "direction reproduced";
    public static final String CONTRADICTED = "contradicted";
    public static final String NOT_RESOLVED = "not resolved here";
    public static final String NOT_REPRODUCIBLE = "not reproducible here";
    public static final String CONTEXT = "context (no verdict)";
    public static final String NOT_MEASURED = "not measured";
    public static final String SET_BY_SUITE = "set by the suite (follows from an input we chose: not a finding)";

    private Verdict() {
    }

    /**
     * What the run that measured a row had: the host's cores, the client threads of the row (0: unknown), and the
     * seconds one more round of the row's sides takes in this run (NaN: unknown), for the remedy of an open row.
     */
    public record Conditions(int cores, int threads, double secondsPerRound) {

        public Conditions(int cores, int threads) {
            this(cores, threads, Double.NaN);
        }
    }

    /** Where an interval lies against 1 for a claim with a direction. */
    private enum Side { NONE, HOLDS, OPPOSITE, OPEN }

    /**
     * @param value    our value in the published unit (NaN: not measured)
     * @param interval its interval at the report's confidence (null: none)
     */
    public static String of(Claim p, double value, Interval interval, Conditions ours) {
        if (Double.isNaN(value)) {
            return NOT_MEASURED;
        }
        if (p.context()) {
            return CONTEXT;
        }
        if (p.setBySuite()) {
            return SET_BY_SUITE;
        }
        List<String> missing = missing(p, ours);
        if (!missing.isEmpty()) {
            return NOT_REPRODUCIBLE + ": needs " + String.join(", ", missing) + factor(value, interval, p, " as context");
        }
        if (interval == null) {
            return NOT_RESOLVED + ": no interval (one sample)" + factor(value, null, p, "")
                    + "; resolve: two forks or more per side";
        }
        if (interval.isUnbounded()) {
            return NOT_RESOLVED + ": our interval is unbounded (" + interval.method()
                    + ": the denominator's interval reaches 0)" + factor(value, null, p, "")
                    + "; resolve: more forks of the denominator, until its interval excludes 0";
        }
        if (interval.method().endsWith(RatioInterval.FEW_FORKS)) {
            return NOT_RESOLVED + ": a side's 2 forks disagree, too few to bound how far another JVM or run lands"
                    + factor(value, interval, p, "") + "; resolve: pool runs, or 3 forks or more per side";
        }
        double lo = p.claimLow();
        double hi = p.claimHigh();
        Side side = side(p, interval);
        boolean inside = lo <= interval.low() && interval.high() <= hi;
        boolean outside = interval.high() < lo || interval.low() > hi;
        String numbers = factor(value, interval, p, "");
        if (inside && side != Side.OPEN) {
            return REPRODUCED + numbers;
        }
        if (side == Side.OPPOSITE) {
            return CONTRADICTED + ": opposite direction" + numbers;
        }
        boolean point = lo == hi;
        Supplier<String> remedy = () -> "; " + Remedy.of(interval,
                point && side != Side.NONE ? new double[]{lo, 1} : new double[]{lo, hi}, point, ours.secondsPerRound());
        if (!p.condition().isBlank()) {
            String magnitude = "magnitude " + NOT_REPRODUCIBLE + ": " + p.condition();
            return switch (side) {
                case HOLDS -> DIRECTION + "; " + magnitude + numbers;
                case OPEN -> NOT_RESOLVED + ": our interval holds 1, so the direction is open; " + magnitude + numbers
                        + "; " + Remedy.of(interval, new double[]{1}, false, ours.secondsPerRound());
                default -> outside ? NOT_REPRODUCIBLE + ": " + p.condition() + numbers
                        : NOT_RESOLVED + ": our interval straddles an edge of the claim's range; " + magnitude + numbers + remedy.get();
            };
        }
        if (outside) {
            return CONTRADICTED + ": " + switch (side) {
                case HOLDS -> "same direction, magnitude outside the claim's " + (lo == hi ? "value" : "range");
                case OPEN -> "magnitude outside our interval, which holds 1 (no difference)";
                default -> "outside the claim's range";
            } + numbers;
        }
        if (point && side == Side.HOLDS) {
            return DIRECTION + "; magnitude: the published " + Export.fmt(lo) + " lies within ours (a point, no range"
                    + " stated: no interval lies inside a point)" + numbers;
        }
        if (side == Side.OPEN) {
            return NOT_RESOLVED + ": our interval holds 1 and the claim" + numbers + remedy.get();
        }
        if (interval.low() < lo && interval.high() > hi) {
            return NOT_RESOLVED + ": our interval reaches past the claim's range on both sides" + numbers + remedy.get();
        }
        double edge = interval.contains(lo) ? lo : hi;
        return NOT_RESOLVED + ": our interval straddles the claim's edge " + Export.fmt(edge)
                + (side == Side.HOLDS ? " (the direction holds)" : "") + numbers + remedy.get();
    }

    /** Where the interval lies against 1: NONE when the claim has no direction (its range straddles 1 or is 1). */
    private static Side side(Claim p, Interval i) {
        boolean up = p.claimLow() >= 1 && p.claimHigh() > 1;
        boolean down = p.claimHigh() <= 1 && p.claimLow() < 1;
        if (!up && !down) {
            return Side.NONE;
        }
        if (up ? i.low() > 1 : i.high() < 1) {
            return Side.HOLDS;
        }
        return (up ? i.high() < 1 : i.low() > 1) ? Side.OPPOSITE : Side.OPEN;
    }

    /** What the claim needs that this run lacked, e.g. "≥ 100 client threads (ours: 16)". */
    static List<String> missing(Claim p, Conditions ours) {
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

    /** "1.0031 [1.0027, 1.0041]": ours and its interval with the digits that tell them apart ({@link Export#fmtApart}). */
    private static String apart(double v, Interval i) {
        String[] s = Export.fmtApart(v, i.low(), i.high());
        return s[0] + " [" + s[1] + ", " + s[2] + "]";
    }

    private static String factor(double v, Interval i, Claim p, String role) {
        String published = Double.isNaN(p.value()) ? p.shown() : Export.fmt(p.value());
        String range = Double.isNaN(p.rangeLow()) || Double.isNaN(p.value()) ? ""
                : ", range " + Export.fmt(p.rangeLow()) + "–" + Export.fmt(p.rangeHigh());
        String ours = i == null ? Export.fmt(v) : i.isUnbounded() ? Export.fmt(v) + ", interval unbounded"
                : apart(v, i);
        return String.format(Locale.ROOT, " (ours %s%s vs %s%s)", ours, role, published, range);
    }
}
