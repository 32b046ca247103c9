package dev.kensho.report.stats;

import dev.kensho.common.export.Export;

import java.util.Locale;

/**
 * The range a claim is judged on, fixed with the claim before any run, and the one rule that gave it
 * ({@code docs/method.md}, Ranges). A claim is a ratio with reference 1; its range is never another claim's cells and
 * never chosen after a run. The rules:
 * <ul>
 *   <li>{@link Rule#WRITE_UP} — the write-up's own words for this claim: a span it states (+13 … +56%), "up to −47%"
 *       (0.53 … 1), or a side of 1 in words ("takes longer": 1 … ∞; "below": 0 … 1). Given as written;</li>
 *   <li>{@link Rule#CHANGE_X2} — a change c (published as the ratio 1 + c) read within a factor of 2 of itself:
 *       1 + c/2 … 1 + 2c (+48% → 1.24 … 1.96; −3% → 0.94 … 0.985);</li>
 *   <li>{@link Rule#RATIO_X2} — a ratio r read as r/2 … 2r ("about the same" is r = 1: 0.5 … 2); a ratio on one side of
 *       1 keeps its side: the range stops at 1 (0.53 → 0.265 … 1);</li>
 *   <li>{@link Rule#AT_LEAST} — "N× or more": N … ∞, one-sided;</li>
 *   <li>{@link Rule#DIRECTION} — a figure whose only claim is its side of 1, read from the write-up's numbers: 1 … ∞ or
 *       0 … 1.</li>
 * </ul>
 */
public record Range(double low, double high, Rule rule) {

    /** How a claim's range follows from what the write-up published. */
    public enum Rule {
        WRITE_UP("write-up"), CHANGE_X2("change×2"), RATIO_X2("ratio×2"), AT_LEAST("at-least"), DIRECTION("direction");

        private final String label;

        Rule(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The rule named {@code label} (as published.csv spells it), or null. */
        public static Rule named(String label) {
            for (Rule r : values()) {
                if (r.label.equals(label) || r.name().equalsIgnoreCase(label.replace('-', '_'))) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * The range a rule gives a published value; for {@link Rule#WRITE_UP} and {@link Rule#DIRECTION} the range as
     * written ({@code low}, {@code high}), which the rule only checks.
     *
     * @throws IllegalArgumentException when the rule cannot give a range from what is there
     */
    public static Range of(Rule rule, double value, double low, double high) {
        return switch (rule) {
            case WRITE_UP -> {
                require(!Double.isNaN(low) && !Double.isNaN(high) && low < high, "a write-up range needs its two ends");
                yield new Range(low, high, rule);
            }
            case DIRECTION -> {
                boolean up = low == 1 && Double.isInfinite(high);
                require(up || low == 0 && high == 1, "a direction is 1..Infinity or 0..1");
                yield new Range(low, high, rule);
            }
            case CHANGE_X2 -> {
                require(!Double.isNaN(value) && value != 1 && value > 0, "a change needs the published ratio (1 + change), not 1");
                double c = value - 1;
                yield new Range(Math.min(1 + c / 2, 1 + 2 * c), Math.max(1 + c / 2, 1 + 2 * c), rule);
            }
            case RATIO_X2 -> {
                require(!Double.isNaN(value) && value > 0, "a ratio needs the published ratio");
                double lo = value / 2;
                double hi = value * 2;
                yield new Range(value > 1 ? Math.max(1, lo) : lo, value < 1 ? Math.min(1, hi) : hi, rule);
            }
            case AT_LEAST -> {
                require(!Double.isNaN(value) && value > 0, "'N× or more' needs N");
                yield new Range(value, Double.POSITIVE_INFINITY, rule);
            }
        };
    }

    private static void require(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException(what);
        }
    }

    /** Whether the range lies on one side of 1 (the claim has a direction): above it (1) or below it (−1); else 0. */
    public int direction() {
        if (low >= 1 && high > 1) {
            return 1;
        }
        if (high <= 1 && low < 1) {
            return -1;
        }
        return 0;
    }

    /** Whether {@code other} holds the same ends (to the rounding a CSV writes them with: 0.1%). */
    public boolean sameEnds(double otherLow, double otherHigh) {
        return close(low, otherLow) && close(high, otherHigh);
    }

    private static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-3 * Math.max(Math.abs(a), Math.abs(b));
    }

    /** "1.24–1.96 (change×2)", "above 1 (write-up)", "≥ 47.0 (at-least)". */
    public String shown() {
        String ends;
        if (low == 1 && Double.isInfinite(high)) {
            ends = "above 1";
        } else if (low == 0 && high == 1) {
            ends = "below 1";
        } else if (Double.isInfinite(high)) {
            ends = "≥ " + num(low);
        } else {
            ends = num(low) + "–" + num(high);
        }
        return String.format(Locale.ROOT, "%s (%s)", ends, rule.label());
    }

    /**
     * A range's end as {@link Export#fmt} prints it, or with the digits it takes to print it exactly (up to 5
     * significant): 1.085 stays 1.085, not 1.08.
     */
    public static String num(double v) {
        String s = Export.fmt(v);
        if (Math.abs(v) >= 1000 || Double.isInfinite(v) || Double.isNaN(v)) {
            return s;
        }
        for (int digits = 3; digits <= 5 && Math.abs(Double.parseDouble(s) - v) > 1e-9 * Math.abs(v); digits++) {
            s = new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).stripTrailingZeros().toPlainString();
        }
        return s;
    }
}
