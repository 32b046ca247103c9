package dev.kensho.report.stats;

import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * How a number grows with a size parameter, for a section's derived rows: a power law
 * {@code score = c · size^b} fitted on log–log axes by weighted least squares, each size weighted by its
 * own 99.9% half-width, over one group of otherwise equal cases. The exponent {@code b} is the derived
 * row ({@code growth_exponent}, "over" = linear, so it reads <em>higher</em> (super-linear), <em>lower</em>
 * (sub-linear) or not resolved against 1), and — only then — a value at a larger size from the same fit.
 *
 * <p>The rule the write-ups' comparisons follow: no extrapolation unless growth was measured in the same
 * regime across at least {@value #MIN_SIZES} sizes; fewer, or a point without an interval, gives no row.
 * The exponent's interval is the fit's, from the points' half-widths (z at 99.9%), widened by
 * {@code sqrt(χ²/(n−2))} when the points scatter about the line more than their intervals allow (a bend
 * the power law does not describe widens the interval instead of hiding).
 */
public final class Growth {

    /** Sizes a fit needs before it may be shown or extrapolated. */
    public static final int MIN_SIZES = 3;
    /** Two-sided z of the suite's confidence (99.9%). */
    private static final double Z = 3.2905267314919255;

    private Growth() {
    }

    /** A fitted power law: {@code log score = a + b · log size}, with the covariance of (a, b). */
    record Fit(double a, double b, double varA, double varB, double covAB, int sizes, double minSize, double maxSize) {

        double at(double size) {
            return Math.exp(a + b * Math.log(size));
        }

        /** 99.9% half-width of {@link #at} (delta rule on exp of the fitted log). */
        double halfWidthAt(double size) {
            double x = Math.log(size);
            double var = varA + x * x * varB + 2 * x * covAB;
            return at(size) * Z * Math.sqrt(Math.max(var, 0));
        }
    }

    /**
     * For every group of rows selected by {@code sel} that differ only in {@code sizeParam} and cover at
     * least {@value #MIN_SIZES} sizes with intervals: a {@code growth_exponent} row, and, when
     * {@code extrapolateTo > 0}, a {@code <metric>_at_<size>} row predicted by the fit.
     */
    public static List<Results.Row> exponents(List<Results.Row> rows, Predicate<Results.Row> sel, String sizeParam,
                                              double extrapolateTo) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        rows.stream().filter(sel).filter(r -> r.param(sizeParam) != null)
                .forEach(r -> groups.computeIfAbsent(Ratios.others(r, sizeParam), k -> new ArrayList<>()).add(r));
        List<Results.Row> out = new ArrayList<>();
        for (List<Results.Row> g : groups.values()) {
            Fit f = fit(g, sizeParam);
            if (f == null) {
                continue;
            }
            Results.Row first = g.stream().min(Comparator.comparingDouble(r -> size(r, sizeParam))).orElseThrow();
            Map<String, String> p = new TreeMap<>(first.params());
            p.remove(sizeParam);
            p.put(sizeParam, fmt(f.minSize()) + "…" + fmt(f.maxSize()) + " (" + f.sizes() + " sizes)");
            Map<String, String> pe = new TreeMap<>(p);
            pe.put("over", "linear (exponent 1)");
            out.add(new Results.Row(first.experiment(), first.cls(), first.method(), pe, "growth_exponent", f.b(),
                    Z * Math.sqrt(f.varB()), "", f.sizes(), Ratios.DERIVED));
            if (extrapolateTo > 0) {
                Map<String, String> px = new TreeMap<>(p);
                px.put("over", "power-law fit, " + sizeParam + "=" + fmt(extrapolateTo));
                out.add(new Results.Row(first.experiment(), first.cls(), first.method(), px,
                        first.metric() + "_at_" + fmt(extrapolateTo), f.at(extrapolateTo), f.halfWidthAt(extrapolateTo),
                        first.unit(), f.sizes(), Ratios.DERIVED));
            }
        }
        return out;
    }

    /** The weighted log–log fit of one group, or null without {@value #MIN_SIZES} sizes that all carry intervals. */
    static Fit fit(List<Results.Row> group, String sizeParam) {
        List<Results.Row> g = group.stream().filter(r -> r.score() > 0 && size(r, sizeParam) > 0).toList();
        if (g.stream().map(r -> r.param(sizeParam)).distinct().count() < MIN_SIZES || g.size() != group.size()) {
            return null;
        }
        int n = g.size();
        double[] x = new double[n];
        double[] y = new double[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            Results.Row r = g.get(i);
            double rel = r.halfWidth() / r.score();
            if (!(rel > 0) || Double.isInfinite(rel)) {
                return null; // a point without an interval cannot be weighted: no fit shown
            }
            double sigma = rel / Z; // standard error of log(score), near enough while rel is small
            x[i] = Math.log(size(r, sizeParam));
            y[i] = Math.log(r.score());
            w[i] = 1 / (sigma * sigma);
        }
        double sw = 0, sx = 0, sy = 0;
        for (int i = 0; i < n; i++) {
            sw += w[i];
            sx += w[i] * x[i];
            sy += w[i] * y[i];
        }
        double mx = sx / sw, my = sy / sw, sxx = 0, sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += w[i] * (x[i] - mx) * (x[i] - mx);
            sxy += w[i] * (x[i] - mx) * (y[i] - my);
        }
        double b = sxy / sxx;
        double a = my - b * mx;
        double chi2 = 0;
        for (int i = 0; i < n; i++) {
            double res = y[i] - a - b * x[i];
            chi2 += w[i] * res * res;
        }
        double scale = n > 2 ? Math.max(1, chi2 / (n - 2)) : 1;
        double varB = scale / sxx;
        double varA = scale * (1 / sw + mx * mx / sxx);
        double cov = -scale * mx / sxx;
        double min = g.stream().mapToDouble(r -> size(r, sizeParam)).min().orElseThrow();
        double max = g.stream().mapToDouble(r -> size(r, sizeParam)).max().orElseThrow();
        int sizes = (int) g.stream().map(r -> r.param(sizeParam)).distinct().count();
        return new Fit(a, b, varA, varB, cov, sizes, min, max);
    }

    private static double size(Results.Row r, String p) {
        try {
            return Double.parseDouble(r.param(p));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format("%,d", (long) v) : String.valueOf(v);
    }
}
