package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Ratios between two cases of a run, for a section's derived rows: one configuration over its
 * counterpart (the same params but one), never the best of each side. The ratio's 99.9% interval comes from
 * both sides' ({@link RatioInterval#of}: paired rounds, a bootstrap over the iterations, the delta rule or
 * Fieller's) and is
 * kept on the row ({@link Results.Row#interval()}), with the method that gave it. A side without an error
 * (one sample) gives a ratio without an interval.
 */
public final class Ratios {

    /** The source of a derived row, in {@code results.csv} and the report. */
    public static final String DERIVED = "derived";

    private Ratios() {
    }

    /**
     * {@code a / b} as a row on {@code a}'s class, method and params plus {@code over=<b's case>},
     * named {@code metric}, unit "x".
     */
    public static Results.Row ratio(String metric, Results.Row a, Results.Row b) {
        double v = a.score() / b.score();
        Interval interval = Width.explain(RatioInterval.of(a, b), v, a, b);
        Map<String, String> p = new TreeMap<>(a.params());
        p.put("over", b.method().equals(a.method()) ? diff(a, b) : b.cls() + "." + b.method() + (diff(a, b).isEmpty() ? "" : " " + diff(a, b)));
        return new Results.Row(a.experiment(), a.cls(), a.method(), p, metric, v,
                interval == null ? Double.NaN : interval.coveringHalfWidth(v), "x", Math.min(a.samples(), b.samples()),
                DERIVED, interval);
    }

    /** The params of {@code b} that differ from {@code a}'s, "k=v …". */
    private static String diff(Results.Row a, Results.Row b) {
        StringBuilder sb = new StringBuilder();
        b.params().forEach((k, v) -> {
            if (!v.equals(a.params().get(k))) {
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v);
            }
        });
        return sb.toString();
    }

    /**
     * For every row selected by {@code sel} whose {@code param} is {@code num}, the ratio to the selected
     * row with the same other params and {@code param = den}, named {@code metric}.
     */
    public static List<Results.Row> pairs(List<Results.Row> rows, Predicate<Results.Row> sel, String param, String num,
                                          String den, String metric) {
        return against(rows, sel.and(r -> num.equals(r.param(param))), sel.and(r -> den.equals(r.param(param))),
                r -> others(r, param), metric);
    }

    /**
     * Every {@code num} row over the {@code den} row with the same {@code key} (its counterpart), named
     * {@code metric}.
     */
    public static List<Results.Row> against(List<Results.Row> rows, Predicate<Results.Row> num, Predicate<Results.Row> den,
                                            Function<Results.Row, String> key, String metric) {
        Map<String, Results.Row> denominators = new LinkedHashMap<>();
        rows.stream().filter(den).forEach(r -> denominators.put(key.apply(r), r));
        List<Results.Row> out = new ArrayList<>();
        for (Results.Row r : rows) {
            Results.Row d = num.test(r) ? denominators.get(key.apply(r)) : null;
            if (d != null && d != r && d.score() != 0) {
                out.add(ratio(metric, r, d));
            }
        }
        return out;
    }

    /**
     * The gain of a numeric {@code param} (threads, io-threads): per group of otherwise equal selected
     * rows, the row at the largest value over the row at the smallest, named {@code metric}.
     */
    public static List<Results.Row> gain(List<Results.Row> rows, Predicate<Results.Row> sel, String param, String metric) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        rows.stream().filter(sel).filter(r -> r.param(param) != null)
                .forEach(r -> groups.computeIfAbsent(others(r, param), k -> new ArrayList<>()).add(r));
        List<Results.Row> out = new ArrayList<>();
        for (List<Results.Row> g : groups.values()) {
            Comparator<Results.Row> byParam = Comparator.comparingDouble(r -> Double.parseDouble(r.param(param)));
            Results.Row lo = g.stream().min(byParam).orElseThrow();
            Results.Row hi = g.stream().max(byParam).orElseThrow();
            if (lo != hi && lo.score() != 0) {
                out.add(ratio(metric, hi, lo));
            }
        }
        return out;
    }

    /** Cls, method, metric and the params but {@code param}: rows equal but for that param share it. */
    public static String others(Results.Row r, String... param) {
        Map<String, String> p = new TreeMap<>(r.params());
        for (String x : param) {
            p.remove(x);
        }
        return r.cls() + "|" + r.method() + "|" + r.metric() + "|" + p;
    }

    /** Selects rows of one class, method regex and metric. */
    public static Predicate<Results.Row> rows(String cls, String method, String metric) {
        return r -> r.cls().equals(cls) && r.method().matches(method) && r.metric().equals(metric);
    }

    /**
     * "higher", "lower" or "not resolved at this noise": where a ratio's (or growth exponent's) interval lies
     * against 1; a derived value in a unit of its own (an extrapolated time, a knee rate) is compared with
     * nothing and reads as its interval only.
     */
    public static String reading(Results.Row ratio) {
        Interval i = ratio.bounds();
        if (!"x".equals(ratio.unit()) && !ratio.unit().isEmpty()) {
            return i == null ? "no interval" : "±" + Math.round(100 * ratio.error() / Math.abs(ratio.score())) + "%";
        }
        if (i == null) {
            return "no interval (one sample)";
        }
        if (i.isUnbounded()) {
            return "not resolved: unbounded interval (the denominator's reaches 0)";
        }
        if (i.low() > 1) {
            return "higher";
        }
        if (i.high() < 1) {
            return "lower";
        }
        return "not resolved at this noise";
    }
}
