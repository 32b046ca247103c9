package dev.kensho.common.report;

import dev.kensho.common.export.Export;

import java.util.Locale;

/**
 * The verdict on a published claim from our value of the same dimensionless quantity and its interval
 * (the rules of {@code trust.md}); never from the means alone. A claim is a ratio with reference 1: its
 * direction is whether the published value is above or below 1. An interval that holds 1 is "not resolved"
 * only while it also holds the claim (value or range): one that holds 1 and excludes the claim is narrower than
 * the distinction the claim makes, and the claim's magnitude is contradicted.
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

    /**
     * @param value our value in the published unit; {@code half} its half-width (NaN: none)
     * @param cores the run's cores (0 when unknown)
     */
    public static String of(Published p, double value, double half, int cores) {
        if (Double.isNaN(value)) {
            return NOT_MEASURED;
        }
        if (p.kind() == Published.Kind.CONTEXT) {
            return CONTEXT;
        }
        if (p.kind() == Published.Kind.SET) {
            return SET_BY_SUITE;
        }
        if (p.needsCores() > 0 && cores > 0 && cores < p.needsCores()) {
            return NOT_REPRODUCIBLE + ": needs ≥ " + p.needsCores() + " cores, this machine has " + cores;
        }
        if (Double.isNaN(half)) {
            return NOT_RESOLVED + ": no interval (one sample)";
        }
        double lo = value - half;
        double hi = value + half;
        double claimed = Double.isNaN(p.value()) ? (p.rangeLow() + p.rangeHigh()) / 2 : p.value(); // a shape: its range
        boolean claimUp = claimed > 1;
        boolean claimInside = lo <= claimed && claimed <= hi && !Double.isNaN(p.value())
                || !Double.isNaN(p.rangeLow()) && lo <= p.rangeHigh() && p.rangeLow() <= hi;
        if (lo <= 1 && hi >= 1) {
            if (claimInside || Double.isNaN(claimed)) {
                return NOT_RESOLVED + ": our interval contains 1";
            }
            // no difference resolved, but the interval is narrower than the claim's distinction: it excludes the claim
            return CONTRADICTED + ": magnitude outside our interval, which holds 1 (no difference)" + factor(value, lo, hi, p);
        }
        boolean oursUp = lo > 1;
        if (oursUp != claimUp) {
            return CONTRADICTED + ": opposite direction";
        }
        if (claimInside) {
            return REPRODUCED + factor(value, lo, hi, p);
        }
        return CONTRADICTED + ": same direction, magnitude outside our interval" + factor(value, lo, hi, p);
    }

    private static String factor(double v, double lo, double hi, Published p) {
        return String.format(Locale.ROOT, " (ours %s [%s, %s] vs %s%s)", Export.fmt(v), Export.fmt(lo), Export.fmt(hi),
                Double.isNaN(p.value()) ? "shape" : Export.fmt(p.value()), Double.isNaN(p.rangeLow()) ? ""
                        : ", range " + Export.fmt(p.rangeLow()) + "–" + Export.fmt(p.rangeHigh()));
    }
}
