package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The methods a ratio's interval can come from, in the order {@link RatioInterval#of} tries them: the first that
 * applies to both sides gives the interval. Each names itself twice — {@link #label} on the interval (the row's
 * "[0.40, 1.61] Fieller") and {@link #description} in the report's legend and the derived rows' caption
 * ({@link #legend()}) — so the words a reader sees and the method that ran come from one place and cannot drift.
 * {@link #unnamed} is the check: the intervals a legend does not name.
 */
public enum RatioMethod {

    /**
     * Both sides are cases of one class whose rounds the run looked at after each round and stopped when decided:
     * an anytime-valid confidence sequence over their paired rounds ({@link ConfidenceSequence}).
     */
    ANYTIME("an anytime-valid confidence sequence over paired rounds (rounds stopped when decided)"),
    /** Both sides are cases of one method measured in the same interleaved rounds, the rounds' spread pooled. */
    POOLED_ROUNDS("the rounds' spread pooled over the method's cases (same interleaved rounds)"),
    /** Both sides measured in the same interleaved rounds: Student t over the rounds' ratios. */
    PAIRED("paired rounds"),
    /** Student t on the log ratio, each side's spread pooled over its method's cases of consecutive forks. */
    POOLED_SPREAD("a fork's spread pooled over the method's cases (consecutive forks)"),
    /** A percentile bootstrap over both sides' iterations (forks, then iterations within each). */
    BOOTSTRAP("a bootstrap over both sides' iterations (a side of one fork widened by the host's fork spread)"),
    /** Relative half-widths in quadrature, only when both sides are narrow. */
    DELTA("the delta rule when both sides are within ±" + RatioInterval.DELTA_LIMIT_PERCENT + "%"),
    /** Fieller's exact interval from each side's mean, half-width and sample count. */
    FIELLER("Fieller's");

    /** What a pooled-spread interval over interleaved rounds names after its round count. */
    static final String ROUNDS_POOLED = " interleaved rounds, spread pooled";

    private final String description;

    RatioMethod(String description) {
        this.description = description;
    }

    /** How the legend and the captions name this method. */
    public String description() {
        return description;
    }

    /** Every method in the order they are tried: "a, else b, else …". */
    public static String legend() {
        return Arrays.stream(values()).map(RatioMethod::description).collect(Collectors.joining(", else "));
    }

    /** The label of a paired interval over {@code n} rounds. */
    public static String pairedLabel(int n) {
        return "paired rounds (" + n + ")";
    }

    /** The label of an anytime-valid interval over {@code n} paired rounds. */
    public static String anytimeLabel(int n) {
        return "anytime-valid, " + n + " paired rounds";
    }

    /** The label of a pooled-spread interval. */
    public static String pooledSpreadLabel(double df, int cases) {
        return String.format(Locale.ROOT, "pooled fork spread (t, %.0f df over %d cases)", df, cases);
    }

    /** The label of a pooled-spread interval over interleaved rounds. */
    public static String pooledRoundsLabel(double df, int cases, int rounds) {
        return String.format(Locale.ROOT, "%d%s (t, %.0f df over %d cases)", rounds, ROUNDS_POOLED, df, cases);
    }

    /** The labels of the methods without parameters. */
    public static final String DELTA_LABEL = "delta";
    public static final String FIELLER_LABEL = "Fieller";
    public static final String BOOTSTRAP_LABEL = "bootstrap (forks, then iterations)";
    public static final String BOOTSTRAP_ONE_FORK_LABEL = "bootstrap (iterations only: one fork)";

    /** "N interleaved rounds" of a {@link #POOLED_ROUNDS} label, else null. */
    public static String roundsOf(String label) {
        int i = label == null ? -1 : label.indexOf(ROUNDS_POOLED);
        return i > 0 ? label.substring(0, i + ROUNDS_POOLED.indexOf(',')) : null;
    }

    /** The method an interval's label names; null for a label no ratio method gives (JMH's, Student t, a fit's). */
    public static RatioMethod of(String label) {
        if (label == null) {
            return null;
        }
        if (label.contains(ROUNDS_POOLED)) {
            return POOLED_ROUNDS;
        }
        if (label.startsWith("anytime-valid, ")) {
            return ANYTIME;
        }
        if (label.startsWith("paired rounds (")) {
            return PAIRED;
        }
        if (label.startsWith("pooled fork spread (")) {
            return POOLED_SPREAD;
        }
        if (label.startsWith(BOOTSTRAP_LABEL) || label.startsWith(BOOTSTRAP_ONE_FORK_LABEL)) {
            return BOOTSTRAP;
        }
        return label.equals(DELTA_LABEL) ? DELTA : label.equals(FIELLER_LABEL) ? FIELLER : null;
    }

    /** Whether an interval was measured over interleaved rounds (its remedy counts rounds, not forks). */
    public static boolean overRounds(Interval i) {
        RatioMethod m = of(i.method());
        return m == ANYTIME || m == POOLED_ROUNDS || m == PAIRED || i.method().endsWith(RatioInterval.ONE_ROUND);
    }

    /**
     * The ratio intervals whose method {@code legend} does not name, or that no {@link RatioMethod} gives: empty when
     * the legend tells the truth about these intervals. Intervals of other kinds (JMH's, a fit's) are not ratios and
     * are left out.
     */
    public static List<String> unnamed(String legend, Collection<Interval> ratioIntervals) {
        List<String> out = new ArrayList<>();
        for (Interval i : ratioIntervals) {
            RatioMethod m = of(i.method());
            if (m == null) {
                out.add(i.method() + ": no ratio method gives this label");
            } else if (!legend.contains(m.description())) {
                out.add(i.method() + ": the legend does not name " + m.description());
            }
        }
        return out;
    }
}
