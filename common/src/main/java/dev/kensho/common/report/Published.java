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
 * {@code metric}).
 */
public record Published(String experiment, String key, String what, double value, double error, String unit,
                        String source, String setup, String cls, String method, Map<String, String> filter,
                        String metric) {

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
                        r.get("published_setup"), r.get("cls"), r.get("method"), filter, r.get("metric")));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read published.csv", e);
        }
    }

    private static double parse(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    /** Our rows that measure the same thing (empty when this run did not measure it). */
    public List<Results.Row> ours(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
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
