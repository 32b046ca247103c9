package dev.kensho.common.latency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.runfiles.Case;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A run's latency percentiles read back from its interval logs ({@link IntervalLog}, {@code <run>/hlog/*.hlog}):
 * the intervals of every log of one case and one kind — each fork writes its own file — are merged with
 * HdrHistogram's {@code add}, and the percentiles are taken of the merged histogram, so p99 is the p99 of
 * every measured request of the case, not a mean of per-fork p99s. Beside each percentile: the standard
 * deviation of the same percentile over the intervals (one per JMH measurement iteration) and their
 * number, from which {@code Results.Row#halfWidth} makes a Student-t interval as for any recorded value.
 *
 * <p>A log names its case on a comment line ({@code #kensho-case {...}}, JSON: benchmark, params, kind and
 * the metric prefix its percentiles are reported under); HdrHistogram's readers skip comment lines.
 */
public final class LogPercentiles {

    static final String CASE_TAG = "kensho-case ";
    private static final ObjectMapper JSON = new ObjectMapper();

    private LogPercentiles() {
    }

    /** One latency ({@code kind}) of one case: its measurement intervals, from every fork's log. */
    public record CaseLog(String benchmark, Map<String, String> params, String kind, String metricPrefix,
                          List<Histogram> intervals) {

        /** Every interval added into one histogram (1 ns … 1 h, 3 significant digits, as {@link Latencies}). */
        public Histogram merged() {
            Histogram h = new Histogram(3600_000_000_000L, 3);
            intervals.forEach(h::add);
            return h;
        }

        /**
         * {@code <metricPrefix>p50|p99|p999|max} (µs) of the merged histogram, each with the standard deviation
         * of that percentile over the non-empty intervals (NaN with fewer than two).
         */
        public List<Percentile> percentiles() {
            Map<String, Double> all = Latencies.percentiles(merged());
            List<Map<String, Double>> each = intervals.stream().filter(h -> h.getTotalCount() > 0)
                    .map(Latencies::percentiles).toList();
            List<Percentile> out = new ArrayList<>();
            all.forEach((k, v) -> {
                double[] xs = each.stream().mapToDouble(m -> m.get(k)).toArray();
                out.add(new Percentile(metricPrefix + k.substring(k.indexOf('_') + 1), v, sd(xs), xs.length));
            });
            return out;
        }
    }

    /** A percentile in µs, the standard deviation of it over the intervals, and their number. */
    public record Percentile(String metric, double value, double sd, int intervals) {
    }

    /** The comment line naming a log's case (written by {@link IntervalLog}). */
    static String caseLine(Case c, String kind, String metricPrefix) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", c.benchmark());
        m.put("params", new TreeMap<>(c.params()));
        m.put("kind", kind);
        m.put("metricPrefix", metricPrefix);
        try {
            return CASE_TAG + JSON.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Every case's logs in the run folder, the files of one case and kind together, in file-name order.
     * Logs without a case line (written by something else) and logs still being written (a truncated
     * last line: the report re-reads them once the case has ended) are left out.
     */
    public static List<CaseLog> read(Path runDir) {
        Path dir = runDir.resolve(IntervalLog.DIR);
        Map<String, CaseLog> byCase = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".hlog")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        for (Path f : files) {
            CaseLog one = readFile(f);
            if (one == null) {
                continue;
            }
            String key = one.benchmark() + "|" + one.params() + "|" + one.kind();
            CaseLog prev = byCase.get(key);
            if (prev == null) {
                byCase.put(key, one);
            } else {
                List<Histogram> both = new ArrayList<>(prev.intervals());
                both.addAll(one.intervals());
                byCase.put(key, new CaseLog(prev.benchmark(), prev.params(), prev.kind(), prev.metricPrefix(), both));
            }
        }
        return new ArrayList<>(byCase.values());
    }

    /** One log file, or null when it names no case or cannot be read whole. */
    public static CaseLog readFile(Path f) {
        JsonNode c = caseOf(f);
        if (c == null) {
            return null;
        }
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader r = null;
        try {
            r = new HistogramLogReader(f.toFile());
            for (EncodableHistogram h = r.nextIntervalHistogram(); h != null; h = r.nextIntervalHistogram()) {
                if (h instanceof Histogram hh) {
                    intervals.add(hh);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // still being written by a running fork
        } finally {
            if (r != null) {
                r.close();
            }
        }
        Map<String, String> params = new TreeMap<>();
        c.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        String prefix = c.path("metricPrefix").isTextual() ? c.get("metricPrefix").asText() : null;
        return new CaseLog(c.path("benchmark").asText(), params, c.path("kind").asText(), prefix, intervals);
    }

    private static JsonNode caseOf(Path f) {
        try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null && line.startsWith("#"); line = in.readLine()) {
                if (line.startsWith("#" + CASE_TAG)) {
                    return JSON.readTree(line.substring(1 + CASE_TAG.length()));
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    private static double sd(double[] xs) {
        if (xs.length < 2) {
            return Double.NaN;
        }
        double m = 0;
        for (double x : xs) {
            m += x;
        }
        m /= xs.length;
        double ss = 0;
        for (double x : xs) {
            ss += (x - m) * (x - m);
        }
        return Math.sqrt(ss / (xs.length - 1));
    }
}
