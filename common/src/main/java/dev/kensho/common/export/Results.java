package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.latency.LogPercentiles;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Every number of a run folder as flat {@link Row}s: JMH's primary and secondary metrics, rates derived
 * from {@link Recorder#work} records (records/s, MiB/s from single-shot times, error scaled alike), and
 * the {@link Recorder#measurement} values (mean ± standard deviation over forks and iterations).
 */
public final class Results {

    /**
     * One number. {@code error} is JMH's 99.9% confidence half-width for JMH metrics, the standard
     * deviation for recorded measurements; NaN when there was one sample. {@code interval} is set on a
     * derived ratio, whose interval need not be symmetric ({@code error} then covers it, infinite when it is
     * unbounded); null elsewhere. {@code forks} holds the iterations behind a JMH score whose score is their
     * pooled mean (JMH's {@code rawData}), null for every other row.
     */
    public record Row(String experiment, String cls, String method, Map<String, String> params, String metric, double score,
                      double error, String unit, int samples, String source, Interval interval, Forks forks) {

        /** A row without per-fork iterations. */
        public Row(String experiment, String cls, String method, Map<String, String> params, String metric, double score,
                   double error, String unit, int samples, String source, Interval interval) {
            this(experiment, cls, method, params, metric, score, error, unit, samples, source, interval, null);
        }

        /** A row whose interval, if any, is symmetric: {@link #halfWidth()} around the score. */
        public Row(String experiment, String cls, String method, Map<String, String> params, String metric, double score,
                   double error, String unit, int samples, String source) {
            this(experiment, cls, method, params, metric, score, error, unit, samples, source, null);
        }

        /** This number's 99.9% interval and its method; null when it has none. */
        public Interval bounds() {
            if (interval != null) {
                return interval;
            }
            double h = halfWidth();
            return Double.isNaN(h) ? null : new Interval(score - h, score + h,
                    RECORDED.equals(source) ? "Student t" : "JMH");
        }

        public String paramString() {
            StringBuilder sb = new StringBuilder();
            params.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
            return sb.toString();
        }

        public String param(String k) {
            return params.get(k);
        }

        /**
         * The 99.9% half-width of this number's interval, NaN when it has none: JMH's own for JMH scores
         * (and rates derived from them, scaled alike); for a derived ratio, the half-width that covers its
         * {@link #interval()} (NaN when that is unbounded); for a
         * recorded measurement, Student's t over its samples from their standard deviation. Every interval
         * the report and Compare judge by comes from here, never from {@code error} directly.
         */
        public double halfWidth() {
            if (Double.isNaN(error) || Double.isInfinite(error)) {
                return Double.NaN;
            }
            if (!RECORDED.equals(source)) {
                return error;
            }
            if (samples < 2) {
                return Double.NaN;
            }
            return Interval.tQuantile(samples - 1) * error / Math.sqrt(samples);
        }
    }

    /** The confidence of every interval the suite states (JMH's own). */
    public static final double CONFIDENCE = 0.999;
    /** {@link Row#source()} of a number recorded beside JMH's score ({@link Recorder#measurement}). */
    public static final String RECORDED = "recorded";

    private static final ObjectMapper JSON = new ObjectMapper();

    private Results() {
    }

    public static List<Row> load(Path runDir) {
        List<Row> rows = new ArrayList<>();
        Map<String, List<JsonNode>> work = new LinkedHashMap<>();
        Map<String, List<Double>> meas = new LinkedHashMap<>();
        Map<String, JsonNode> measKey = new LinkedHashMap<>();
        for (JsonNode m : Jsonl.read(runDir.resolve(Recorder.MEASUREMENTS_FILE))) {
            if (!m.has("benchmark")) {
                continue;
            }
            String key = m.get("benchmark").asText() + "|" + params(m.get("params"));
            if ("work".equals(m.path("metric").asText())) {
                work.computeIfAbsent(key, k -> new ArrayList<>()).add(m);
            } else if (m.has("value")) {
                String mk = key + "|" + m.get("metric").asText();
                meas.computeIfAbsent(mk, k -> new ArrayList<>()).add(m.get("value").asDouble());
                measKey.putIfAbsent(mk, m);
            }
        }
        Path jmh = runDir.resolve("jmh");
        if (Files.isDirectory(jmh)) {
            try (Stream<Path> files = Files.list(jmh)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    JsonNode arr;
                    try {
                        arr = JSON.readTree(f.toFile());
                    } catch (IOException e) {
                        continue; // a class still running has a partial file
                    }
                    for (JsonNode b : arr) {
                        String bench = b.get("benchmark").asText();
                        Map<String, String> p = params(b.get("params"));
                        JsonNode pm = b.get("primaryMetric");
                        String mode = b.get("mode").asText();
                        int rounds = b.path(JmhMerge.ROUNDS_FIELD).asInt(0);
                        boolean looked = b.path(JmhMerge.LOOKED_FIELD).asBoolean(false);
                        Row primary = row(bench, p, mode, pm, rounds, looked);
                        rows.add(primary);
                        Iterator<Map.Entry<String, JsonNode>> it = b.path("secondaryMetrics").fields();
                        while (it.hasNext()) {
                            Map.Entry<String, JsonNode> e = it.next();
                            rows.add(row(bench, p, e.getKey(), e.getValue(), rounds, looked));
                        }
                        List<JsonNode> w = work.get(bench + "|" + p);
                        if (w != null && !w.isEmpty()) {
                            rows.addAll(derived(bench, p, primary, w.get(w.size() - 1)));
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        meas.forEach((mk, values) -> {
            JsonNode m = measKey.get(mk);
            String bench = m.get("benchmark").asText();
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            double sd = values.size() < 2 ? Double.NaN : Math.sqrt(values.stream()
                    .mapToDouble(v -> (v - mean) * (v - mean)).sum() / (values.size() - 1));
            rows.add(new Row(experiment(bench), cls(bench), method(bench), params(m.get("params")), m.get("metric").asText(), mean, sd,
                    m.path("unit").asText(""), values.size(), RECORDED));
        });
        fromIntervalLogs(rows, runDir);
        return rows; // the report attaches each method's fork spread (report.stats.ForkSpreads)
    }

    /**
     * Percentiles a case's interval logs report ({@link dev.kensho.common.latency.LogPercentiles}: every fork's
     * measurement intervals merged) replace the recorded ones of the same name, which are per-fork values.
     */
    private static void fromIntervalLogs(List<Row> rows, Path runDir) {
        List<Row> logged = new ArrayList<>();
        for (var log : LogPercentiles.read(runDir)) {
            if (log.metricPrefix() == null || log.intervals().isEmpty()) {
                continue;
            }
            String b = log.benchmark();
            for (var p : log.percentiles()) {
                logged.add(new Row(experiment(b), cls(b), method(b), new TreeMap<>(log.params()), p.metric(), p.value(),
                        p.sd(), "us", p.intervals(), RECORDED));
            }
        }
        Set<String> names = new HashSet<>();
        logged.forEach(r -> names.add(r.cls() + "|" + r.method() + "|" + r.params() + "|" + r.metric()));
        rows.removeIf(r -> RECORDED.equals(r.source()) && names.contains(r.cls() + "|" + r.method() + "|" + r.params() + "|" + r.metric()));
        rows.addAll(logged);
    }

    private static List<Row> derived(String bench, Map<String, String> p, Row primary, JsonNode work) {
        List<Row> out = new ArrayList<>();
        double seconds = toSeconds(primary.score(), primary.unit());
        if (Double.isNaN(seconds) || seconds <= 0) {
            return out;
        }
        double rel = Double.isNaN(primary.error()) ? Double.NaN : primary.error() / primary.score();
        long records = work.path("records").asLong();
        long bytes = work.path("bytes").asLong();
        if (records > 0) {
            double r = records / seconds;
            out.add(new Row(experiment(bench), cls(bench), method(bench), p, "records/s", r, r * rel, "records/s", primary.samples(),
                    "derived", null, rateForks(primary, records)));
        }
        if (bytes > 0) {
            double r = bytes / seconds / (1024.0 * 1024.0);
            out.add(new Row(experiment(bench), cls(bench), method(bench), p, "MiB/s", r, r * rel, "MiB/s", primary.samples(),
                    "derived", null, rateForks(primary, bytes / (1024.0 * 1024.0))));
        }
        return out;
    }

    /**
     * The forks of a rate {@code per / seconds} derived from a time-per-operation row, so that a ratio of two rates
     * gets the interval its two time rows would (paired rounds, an anytime-valid sequence, a bootstrap) instead of
     * one from the rates' half-widths alone: each fork's iterations become rates, scaled so that the fork's mean is
     * {@code per} over the fork's mean time — the rate of the fork's work, as the row's score is the rate of the
     * run's; per-round ratios of fork means are then exactly the reciprocals of the time rows'. Null when the
     * primary row has no forks or a fork's time is not positive.
     */
    static Forks rateForks(Row primary, double per) {
        Forks f = primary.forks();
        if (f == null || f.count() == 0) {
            return null;
        }
        List<double[]> out = new ArrayList<>(f.count());
        for (double[] fork : f.iterations()) {
            double[] rates = new double[fork.length];
            double sumSeconds = 0;
            double sumRates = 0;
            for (int i = 0; i < fork.length; i++) {
                double s = toSeconds(fork[i], primary.unit());
                if (!(s > 0)) {
                    return null;
                }
                sumSeconds += s;
                rates[i] = per / s;
                sumRates += rates[i];
            }
            if (fork.length > 0) {
                double scale = (per / (sumSeconds / fork.length)) / (sumRates / fork.length);
                for (int i = 0; i < rates.length; i++) {
                    rates[i] *= scale;
                }
            }
            out.add(rates);
        }
        return new Forks(out, f.rounds(), null, f.looked());
    }

    /** Seconds per operation from a JMH time unit ("s/op", "ms/op", "us/op", "ns/op"), else NaN. */
    static double toSeconds(double score, String unit) {
        if (!unit.endsWith("/op")) {
            return Double.NaN;
        }
        return switch (unit.substring(0, unit.length() - 3)) {
            case "s" -> score;
            case "ms" -> score / 1e3;
            case "us" -> score / 1e6;
            case "ns" -> score / 1e9;
            case "min" -> score * TimeUnit.MINUTES.toSeconds(1);
            default -> Double.NaN;
        };
    }

    private static Row row(String bench, Map<String, String> p, String metric, JsonNode m, int rounds, boolean looked) {
        double err = m.path("scoreError").isNumber() ? m.get("scoreError").asDouble() : Double.NaN;
        double score = m.get("score").asDouble();
        Forks forks = forks(m.path("rawData"), rounds);
        forks = looked ? new Forks(forks.iterations(), rounds, null, true) : forks;
        int n = forks.samples();
        // a metric JMH sums or maxes over iterations (gc.count) is no pooled mean: its iterations say nothing about its ratio
        boolean pooledMean = n > 0 && Math.abs(forks.pooledMean() - score) <= 1e-9 * Math.max(1, Math.abs(score));
        return new Row(experiment(bench), cls(bench), method(bench), p, metric, score, err,
                m.path("scoreUnit").asText(""), n, "jmh", null, pooledMean ? forks : null);
    }

    /** JMH's {@code rawData} (an array of iteration values per fork) as {@link Forks}. */
    static Forks forks(JsonNode rawData, int rounds) {
        List<double[]> out = new ArrayList<>();
        for (JsonNode fork : rawData) {
            double[] v = new double[fork.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = fork.get(i).asDouble();
            }
            out.add(v);
        }
        return new Forks(out, rounds);
    }

    static Map<String, String> params(JsonNode n) {
        Map<String, String> p = new TreeMap<>();
        if (n != null) {
            n.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        }
        return p;
    }

    /** dev.kensho.redis.sets.X.m → redis-sets; dev.kensho.common.… → common. */
    static String experiment(String bench) {
        return Case.experiment(bench); // the runfiles layer names a benchmark's experiment
    }

    static String cls(String bench) {
        String c = bench.substring(0, bench.lastIndexOf('.'));
        return c.substring(c.lastIndexOf('.') + 1);
    }

    static String method(String bench) {
        return bench.substring(bench.lastIndexOf('.') + 1);
    }

}
