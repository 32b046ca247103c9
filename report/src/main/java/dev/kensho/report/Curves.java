package dev.kensho.report;

import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Charts of metrics against another metric of the same case (latency percentiles against achieved
 * throughput), one chart per case of a sweep — what a {@link ChartSpec}, whose x is a param, cannot draw.
 * The rows of one class and method that differ only in the {@code sweep} param are one case; each point
 * is one sweep value: x the score of {@code xMetric}, y the score of a series' metric with its 99.9%
 * half-width ({@link Results.Row#halfWidth()}) as the error bar. A point without its x row is left out.
 */
public final class Curves {

    private Curves() {
    }

    /**
     * One LINE {@link Plot} per case, id {@code <idPrefix>-<values of the params that vary between cases>},
     * titled {@code title — <those params>}; {@code series} maps a legend label to a metric name.
     */
    public static List<Plot> perCase(List<Results.Row> rows, String cls, String method, String sweep, String xMetric,
                                     Map<String, String> series, String idPrefix, String title, String xLabel,
                                     String yLabel, boolean logY) {
        Map<String, Map<String, Results.Row>> byCase = new TreeMap<>(ChartSpec::natural);
        Map<String, Map<String, String>> caseParams = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            if (r.cls().equals(cls) && r.method().equals(method) && r.param(sweep) != null) {
                Map<String, String> p = new TreeMap<>(r.params());
                p.remove(sweep);
                String key = p.toString();
                caseParams.put(key, p);
                byCase.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(r.param(sweep) + "|" + r.metric(), r);
            }
        }
        Set<String> varying = varying(caseParams.values());
        List<Plot> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, Results.Row>> c : byCase.entrySet()) {
            Map<String, Results.Row> m = c.getValue();
            Set<String> sweepValues = new TreeSet<>(ChartSpec::natural);
            m.values().forEach(r -> sweepValues.add(r.param(sweep)));
            Map<String, List<ChartSpec.Point>> pts = new LinkedHashMap<>();
            for (Map.Entry<String, String> s : series.entrySet()) {
                List<ChartSpec.Point> ps = new ArrayList<>();
                for (String v : sweepValues) {
                    Results.Row x = m.get(v + "|" + xMetric);
                    Results.Row y = m.get(v + "|" + s.getValue());
                    if (x != null && y != null) {
                        double e = y.halfWidth();
                        ps.add(new ChartSpec.Point(Double.toString(x.score()), y.score(), Double.isNaN(e) ? 0 : e));
                    }
                }
                ps.sort((a, b) -> Double.compare(ChartSpec.num(a.x()), ChartSpec.num(b.x())));
                if (!ps.isEmpty()) {
                    pts.put(s.getKey(), ps);
                }
            }
            if (pts.isEmpty()) {
                continue;
            }
            Map<String, String> p = caseParams.get(c.getKey());
            List<String> names = new ArrayList<>();
            List<String> values = new ArrayList<>();
            p.forEach((k, v) -> {
                if (varying.contains(k)) {
                    names.add(k + "=" + v);
                    values.add(v);
                }
            });
            String id = (idPrefix + (values.isEmpty() ? "" : "-" + String.join("-", values)))
                    .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "_");
            out.add(new Plot(id, title + (names.isEmpty() ? "" : " — " + String.join(" ", names)), ChartSpec.Kind.LINE,
                    xLabel, yLabel, false, logY, pts, List.of()));
        }
        return out;
    }

    /** The params with more than one value among the cases. */
    private static Set<String> varying(Iterable<Map<String, String>> cases) {
        Map<String, Set<String>> seen = new TreeMap<>();
        for (Map<String, String> p : cases) {
            p.forEach((k, v) -> seen.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
        }
        Set<String> out = new TreeSet<>();
        seen.forEach((k, vs) -> {
            if (vs.size() > 1) {
                out.add(k);
            }
        });
        return out;
    }
}
