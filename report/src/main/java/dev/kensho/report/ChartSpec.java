package dev.kensho.report;

import dev.kensho.common.export.Results;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One chart of the report, as a selection of a run's rows: {@code cls} + {@code method} regex +
 * {@code metric} regex, optionally filtered by params; x from a param (numeric for LINE, category for BAR),
 * one series per distinct value of the {@code series} params ({@code method} and {@code metric}
 * may be named too). Error bars from the rows' errors. {@code cls}, {@code method}, the params and the
 * metric are names of the module's benchmarks: {@code SectionCheck} (common's test-jar) fails a module's
 * build when one of them no longer exists.
 */
public record ChartSpec(String id, String title, Kind kind, String cls, String method, String metric,
                        String x, List<String> series, Map<String, String> filter, boolean logX, boolean logY,
                        String xLabel, String yLabel, List<String> references) {

    public enum Kind { BAR, LINE }

    public static ChartSpec bar(String id, String title, String cls, String method, String metric, String x,
                                String yLabel, String... series) {
        return new ChartSpec(id, title, Kind.BAR, cls, method, metric, x, Arrays.asList(series), Map.of(), false,
                false, x, yLabel, List.of());
    }

    public static ChartSpec line(String id, String title, String cls, String method, String metric, String x,
                                 boolean logX, boolean logY, String yLabel, String... series) {
        return new ChartSpec(id, title, Kind.LINE, cls, method, metric, x, Arrays.asList(series), Map.of(), logX,
                logY, x, yLabel, List.of());
    }

    public ChartSpec where(String param, String value) {
        Map<String, String> f = new LinkedHashMap<>(filter);
        f.put(param, value);
        return new ChartSpec(id, title, kind, cls, method, metric, x, series, f, logX, logY, xLabel, yLabel, references);
    }

    public ChartSpec xLabel(String label) {
        return new ChartSpec(id, title, kind, cls, method, metric, x, series, filter, logX, logY, label, yLabel, references);
    }

    /**
     * Draws the published figure {@code key} (of the section's {@link Published} list) as a reference
     * line: only for a figure in the chart's own unit.
     */
    public ChartSpec reference(String key) {
        List<String> refs = new ArrayList<>(references);
        refs.add(key);
        return new ChartSpec(id, title, kind, cls, method, metric, x, series, filter, logX, logY, xLabel, yLabel, refs);
    }

    /** The chart's data from {@code rows}, with the referenced published figures as lines. */
    public Plot plot(List<Results.Row> rows, List<Published> published) {
        List<Plot.Reference> refs = new ArrayList<>();
        for (String key : references) {
            published.stream().filter(p -> p.key().equals(key)).findFirst()
                    .ifPresent(p -> refs.add(new Plot.Reference("published: " + p.what(), p.value())));
        }
        return new Plot(id, title, kind, xLabel, yLabel, logX, logY, select(rows), refs);
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
        Matcher ma = DIGITS.matcher(a);
        Matcher mb = DIGITS.matcher(b);
        int ia = 0;
        int ib = 0;
        while (ma.find(ia) && mb.find(ib) && a.substring(ia, ma.start()).equals(b.substring(ib, mb.start()))) {
            int c = new BigDecimal(ma.group()).compareTo(new BigDecimal(mb.group()));
            if (c != 0) {
                return c;
            }
            ia = ma.end();
            ib = mb.end();
        }
        int rest = a.substring(ia).compareTo(b.substring(ib));
        return rest != 0 ? rest : a.compareTo(b);
    }

    private static final Pattern DIGITS = Pattern.compile("\\d+(\\.\\d+)?");

    static double num(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
