package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.latency.Latencies;
import dev.kensho.common.runfiles.Recorder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The merged numbers of checked shards (see {@link Merge} for the rules). */
final class Sums {

    /**
     * The header comment {@link IntervalLog} writes: benchmark, params, kind. The dash between params and kind
     * is whatever the writing JVM's default charset made of "—" (a "?" under an ASCII locale, e.g. in the image).
     */
    private static final Pattern HEADER = Pattern.compile("#kensho (\\S+) \\{(.*)\\} \\S+ ([^:]+):.*");
    private static final Set<String> COUNT_UNITS = Set.of("requests", "records", "messages", "bytes", "ops", "count");

    private final List<ShardFolder> shards;
    private final List<String> notes = new ArrayList<>();
    /** Merged intervals by log name, per fork. */
    private final Map<String, List<List<Histogram>>> merged = new TreeMap<>();
    /** Log name → the case and kind its header names. */
    private final Map<String, String[]> logCase = new TreeMap<>();

    Sums(List<ShardFolder> shards) {
        this.shards = shards;
        ShardFolder first = shards.get(0);
        first.hlogs.forEach((name, forks) -> {
            List<List<Histogram>> out = new ArrayList<>();
            for (int f = 0; f < forks.size(); f++) {
                List<Histogram> intervals = new ArrayList<>();
                for (int i = 0; i < forks.get(f).size(); i++) {
                    Histogram sum = new Histogram(3);
                    sum.setAutoResize(true);
                    long start = Long.MAX_VALUE;
                    long end = 0;
                    for (ShardFolder s : shards) {
                        Histogram h = s.hlogs.get(name).get(f).get(i);
                        sum.add(h);
                        start = Math.min(start, h.getStartTimeStamp());
                        end = Math.max(end, h.getEndTimeStamp());
                    }
                    sum.setStartTimeStamp(start);
                    sum.setEndTimeStamp(end);
                    intervals.add(sum);
                }
                out.add(intervals);
            }
            merged.put(name, out);
            logCase.put(name, header(first.dir.resolve(IntervalLog.DIR), name));
        });
    }

    /** The merged logs (for tests: every interval of every fork). */
    Map<String, List<List<Histogram>>> logs() {
        return merged;
    }

    List<String> notes() {
        return notes;
    }

    /**
     * JMH JSON per class file: primary values merged per (fork, iteration) by mode ({@link CaseSums}), additive
     * secondary counters summed, intervals recomputed; the other secondaries (a profiler's cores) stay in the shards.
     */
    Map<String, ArrayNode> jmh() {
        Map<String, ArrayNode> out = new TreeMap<>();
        ShardFolder first = shards.get(0);
        first.jmh.forEach((cls, cases) -> {
            ArrayNode arr = Merge.JSON.createArrayNode();
            cases.forEach((key, b) -> {
                CaseSums c = new CaseSums(shards, cls, key);
                ObjectNode m = b.deepCopy();
                JsonNode forks = b.path("primaryMetric").path("rawData");
                ObjectNode pm = (ObjectNode) m.get("primaryMetric");
                pm.set("rawData", merged(forks, c::merged, pm));
                ObjectNode sec = m.putObject("secondaryMetrics");
                b.path("secondaryMetrics").fields().forEachRemaining(e -> {
                    if ("thrpt".equals(c.mode) && CaseSums.additive(e.getKey(), e.getValue())) {
                        ObjectNode sm = e.getValue().deepCopy();
                        sm.set("rawData", merged(forks, (f, i) -> c.secondary(e.getKey(), f, i), sm));
                        sec.set(e.getKey(), sm);
                    }
                });
                arr.add(m);
                spread(c, b, pm.path("scoreUnit").asText());
            });
            out.put(cls, arr);
        });
        return out;
    }

    private interface Cell {
        double at(int f, int i);
    }

