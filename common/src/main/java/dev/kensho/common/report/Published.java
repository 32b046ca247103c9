package dev.kensho.common.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kensho.common.export.Results;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published figures of the five write-ups, all in one data file ({@code published.csv} beside this
 * class), each with its source (seed file and table/figure) and the set-up it was measured on, plus
 * how to find our matching number in a run ({@code cls}, {@code method}, {@code filter} "k=v;k=v",
 * {@code metric}), and for times measured on a smaller data set, {@code linear_scale}
 * ("users=10000000", "attributes*users=100000000"): the published size, to extrapolate our time to it
 * linearly (the growth benchmarks show how far linear holds).
 */
public record Published(String experiment, String key, String what, double value, double error, String unit,
                        String source, String setup, String cls, String method, Map<String, String> filter,
                        String metric, String linearScale) {

    public static List<Published> load() {
        try (InputStream in = Published.class.getResourceAsStream("published.csv")) {
            CsvMapper m = new CsvMapper();
            MappingIterator<Map<String, String>> it = m.readerFor(Map.class)
                    .with(CsvSchema.emptySchema().withHeader()).readValues(in);
            List<Published> out = new ArrayList<>();
            while (it.hasNext()) {
                Map<String, String> r = it.next();
                Map<String, String> filter = new LinkedHashMap<>();
                String f = r.getOrDefault("filter", "");
                for (String kv : f.split(";")) {
                    int eq = kv.indexOf('=');
                    if (eq > 0) {
                        filter.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
                    }
                }
                out.add(new Published(r.get("experiment"), r.get("key"), r.get("what"),
                        Double.parseDouble(r.get("published")), parse(r.get("error")), r.get("unit"), r.get("source"),
                        r.get("published_setup"), r.get("cls"), r.get("method"), filter, r.get("metric"),
                        r.getOrDefault("linear_scale", "")));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read published.csv", e);
        }
    }

    private static double parse(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    private static final java.util.regex.Pattern RATIO =
            java.util.regex.Pattern.compile("ratio\\((\\w+)\\.(\\w+)/(\\w+)\\.(\\w+);([^)]+)\\)");

    /**
     * Our rows that measure the same thing (empty when this run did not measure it). A metric
     * {@code ratio(A.m/B.n;metric)} is the best (highest) A.m value over the best B.n value, its error
     * the sum of the relative errors.
     */
    public List<Results.Row> ours(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        java.util.regex.Matcher m = metric == null ? null : RATIO.matcher(metric);
        if (m != null && m.matches()) {
            Results.Row a = best(rows, m.group(1), m.group(2), m.group(5));
            Results.Row b = best(rows, m.group(3), m.group(4), m.group(5));
            if (a != null && b != null) {
                double v = a.score() / b.score();
                double rel = (Double.isNaN(a.error()) ? 0 : a.error() / a.score()) + (Double.isNaN(b.error()) ? 0 : b.error() / b.score());
                Map<String, String> p = new LinkedHashMap<>();
                p.put("of", a.method() + " " + a.paramString());
                p.put("over", b.method() + " " + b.paramString());
                out.add(new Results.Row(experiment, a.cls(), a.method(), p, "ratio", v, v * rel, "x", a.samples(), "derived"));
            }
            return out;
        }
        if (cls == null || cls.isBlank()) {
            return out;
        }
        for (Results.Row r : rows) {
            if (r.cls().equals(cls) && (method == null || method.isBlank() || r.method().matches(method))
                    && r.metric().equals(metric)
                    && filter.entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())))) {
                out.add(r);
            }
        }
        return out;
    }

    /** Factor that scales our time linearly to the published size, or NaN when not applicable. */
    public double scaleFactor(Results.Row ours) {
        if (linearScale == null || linearScale.isBlank() || ours == null) {
            return Double.NaN;
        }
        String[] kv = linearScale.split("=");
        double n = 1;
        for (String param : kv[0].split("\\*")) {
            String v = ours.params().get(param.trim());
            if (v == null) {
                return Double.NaN;
            }
            n *= Double.parseDouble(v);
        }
        return Double.parseDouble(kv[1]) / n;
    }

    private static Results.Row best(List<Results.Row> rows, String cls, String method, String metric) {
        return rows.stream().filter(r -> r.cls().equals(cls) && r.method().equals(method) && r.metric().equals(metric))
                .max(java.util.Comparator.comparingDouble(Results.Row::score)).orElse(null);
    }

    /** Our value in the published unit (JMH time units converted to seconds when the published unit is s). */
    public double convert(double ourValue, String ourUnit) {
        if ("s".equals(unit) && ourUnit.endsWith("/op")) {
            return switch (ourUnit) {
                case "ms/op" -> ourValue / 1e3;
                case "us/op" -> ourValue / 1e6;
                case "ns/op" -> ourValue / 1e9;
                default -> ourValue;
            };
        }
        return ourValue;
    }
}
