package dev.kensho.common.report;

import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * One chart of the report, as a selection of a run's rows: {@code cls} + {@code method} regex +
 * {@code metric} regex, optionally filtered by params; x from a param (numeric for LINE, category for BAR),
 * one series per distinct value of the {@code series} params ({@code method} and {@code metric}
 * may be named too). Error bars from the rows' errors.
 */
public record ChartSpec(String id, String title, Kind kind, String cls, String method, String metric,
                        String x, List<String> series, Map<String, String> filter, boolean logX, boolean logY,
                        String xLabel, String yLabel) {

    public enum Kind { BAR, LINE }

    public static ChartSpec bar(String id, String title, String cls, String method, String metric, String x,
                                String yLabel, String... series) {
        return new ChartSpec(id, title, Kind.BAR, cls, method, metric, x, Arrays.asList(series), Map.of(), false,
                false, x, yLabel);
    }

    public static ChartSpec line(String id, String title, String cls, String method, String metric, String x,
                                 boolean logX, boolean logY, String yLabel, String... series) {
        return new ChartSpec(id, title, Kind.LINE, cls, method, metric, x, Arrays.asList(series), Map.of(), logX,
                logY, x, yLabel);
    }

    public ChartSpec where(String param, String value) {
        Map<String, String> f = new LinkedHashMap<>(filter);
        f.put(param, value);
        return new ChartSpec(id, title, kind, cls, method, metric, x, series, f, logX, logY, xLabel, yLabel);
    }

    public ChartSpec xLabel(String label) {
        return new ChartSpec(id, title, kind, cls, method, metric, x, series, filter, logX, logY, label, yLabel);
    }

    /** A point of a series. */
    public record Point(String x, double y, double error) {
    }

    /** The selected rows grouped into series (name → points in x order). */
    public Map<String, List<Point>> select(List<Results.Row> rows) {
        Predicate<Results.Row> match = r -> r.cls().equals(cls) && r.method().matches(method)
                && r.metric().matches(metric)
                && filter.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())));
        Map<String, List<Point>> out = new TreeMap<>(ChartSpec::natural);
        for (Results.Row r : rows) {
            if (!match.test(r)) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (series.contains("method")) {
                parts.add(r.method());
            }
            if (series.contains("metric")) {
                parts.add(r.metric());
            }
            for (String s : series) {
                if (!s.equals("method") && !s.equals("metric") && r.params().containsKey(s)) {
                    parts.add(s + "=" + r.params().get(s));
                }
            }
            String name = parts.isEmpty() ? metric : String.join(" ", parts);
            String xv = x.equals("method") ? r.method() : r.params().getOrDefault(x, "");
            out.computeIfAbsent(name, k -> new ArrayList<>()).add(new Point(xv, r.score(),
                    Double.isNaN(r.error()) ? 0 : r.error()));
        }
        if (kind == Kind.LINE) {
            out.values().forEach(ps -> ps.sort((a, b) -> Double.compare(num(a.x()), num(b.x()))));
        }
        return out;
    }

    /** Series names in natural order: "roundTripMs=20" before "roundTripMs=100". */
    static int natural(String a, String b) {
        java.util.regex.Matcher ma = DIGITS.matcher(a);
        java.util.regex.Matcher mb = DIGITS.matcher(b);
        int ia = 0;
        int ib = 0;
        while (ma.find(ia) && mb.find(ib) && a.substring(ia, ma.start()).equals(b.substring(ib, mb.start()))) {
            int c = new java.math.BigDecimal(ma.group()).compareTo(new java.math.BigDecimal(mb.group()));
            if (c != 0) {
                return c;
            }
            ia = ma.end();
            ib = mb.end();
        }
        int rest = a.substring(ia).compareTo(b.substring(ib));
        return rest != 0 ? rest : a.compareTo(b);
    }

    private static final java.util.regex.Pattern DIGITS = java.util.regex.Pattern.compile("\\d+(\\.\\d+)?");

    static double num(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
