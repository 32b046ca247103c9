package dev.kensho.report;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.common.BadInput;
import dev.kensho.report.stats.Claim;
import dev.kensho.report.stats.Range;

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
 * dimensionless statement of the write-up (a ratio, reference 1) that gets a {@link dev.kensho.report.stats.Verdict}; a
 * {@code check} is judged the same way but its answer follows from the suite's own set-up (a reply of |A| members
 * against an empty one), so it is shown and counted apart from the findings; a {@code context} figure is bound to the
 * write-up's machine and is shown beside ours without a verdict; a {@code set} figure is one our number follows from
 * an input the suite chose (a round trip, a rate, a schedule): shown as "set by the suite", never as reproduced.
 *
 * <p>A claim or check row states the range it is judged on before any run: {@code range} ("1.24..1.96",
 * "1..Infinity") and {@code range_rule}, the rule that gave it ({@link Range.Rule}: {@code write-up}, {@code change×2},
 * {@code ratio×2}, {@code at-least}, {@code direction}); the range is derived from the rule and the published value,
 * and a row whose range disagrees with its rule, or a numeric value without a range, is refused. What its mechanism
 * needs — {@code needs_cores} (cores for the server alone), {@code needs_threads} (client threads),
 * {@code needs_cluster} ("yes": servers on several hosts); {@code condition}, a difference in conditions that can
 * explain a gap in magnitude, and {@code condition_bound}, how far it can move ours ({@link Claim#conditionBound()});
 * {@code scope} "every": one verdict over every row of ours it selects (the weakest of theirs), else one per row;
 * {@code explained_by} "metric: label", a measure of ours that explains the claim's (the region server's CPU beside a
 * load time), shown with each row and never judged; {@code measure}, what would measure the claim when a run does not
 * (a row with no {@code cls} names no benchmark of the suite: it always reads "not measured" with this).
 */
public record Published(String key, Kind kind, String what, double value, double error, String unit, String source,
                        String setup, String cls, String method, Map<String, String> filter, String metric,
                        Range range, int needsCores, int needsThreads, boolean needsCluster, String condition,
                        double conditionBound, boolean every, String explainedBy, String measure) implements Claim {

    public enum Kind { CLAIM, CHECK, CONTEXT, SET }

    /** A claim or check without a condition, a scope, an explanation or a measure note (tests, fixtures). */
    public Published(String key, Kind kind, String what, double value, String unit, String cls, String method,
                     Map<String, String> filter, String metric, Range range) {
        this(key, kind, what, value, Double.NaN, unit, "seed.txt", "their box", cls, method, filter, metric, range, 0, 0,
                false, "", Double.NaN, false, "", "");
    }

    @Override
    public boolean context() {
        return kind == Kind.CONTEXT;
    }

    @Override
    public boolean setBySuite() {
        return kind == Kind.SET;
    }

    /** A claim or a check: judged on its range. */
    public boolean judged() {
        return kind == Kind.CLAIM || kind == Kind.CHECK;
    }

    /** Whether the row names a benchmark of ours (a row without one is never measured, and says what would). */
    public boolean measured() {
        return cls != null && !cls.isBlank();
    }

    /** The {@code published.csv} beside {@code owner} (in its package). */
    public static List<Published> load(Class<?> owner) {
        try (InputStream in = owner.getResourceAsStream("published.csv")) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("no published.csv beside " + owner.getName()));
            }
            return read(in, owner.getPackageName().replace('.', '/') + "/published.csv");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read published.csv beside " + owner.getName(), e);
        }
    }

    /** The rows of one {@code published.csv}; {@code where} names it in a refusal. */
    static List<Published> read(InputStream in, String where) throws IOException {
        CsvMapper m = new CsvMapper();
        MappingIterator<Map<String, String>> it = m.readerFor(Map.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(in);
        List<Published> out = new ArrayList<>();
        while (it.hasNext()) {
            out.add(row(it.next(), where));
        }
        return out;
    }

    private static Published row(Map<String, String> r, String where) {
        String key = r.get("key");
        Map<String, String> filter = new LinkedHashMap<>();
        for (String kv : r.getOrDefault("filter", "").split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                filter.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
            }
        }
        Kind kind = Kind.valueOf(r.get("kind").trim().toUpperCase(Locale.ROOT));
        double value = parse(r.get("published"));
        String condition = r.getOrDefault("condition", "").trim();
        double bound = parse(r.get("condition_bound"));
        String explained = r.getOrDefault("explained_by", "").trim();
        String cls = r.getOrDefault("cls", "").trim();
        String measure = r.getOrDefault("measure", "").trim();
        Range range = range(r, value, kind == Kind.CLAIM || kind == Kind.CHECK, cls.isEmpty(), where + " row " + key);
        if (!condition.isEmpty() && Double.isNaN(bound)) {
            throw BadInput.of(where + " row " + key + " condition_bound", "(empty)",
                    "how far its condition can move ours (docs/method.md, Verdicts), beside every condition");
        }
        if (cls.isEmpty() && measure.isEmpty()) {
            throw BadInput.of(where + " row " + key + " measure", "(empty)", "what would measure a row that names no benchmark");
        }
        return new Published(key, kind, r.get("what"), value, parse(r.get("error")), r.get("unit"), r.get("source"),
                r.get("published_setup"), cls, r.get("method"), filter, r.get("metric"), range, count(r.get("needs_cores")),
                count(r.get("needs_threads")), "yes".equalsIgnoreCase(r.getOrDefault("needs_cluster", "").trim()),
                condition, bound, "every".equalsIgnoreCase(r.getOrDefault("scope", "").trim()), explained, measure);
    }

    /**
     * The row's range, derived from its rule and checked against the range it writes: a judged row names a rule and a
     * range that agree, a value never stands without a range; a row that names no benchmark may state none.
     */
    private static Range range(Map<String, String> r, double value, boolean judged, boolean noBenchmark, String row) {
        String written = r.getOrDefault("range", "").trim();
        String ruleName = r.getOrDefault("range_rule", "").trim();
        double lo = Double.NaN;
        double hi = Double.NaN;
        if (written.contains("..")) {
            lo = Double.parseDouble(written.substring(0, written.indexOf("..")));
            hi = Double.parseDouble(written.substring(written.indexOf("..") + 2));
        }
        if (!judged || written.isEmpty() && ruleName.isEmpty() && noBenchmark && Double.isNaN(value)) {
            return null;
        }
        Range.Rule rule = Range.Rule.named(ruleName);
        if (rule == null) {
            throw BadInput.of(row + " range_rule", ruleName.isEmpty() ? "(empty)" : ruleName,
                    "write-up, change×2, ratio×2, at-least or direction (docs/method.md, Ranges): a claim is never judged on a bare point");
        }
        if (written.isEmpty()) {
            throw BadInput.of(row + " range", "(empty)", "the range its rule " + rule.label() + " gives, written out");
        }
        Range derived;
        try {
            derived = Range.of(rule, value, lo, hi);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(row + " range_rule", rule.label(), e.getMessage());
        }
        if (!derived.sameEnds(lo, hi)) {
            throw BadInput.of(row + " range", written, "the range its rule " + rule.label() + " gives to "
                    + Export.fmt(value) + ": " + Range.num(derived.low()) + ".." + Range.num(derived.high()));
        }
        return derived;
    }

    /** The published value and the range it is judged on: "1.48 x; range 1.24–1.96 (change×2)", "above 1 (write-up)". */
    public String shown() {
        String number = Double.isNaN(value) ? "" : Export.fmt(value) + (Double.isNaN(error) ? "" : " ± "
                + Export.fmt(error)) + " " + unit;
        if (range == null) {
            return number.isEmpty() ? "no number published" : number;
        }
        return number.isEmpty() ? range.shown() : number + "; range " + range.shown();
    }

    /** The label of the explaining measure ("" when none): {@code explained_by} after its metric. */
    public String explanationLabel() {
        int colon = explainedBy.indexOf(':');
        return colon < 0 ? explainedBy : explainedBy.substring(colon + 1).strip();
    }

    /** The metric of the explaining measure ("" when none). */
    public String explanationMetric() {
        int colon = explainedBy.indexOf(':');
        return colon < 0 ? explainedBy : explainedBy.substring(0, colon).strip();
    }

    private static int count(String s) {
        return s == null || s.isBlank() ? 0 : Integer.parseInt(s.trim());
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
