package dev.kensho.report.cost;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;

/**
 * A cost or size computed from measured numbers and inputs the suite sets, with the 99.9% interval carried from
 * the measurement ({@code low}, {@code high}; NaN when a measured side had one sample). Why a helper: every cost
 * table multiplies, divides and inverts measured rates, and the interval has to follow the same rules everywhere
 * (docs/method.md):
 * <ul>
 * <li>× or ÷ a number the suite sets (a price, a member count): the ends scale with it — exact;</li>
 * <li>a price ÷ a measured rate: [price ÷ high, price ÷ low] — exact for a monotone function of one measured side;
 *     unbounded above when the rate's interval reaches 0;</li>
 * <li>a ratio or product of two measured numbers: relative half-widths in quadrature ({@code delta}) only when both
 *     sides are within ±10%; otherwise the interval ends combined ({@code ends}: [lo ÷ hi, hi ÷ lo] and
 *     [lo × lo, hi × hi] for positive numbers) — conservative, as it assumes the worst of both at once.</li>
 * </ul>
 */
public record Estimate(double value, double low, double high, String method) {

    /** Relative half-width up to which the delta rule is used. */
    public static final double DELTA_LIMIT = 0.10;
    public static final String DELTA = "delta";
    public static final String ENDS = "interval ends";

    /** A measured row's score and its interval ({@link Results.Row#bounds()}). */
    public static Estimate of(Results.Row r) {
        Interval b = r.bounds();
        return b == null ? new Estimate(r.score(), Double.NaN, Double.NaN, "one sample")
                : new Estimate(r.score(), b.low(), b.high(), b.method());
    }

    /** A measured value with a symmetric half-width (NaN: no interval). */
    public static Estimate of(double value, double halfWidth, String method) {
        return new Estimate(value, value - halfWidth, value + halfWidth, method);
    }

    /** A number the suite sets: no interval of its own. */
    public static Estimate set(double value) {
        return new Estimate(value, value, value, "set by the suite");
    }

    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high);
    }

    /** This × a number the suite sets (≥ 0). */
    public Estimate times(double factor) {
        return new Estimate(value * factor, low * factor, high * factor, method);
    }

    /** {@code numerator} (set by the suite, ≥ 0) ÷ this measured positive number: [n ÷ high, n ÷ low]. */
    public Estimate into(double numerator) {
        double hi = low > 0 ? numerator / low : Double.POSITIVE_INFINITY;
        return new Estimate(numerator / value, numerator / high, Double.isNaN(low) ? Double.NaN : hi, method);
    }

    /** This ÷ another measured number (both positive). */
    public Estimate over(Estimate d) {
        double v = value / d.value;
        if (!hasInterval() || !d.hasInterval()) {
            return new Estimate(v, Double.NaN, Double.NaN, "one sample");
        }
        if (within(this) && within(d)) {
            double rel = Math.hypot(rel(this), rel(d));
            return new Estimate(v, v * (1 - rel), v * (1 + rel), DELTA);
        }
        double hi = d.low > 0 ? high / d.low : Double.POSITIVE_INFINITY;
        return new Estimate(v, low / d.high, hi, ENDS);
    }

    /** This × another measured number (both positive). */
    public Estimate times(Estimate o) {
        double v = value * o.value;
        if (!hasInterval() || !o.hasInterval()) {
            return new Estimate(v, Double.NaN, Double.NaN, "one sample");
        }
        if (within(this) && within(o)) {
            double rel = Math.hypot(rel(this), rel(o));
            return new Estimate(v, v * (1 - rel), v * (1 + rel), DELTA);
        }
        return new Estimate(v, Math.max(0, low) * Math.max(0, o.low), high * o.high, ENDS);
    }

    /** The interval's ends rounded up to whole units (nodes, shards): "3" or "3 … 5". */
    public String wholeUnits() {
        long v = ceil(value);
        if (!hasInterval()) {
            return v + " (one sample: no interval)";
        }
        long lo = ceil(low);
        return lo == ceil(high) ? Long.toString(lo) : lo + " … " + (Double.isInfinite(high) ? "unbounded" : Long.toString(ceil(high)));
    }

    /** Whole units (as {@link #wholeUnits}) × a price per unit: "219" or "219 … 438". */
    public String wholeUnitsCost(double perUnit) {
        double lo = ceil(hasInterval() ? low : value) * perUnit;
        if (hasInterval() && Double.isInfinite(high)) {
            return Export.fmt(lo) + " … unbounded";
        }
        double hi = ceil(hasInterval() ? high : value) * perUnit;
        return lo == hi ? Export.fmt(lo) : Export.fmt(lo) + " … " + Export.fmt(hi);
    }

    /** "12.3 [10.1, 15.0]", or "12.3 (one sample: no interval)". */
    public String shown() {
        if (!hasInterval()) {
            return Export.fmt(value) + " (one sample: no interval)";
        }
        return Export.fmt(value) + " [" + Export.fmt(low) + ", " + (Double.isInfinite(high) ? "unbounded" : Export.fmt(high)) + "]";
    }

    private static long ceil(double v) {
        return (long) Math.ceil(v - 1e-9);
    }

    private static boolean within(Estimate e) {
        return rel(e) <= DELTA_LIMIT;
    }

    /** The larger relative distance from the value to an end. */
    private static double rel(Estimate e) {
        return Math.max(e.high - e.value, e.value - e.low) / Math.abs(e.value);
    }
}
