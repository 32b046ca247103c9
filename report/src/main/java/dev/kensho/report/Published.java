package dev.kensho.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.stats.Claim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A figure of a write-up, read from a module's {@code published.csv} (a resource in its section's
 * package): what it measures, its value, unit, source (seed file and table/figure) and the set-up it was
 * measured on, and how to find our matching row ({@code cls}, {@code method} regex, {@code filter}
 * "k=v;k=v", {@code metric}; a derived row of the section is found the same way).
 *
 * <p>{@code kind} says what the reader may conclude (see {@code docs/method.md}): a {@code claim} is a
 * dimensionless statement (a ratio, reference 1) that gets a {@link dev.kensho.report.stats.Verdict}. A claim row carries its own
 * {@code range} ("1.31..2.03", "1..Infinity" or "0..1" for a direction alone) when the write-up gives one for that
 * claim (a claim of shape only, with no number published, leaves {@code published} empty and gives its
 * range); what its mechanism needs to run — {@code needs_cores} (cores for the server alone),
 * {@code needs_threads} (client threads), {@code needs_cluster} ("yes": servers on several hosts); and
 * {@code condition}, a difference in conditions between the write-up and us that can explain a gap in
 * magnitude (synthetic data, a different client writing the reply). A {@code context} figure is bound to the
 * write-up's machine and is shown beside ours without a verdict; a {@code set} figure is one our number
 * follows from an input the suite chose (a round trip, a rate, a schedule): shown as "set by the suite",
 * never as reproduced.
 */
public record Published(String key, Kind kind, String what, double value, double error, String unit, String source,
                        String setup, String cls, String method, Map<String, String> filter, String metric,
                        double rangeLow, double rangeHigh, int needsCores, int needsThreads, boolean needsCluster,
                        String condition) implements Claim {

    public enum Kind { CLAIM, CONTEXT, SET }

    @Override
    public boolean context() {
        return kind == Kind.CONTEXT;
    }

    @Override
    public boolean setBySuite() {
        return kind == Kind.SET;
    }

    /** The {@code published.csv} beside {@code owner} (in its package). */
    public static List<Published> load(Class<?> owner) {
        try (InputStream in = owner.getResourceAsStream("published.csv")) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("no published.csv beside " + owner.getName()));
            }
            CsvMapper m = new CsvMapper();
            MappingIterator<Map<String, String>> it = m.readerFor(Map.class)
                    .with(CsvSchema.emptySchema().withHeader()).readValues(in);
            List<Published> out = new ArrayList<>();
            while (it.hasNext()) {
                Map<String, String> r = it.next();
                Map<String, String> filter = new LinkedHashMap<>();
                for (String kv : r.getOrDefault("filter", "").split(";")) {
                    int eq = kv.indexOf('=');
                    if (eq > 0) {
                        filter.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
                    }
                }
                String range = r.getOrDefault("range", "");
                double lo = Double.NaN;
                double hi = Double.NaN;
                if (range.contains("..")) {
                    lo = Double.parseDouble(range.substring(0, range.indexOf("..")));
                    hi = Double.parseDouble(range.substring(range.indexOf("..") + 2));
                }
                out.add(new Published(r.get("key"), Kind.valueOf(r.get("kind").toUpperCase(Locale.ROOT)),
                        r.get("what"), parse(r.get("published")), parse(r.get("error")), r.get("unit"),
                        r.get("source"), r.get("published_setup"), r.get("cls"), r.get("method"), filter,
                        r.get("metric"), Math.min(lo, hi), Math.max(lo, hi), count(r.get("needs_cores")),
                        count(r.get("needs_threads")), "yes".equalsIgnoreCase(r.getOrDefault("needs_cluster", "").trim()),
                        r.getOrDefault("condition", "").trim()));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read published.csv beside " + owner.getName(), e);
        }
    }

    /** The published value as the ledger shows it. */
    public String shown() {
        if (Double.isNaN(value) && Double.isInfinite(rangeHigh)) {
            return "direction: above " + Export.fmt(rangeLow) + " " + unit;
        }
        if (Double.isNaN(value) && rangeLow == 0 && rangeHigh == 1) {
            return "direction: below 1 " + unit;
        }
        if (Double.isNaN(value)) {
            return "shape: " + Export.fmt(rangeLow) + " … " + Export.fmt(rangeHigh)
                    + " " + unit;
        }
        return Export.fmt(value) + (Double.isNaN(error) ? "" : " ± "
                + Export.fmt(error)) + " " + unit;
    }

    private static int count(String s) {
        return s == null || s.isBlank() ? 0 : Integer.parseInt(s.trim());
    }

    /** Whether the claim's own range (or its value, when it gives no range) straddles 1: it makes no direction. */
    public boolean straddlesOne() {
        return claimLow() < 1 && 1 < claimHigh();
    }

    /** The low end of what the claim says: its range, else its value. */
    public double claimLow() {
        return Double.isNaN(rangeLow) ? value : rangeLow;
    }

    /** The high end of what the claim says: its range, else its value. */
    public double claimHigh() {
        return Double.isNaN(rangeHigh) ? value : rangeHigh;
    }

    private static double parse(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    /** Our rows that measure the same thing (empty when this run did not measure it). */
    public List<Results.Row> ours(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
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
