package dev.kensho.report.stats;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on a published figure from our value of the same dimensionless quantity and its interval, by the
 * rules of {@code docs/method.md} (Verdicts); never from the means alone, never on a bare point. A claim is a ratio
 * with reference 1, judged on its own {@link Range}, fixed before any run; its direction is the side of 1 that range
 * lies on (a range that holds 1 makes none). In order:
 * <ol>
 *   <li>no row of ours: <i>not measured</i>, with what would measure it; a context figure: <i>context</i>; a figure
 *       that follows from an input the suite chose: <i>set by the suite</i>;</li>
 *   <li>the claim needs what this run did not have (cores for the server alone, client threads, a cluster):
 *       <i>not reproducible here</i>, naming what is missing, ours shown as context;</li>
 *   <li>no interval, an unbounded one (the denominator's interval reaches 0), a bootstrap over a side of two forks
 *       that disagree with no pooled spread to bound them ({@link RatioInterval#FEW_FORKS}), or no range stated:
 *       <i>not resolved</i>;</li>
 *   <li>our whole interval inside the range (and, for a direction, off 1): <i>reproduced</i>;</li>
 *   <li>our whole interval on the other side of 1: <i>contradicted</i>, opposite direction — whatever condition the
 *       claim names;</li>
 *   <li>our interval straddles an edge of the range (it overlaps the range, not inside it): <i>not resolved</i>, with
 *       how many rounds would resolve it at this spread ({@link Remedy}) — whatever condition the claim names;</li>
 *   <li>our whole interval outside the range, on the claimed side of 1, under a condition that reaches that far
 *       ({@link Claim#conditionBound()}): <i>direction reproduced; magnitude not reproducible here</i>, naming the
 *       condition;</li>
 *   <li>else, wholly outside the range: <i>contradicted</i> (same direction but farther than any condition explains;
 *       an interval that holds 1 and excludes the range; or a range without a direction).</li>
 * </ol>
 * The text before "(ours" is the verdict's kind ({@code Compare} compares kinds, {@code LedgerView} shows it as a
 * word); what follows is the numbers and the remedy. A claim over every case of ours ({@link #every}) reads the
 * weakest of its cases' verdicts.
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

    /** The kinds a claim over every case combines, the one that decides first ({@link #every}). */
    private static final List<String> WEAKEST_FIRST = List.of(CONTRADICTED, NOT_RESOLVED, NOT_REPRODUCIBLE, DIRECTION,
            REPRODUCED);

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

    /** One case of ours for {@link #every}: how the ledger names it, our value, its interval, the run's conditions. */
    public record Case(String label, double value, Interval interval, Conditions ours) {
    }

    /** Where an interval lies against 1 for a claim with a direction. */
    private enum Side { NONE, HOLDS, OPPOSITE, OPEN }

    /** "not measured", and what would measure the claim when it says. */
    public static String notMeasured(Claim p) {
        return p.measure().isBlank() ? NOT_MEASURED : NOT_MEASURED + ": " + p.measure();
    }

    /**
     * @param value    our value in the published unit (NaN: not measured)
     * @param interval its interval at the report's confidence (null: none)
     */
    public static String of(Claim p, double value, Interval interval, Conditions ours) {
        if (Double.isNaN(value)) {
            return notMeasured(p);
        }
        if (p.context()) {
            return CONTEXT;
        }
        if (p.setBySuite()) {
            return SET_BY_SUITE;
        }
        List<String> missing = missing(p, ours);
        if (!missing.isEmpty()) {
            return NOT_REPRODUCIBLE + ": needs " + String.join(", ", missing) + factor(value, interval, p, " as context")
                    + (p.measure().isBlank() ? "" : "; settle: " + p.measure());
        }
        if (interval == null) {
            return NOT_RESOLVED + ": no interval (one sample)" + factor(value, null, p, "")
                    + "; resolve: two forks or more per side";
        }
        if (interval.isUnbounded() && RatioMethod.of(interval.method()) == RatioMethod.ANYTIME) {
            // an anytime-valid sequence: unbounded before its first bounded round whatever the spread, not for a zero
            int first = ConfidenceSequence.REPORT.firstBounded();
            int more = first - interval.repeats();
            return NOT_RESOLVED + ": our interval " + interval.shown().replaceFirst("^unbounded", "is unbounded")
                    + factor(value, null, p, "") + "; resolve: " + (more > 0 ? more + " more round" + (more == 1 ? "" : "s")
                    + " per side at least (the sequence is bounded from round " + first + " on)"
                    : "rounds whose ratio is a positive number on both sides");
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
        String numbers = factor(value, interval, p, "");
        Range range = p.range();
        if (range == null) {
            return NOT_RESOLVED + ": the claim states no range, and a bare point is never judged" + numbers;
        }
        double lo = range.low();
        double hi = range.high();
        Side side = side(range, interval);
        if (lo <= interval.low() && interval.high() <= hi && side != Side.OPEN) {
            return REPRODUCED + numbers;
        }
        if (side == Side.OPPOSITE) {
            return CONTRADICTED + ": opposite direction" + numbers;
        }
        if (interval.high() >= lo && interval.low() <= hi) {
            String remedy = "; " + Remedy.of(interval, new double[]{lo, hi}, false, ours.secondsPerRound());
            if (interval.low() < lo && interval.high() > hi) {
                return NOT_RESOLVED + ": our interval reaches past the claim's range on both sides" + numbers + remedy;
            }
            double edge = interval.contains(lo) ? lo : hi;
            if (edge == 1 && side == Side.OPEN) {
                return NOT_RESOLVED + ": our interval holds 1, so the direction is open" + numbers + remedy;
            }
            return NOT_RESOLVED + ": our interval straddles the claim's edge " + Range.num(edge)
                    + (side == Side.HOLDS ? " (the direction holds)" : side == Side.OPEN ? " and holds 1" : "")
                    + numbers + remedy;
        }
        if ((side == Side.HOLDS || side == Side.OPEN) && straddlesReach(p, interval, lo, hi)) {
            double bound = p.conditionBound();
            return NOT_RESOLVED + ": our interval straddles the reach of its condition (" + Range.num(bound) + ")"
                    + (side == Side.OPEN ? " and holds 1" : "") + numbers + "; "
                    + Remedy.of(interval, new double[]{bound}, false, ours.secondsPerRound());
        }
        if (side == Side.HOLDS && explains(p, interval, lo, hi)) {
            return DIRECTION + "; magnitude " + NOT_REPRODUCIBLE + ": " + p.condition() + numbers;
        }
        return CONTRADICTED + ": " + switch (side) {
            case HOLDS -> "same direction, magnitude outside the claim's range" + (p.condition().isBlank() ? ""
                    : ", farther than its condition explains (it reaches to " + Range.num(p.conditionBound()) + ")");
            case OPEN -> "magnitude outside our interval, which holds 1 (no difference)";
            default -> "outside the claim's range";
        } + numbers;
    }

    /**
     * Whether the claim's condition reaches from the range into our interval but not across it: part of ours would
     * read <i>direction reproduced</i> under the condition, the rest <i>contradicted</i>, so its reach is an edge.
     */
    private static boolean straddlesReach(Claim p, Interval i, double lo, double hi) {
        double bound = p.conditionBound();
        if (p.condition().isBlank() || Double.isNaN(bound) || !(i.low() < bound && bound < i.high())) {
            return false;
        }
        return i.high() < lo ? bound < lo : i.low() > hi && bound > hi;
    }

    /** Whether the claim's condition reaches from the range to our whole interval, on the side ours lies. */
    private static boolean explains(Claim p, Interval i, double lo, double hi) {
        double bound = p.conditionBound();
        if (p.condition().isBlank() || Double.isNaN(bound)) {
            return false;
        }
        return i.high() < lo ? bound < lo && i.low() >= bound : bound > hi && i.high() <= bound;
    }

    /**
     * One verdict for a claim about every case of ours ("every codec slows the load"): the weakest of the cases' own
     * verdicts — contradicted by any case, else not resolved while any is open, else not reproducible, else the
     * direction, else reproduced when every case is. The case that decides is named, with how the others read.
     */
    public static String every(Claim p, List<Case> cases) {
        if (cases.isEmpty()) {
            return notMeasured(p);
        }
        List<String> each = cases.stream().map(c -> of(p, c.value(), c.interval(), c.ours())).toList();
        for (String kind : WEAKEST_FIRST) {
            for (int i = 0; i < each.size(); i++) {
                String v = each.get(i);
                if (!kindOf(v).equals(kind)) {
                    continue;
                }
                if (kind.equals(REPRODUCED)) {
                    return REPRODUCED + " in every one of " + cases.size() + " cases" + v.substring(kind.length());
                }
                return kind + " in " + cases.get(i).label() + " (" + tally(each) + ")" + v.substring(kind.length());
            }
        }
        return each.get(0); // context, set by the suite: the same for every case
    }

    /** "2 of 3 cases contradicted, 1 not resolved here". */
    private static String tally(List<String> verdicts) {
        StringBuilder sb = new StringBuilder();
        for (String kind : WEAKEST_FIRST) {
            long n = verdicts.stream().filter(v -> kindOf(v).equals(kind)).count();
            if (n > 0) {
                sb.append(sb.length() == 0 ? n + " of " + verdicts.size() + " cases " : ", " + n + " ").append(kind);
            }
        }
        return sb.toString();
    }

    /** The kind a verdict starts with (the longest of the kinds it starts with). */
    static String kindOf(String verdict) {
        return WEAKEST_FIRST.stream().filter(verdict::startsWith).max(java.util.Comparator.comparingInt(String::length))
                .orElse(verdict);
    }

    /** Where the interval lies against 1: NONE when the claim's range has no direction (it holds 1). */
    private static Side side(Range range, Interval i) {
        int d = range.direction();
        if (d == 0) {
            return Side.NONE;
        }
        boolean up = d > 0;
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
        String ours = i == null ? Export.fmt(v) : i.isUnbounded() ? Export.fmt(v) + ", interval unbounded"
                : apart(v, i);
        return String.format(Locale.ROOT, " (ours %s%s vs %s)", ours, role, p.shown());
    }
}