    /** rawData of the same shape as {@code forks} holding {@code value} per (f, i); scores {@code metric} over them. */
    private static ArrayNode merged(JsonNode forks, Cell value, ObjectNode metric) {
        ArrayNode raw = Merge.JSON.createArrayNode();
        List<Double> all = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            ArrayNode fork = raw.addArray();
            for (int i = 0; i < forks.get(f).size(); i++) {
                double v = value.at(f, i);
                fork.add(v);
                all.add(v);
            }
        }
        score(metric, all);
        metric.remove("rawDataHistogram");
        return raw;
    }

    /** Mean, JMH's 99.9% Student-t half-width, confidence and percentiles over {@code v}. */
    static void score(ObjectNode pm, List<Double> v) {
        int n = v.size();
        double mean = v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double err = Double.NaN;
        if (n > 1) {
            double sd = Math.sqrt(v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1));
            err = Interval.tQuantile(n - 1) * sd / Math.sqrt(n);
        }
        pm.put("score", mean);
        if (Double.isNaN(err)) {
            pm.put("scoreError", "NaN");
        } else {
            pm.put("scoreError", err);
        }
        pm.putArray("scoreConfidence").add(Double.isNaN(err) ? mean : mean - err).add(Double.isNaN(err) ? mean : mean + err);
        double[] sorted = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        ObjectNode pct = pm.putObject("scorePercentiles");
        for (double p : new double[]{0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0}) {
            pct.put(Double.toString(p), sorted[(int) Math.min(sorted.length - 1, Math.round(p / 100 * (sorted.length - 1)))]);
        }
    }

    /** The shards' spread of rates ({@code shard_spread}) and each one's score, for the notes. */
    private void spread(CaseSums c, JsonNode b, String unit) {
        Map<String, String> params = params(b.get("params"));
        extra.add(line(b.get("benchmark").asText(), params, "shard_spread", c.spread(), "ratio"));
        // how many client machines this case's figure rests on: every shard but those that sat it out (a fan-out's
        // subscribers-only shards count: they received its messages)
        long machines = c.all.stream().filter(s -> !s.idle.contains(c.key)).count();
        extra.add(line(b.get("benchmark").asText(), params, "client_machines", machines, "machines"));
        notes.add(b.get("benchmark").asText() + " " + params + ": " + c.note(unit));
    }

    private final List<JsonNode> extra = new ArrayList<>();

    /** measurements.jsonl of the merged run. */
    List<JsonNode> measurements() {
        Map<String, Map<Integer, List<JsonNode>>> byMetric = new LinkedHashMap<>();
        for (ShardFolder s : shards) {
            for (JsonNode m : s.measurements) {
                String k = ShardFolder.key(m.path("benchmark").asText(), m.get("params")) + "|" + m.path("metric").asText();
                byMetric.computeIfAbsent(k, x -> new TreeMap<>()).computeIfAbsent(s.index, x -> new ArrayList<>()).add(m);
            }
        }
        Set<String> fromLogs = new LinkedHashSet<>();
        List<JsonNode> out = new ArrayList<>();
        merged.forEach((name, forks) -> {
            String[] c = logCase.get(name);
            if (c == null) {
                notes.add("interval log " + name + " has no kensho header: merged, but no percentiles derived from it");
                return;
            }
            String prefix = c[2].equals("service") ? "latency_" : "latency_" + c[2] + "_";
            Map<String, String> params = parseParams(c[1]);
            for (List<Histogram> fork : forks) {
                Histogram total = new Histogram(3);
                total.setAutoResize(true);
                fork.forEach(total::add);
                Latencies.percentiles(total).forEach((k, v) ->
                        out.add(line(c[0], params, prefix + k.substring("latency_".length()), v, "us")));
            }
            for (String p : List.of("p50", "p99", "p999", "max")) {
                fromLogs.add(c[0] + "|" + new TreeMap<>(params) + "|" + prefix + p);
            }
        });
        byMetric.forEach((k, perShard) -> {
            if (fromLogs.contains(k)) {
                return;
            }
            JsonNode any = perShard.values().iterator().next().get(0);
            String metric = any.path("metric").asText();
            String unit = any.path("unit").asText("");
            if ("work".equals(metric)) {
                out.add(work(any, perShard));
            } else if (metric.matches(".*_(p\\d+|max)")) {
                notes.add(k + ": a percentile without an interval log cannot be merged exactly; left out (see the shards)");
            } else if (!any.has("value") || !(COUNT_UNITS.contains(unit) || unit.endsWith("/s"))) {
                perShard.values().forEach(out::addAll); // per-shard figures: the report shows their mean and spread
            } else {
                int n = perShard.values().stream().mapToInt(List::size).min().orElse(0);
                for (int i = 0; i < n; i++) {
                    double sum = 0;
                    for (List<JsonNode> l : perShard.values()) {
                        sum += l.get(i).path("value").asDouble();
                    }
                    ObjectNode m = any.deepCopy();
                    m.put("value", sum);
                    out.add(m);
                }
            }
        });
        out.addAll(extra);
        return out;
    }

    /**
     * The merged {@code work} line of a case: the records and bytes of one operation of every shard whose score counts,
     * summed (the last line of each, as the export reads it) — with the merged time it gives the N machines' records/s.
     */
    private JsonNode work(JsonNode any, Map<Integer, List<JsonNode>> perShard) {
        long records = 0;
        long bytes = 0;
        String key = ShardFolder.key(any.path("benchmark").asText(), any.get("params"));
        for (Map.Entry<Integer, List<JsonNode>> e : perShard.entrySet()) {
            if (shards.get(e.getKey()).counts(key)) {
                JsonNode last = e.getValue().get(e.getValue().size() - 1);
                records += last.path("records").asLong();
                bytes += last.path("bytes").asLong();
            }
        }
        return ((ObjectNode) any.deepCopy()).put("records", records).put("bytes", bytes);
    }

    void writeHlogs(Path dir) throws IOException {
        for (Map.Entry<String, List<List<Histogram>>> e : merged.entrySet()) {
            String[] c = logCase.get(e.getKey());
            for (int f = 0; f < e.getValue().size(); f++) {
                Path file = dir.resolve(e.getKey() + "-" + (f + 1) + ".hlog");
                HistogramLogWriter w;
                try {
                    w = new HistogramLogWriter(file.toFile());
                } catch (FileNotFoundException ex) {
                    throw new IOException(ex.getMessage(), ex);
                }
                if (c != null) {
                    w.outputComment("kensho " + c[0] + " {" + c[1] + "} — " + c[2] + ": merged from " + shards.size()
                            + " shards (Histogram.add per aligned iteration)");
                }
                w.outputComment("values in nanoseconds; one interval per JMH measurement iteration; timestamps are epoch seconds");
                List<Histogram> intervals = e.getValue().get(f);
                w.outputLogFormatVersion();
                w.outputStartTime(intervals.get(0).getStartTimeStamp());
                w.outputLegend();
                intervals.forEach(w::outputIntervalHistogram);
                w.close();
            }
        }
    }

    /** [benchmark, params as written ("a=1, b=2"), kind] from a shard's log header, or null. */
    private static String[] header(Path hdir, String name) {
        try (Stream<Path> files = Files.list(hdir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches(Pattern.quote(name) + "-\\d+\\.hlog")).toList()) {
                String firstLine = Files.readAllLines(f, StandardCharsets.UTF_8).stream().findFirst().orElse("");
                Matcher m = HEADER.matcher(firstLine);
                if (m.matches()) {
                    return new String[]{m.group(1), m.group(2), m.group(3)};
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    private static Map<String, String> parseParams(String s) {
        Map<String, String> p = new TreeMap<>();
        if (!s.isBlank()) {
            Arrays.stream(s.split(", ")).forEach(kv -> p.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1)));
        }
        return p;
    }

    private static Map<String, String> params(JsonNode n) {
        Map<String, String> p = new TreeMap<>();
        if (n != null) {
            n.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        }
        return p;
    }

    private static JsonNode line(String bench, Map<String, String> params, String metric, double value, String unit) {
        return Merge.JSON.valueToTree(Recorder.measurementLine(bench, params, metric, value, unit));
    }
}
