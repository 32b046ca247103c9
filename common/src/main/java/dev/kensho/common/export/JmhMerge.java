package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Joins the one-fork JMH result files of a {@code kensho.rounds} run (one file per case per round) into one
 * JMH result file, so that export, report and Compare read it as they read any {@code jmh/<Class>.json}.
 *
 * <p>Per case (benchmark, mode and params), the forks of every round in round order: {@code rawData} is the
 * rounds' arrays one after another, {@code forks} their count, and {@value #ROUNDS_FIELD} the number of rounds
 * when the case has a fork in every round (0 otherwise: such a case is not paired). Rounds the run looked at after
 * each round ({@link #mergeLooked}: a case stops once its claims are decided) mark every case {@value #LOOKED_FIELD}
 * and give it its own rounds, the first k of the class's (a case never resumes once stopped). The primary and every
 * secondary metric ({@code cpu.*}, {@code ·gc.*}) are recomputed the way JMH aggregates forks:
 * <ul>
 *   <li>a metric whose one-fork score is the mean of its iterations (throughput, average and single-shot time,
 *       the suite's {@code cpu.*}): the mean of all iterations, {@code scoreError} the 99.9% Student-t
 *       half-width over all of them (NaN for two or fewer, as JMH), {@code scoreConfidence} and
 *       {@code scorePercentiles} (commons-math3's {@link Percentile}, the minimum at 0, as JMH) likewise;</li>
 *   <li>a metric JMH sums or takes the largest or smallest of ({@code ·gc.count}): the same over all
 *       iterations, without an error;</li>
 *   <li>a metric without {@code rawData} (sample mode's histograms): the mean of the rounds' scores, without an
 *       error, its histograms appended.</li>
 * </ul>
 */
public final class JmhMerge {

    /** The field of a merged benchmark entry that marks it as measured in that many rounds. */
    public static final String ROUNDS_FIELD = "kenshoRounds";
    /** The field of a merged benchmark entry that marks its rounds as looked at after each one (stopped when decided). */
    public static final String LOOKED_FIELD = "kenshoLooked";

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhMerge() {
    }

    /** Reads the files (in round order; several per round) and writes the merged file {@code out}. */
    public static void mergeFiles(List<Path> inRoundOrder, int rounds, Path out) {
        write(read(inRoundOrder), rounds, false, out);
    }

    /**
     * Reads the files of rounds the run looked at (in round order) and writes the merged file {@code out}: each case
     * with the rounds it ran, every case marked {@value #LOOKED_FIELD}.
     */
    public static void mergeLooked(List<Path> inRoundOrder, Path out) {
        mergeLooked(inRoundOrder, out, e -> true);
    }

    /**
     * The same, marking {@value #LOOKED_FIELD} only the cases {@code looked} accepts (the cases the looks stopped);
     * the others ran the rounds planned for them, fixed in advance, and are merged with those rounds unmarked.
     */
    public static void mergeLooked(List<Path> inRoundOrder, Path out, Predicate<JsonNode> looked) {
        ArrayNode merged = merge(read(inRoundOrder), 0, true);
        for (JsonNode e : merged) {
            if (!looked.test(e)) {
                ((ObjectNode) e).remove(LOOKED_FIELD);
            }
        }
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), merged);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every benchmark entry of the files, in their order. */
    public static List<JsonNode> read(List<Path> files) {
        List<JsonNode> entries = new ArrayList<>();
        try {
            for (Path f : files) {
                JSON.readTree(f.toFile()).forEach(entries::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    private static void write(List<JsonNode> entries, int rounds, boolean looked, Path out) {
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), merge(entries, rounds, looked));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The benchmark entries (each a one-fork JMH result, in round order) merged per case, cases sorted by
     * benchmark and params.
     */
    public static ArrayNode merge(List<JsonNode> inRoundOrder, int rounds) {
        return merge(inRoundOrder, rounds, false);
    }

    /**
     * The same; {@code looked}: each case's rounds are its own fork count ({@code rounds} is not read) and every case
     * is marked {@value #LOOKED_FIELD}.
     */
    public static ArrayNode merge(List<JsonNode> inRoundOrder, int rounds, boolean looked) {
        Map<String, List<JsonNode>> byCase = new TreeMap<>();
        for (JsonNode e : inRoundOrder) {
            byCase.computeIfAbsent(e.path("benchmark").asText() + "|" + e.path("mode").asText() + "|" + e.path("params"),
                    k -> new ArrayList<>()).add(e);
        }
        ArrayNode out = JSON.createArrayNode();
        for (List<JsonNode> forks : byCase.values()) {
            ObjectNode merged = forks.get(0).deepCopy();
            merged.put("forks", forks.stream().mapToInt(e -> Math.max(1, e.path("forks").asInt(1))).sum());
            merged.remove(LOOKED_FIELD); // pooling looked runs: their forks are no longer one round each
            if (looked) {
                merged.put(ROUNDS_FIELD, forks.size());
                merged.put(LOOKED_FIELD, true);
            } else {
                merged.put(ROUNDS_FIELD, forks.size() == rounds ? rounds : 0);
            }
            merged.set("primaryMetric", metric(forks.stream().map(e -> e.path("primaryMetric")).toList()));
            ObjectNode secondaries = JSON.createObjectNode();
            for (JsonNode e : forks) {
                Iterator<String> names = e.path("secondaryMetrics").fieldNames();
                while (names.hasNext()) {
                    String name = names.next();
                    if (!secondaries.has(name)) {
                        secondaries.set(name, metric(forks.stream().map(f -> f.path("secondaryMetrics").path(name))
                                .filter(JsonNode::isObject).toList()));
                    }
                }
            }
            merged.set("secondaryMetrics", secondaries);
            out.add(merged);
        }
        return out;
    }

    /** How JMH aggregated a metric's iterations into its score, read from a one-fork result. */
    enum Aggregation { MEAN, SUM, MAX, MIN, UNKNOWN }

    static Aggregation aggregation(double score, double[] values) {
        if (values.length == 0) {
            return Aggregation.UNKNOWN;
        }
        double sum = 0;
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (double v : values) {
            sum += v;
            max = Math.max(max, v);
            min = Math.min(min, v);
        }
        double tol = 1e-9 * Math.max(1, Math.abs(score));
        if (Math.abs(sum / values.length - score) <= tol) {
            return Aggregation.MEAN;
        }
        if (Math.abs(sum - score) <= tol) {
            return Aggregation.SUM;
        }
        return Math.abs(max - score) <= tol ? Aggregation.MAX : Math.abs(min - score) <= tol ? Aggregation.MIN : Aggregation.UNKNOWN;
    }

    /** One metric over the forks of every round. */
    static ObjectNode metric(List<JsonNode> perRound) {
        ObjectNode m = perRound.get(0).deepCopy();
        ArrayNode raw = JSON.createArrayNode();
        ArrayNode histograms = JSON.createArrayNode();
        List<Double> all = new ArrayList<>();
        for (JsonNode r : perRound) {
            for (JsonNode fork : r.path("rawData")) {
                raw.add(fork);
                fork.forEach(v -> all.add(v.asDouble()));
            }
            r.path("rawDataHistogram").forEach(histograms::add);
        }
        double[] values = all.stream().mapToDouble(Double::doubleValue).toArray();
        double[] first = new double[0];
        for (JsonNode fork : perRound.get(0).path("rawData")) {
            first = concat(first, fork);
        }
        Aggregation how = aggregation(perRound.get(0).path("score").asDouble(), first);
        double score;
        double error = Double.NaN;
        switch (how) {
            case MEAN -> {
                score = mean(values);
                error = halfWidth(values);
            }
            case SUM -> score = all.stream().mapToDouble(Double::doubleValue).sum();
            case MAX -> score = all.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            case MIN -> score = all.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            default -> score = perRound.stream().mapToDouble(r -> r.path("score").asDouble()).average().orElse(Double.NaN);
        }
        m.put("score", score);
        m.put("scoreError", error);
        ArrayNode confidence = JSON.createArrayNode();
        confidence.add(score - error);
        confidence.add(score + error);
        m.set("scoreConfidence", confidence);
        if (values.length > 0 && m.has("scorePercentiles")) {
            ObjectNode pct = JSON.createObjectNode();
            m.path("scorePercentiles").fieldNames().forEachRemaining(k -> pct.put(k, percentile(values, Double.parseDouble(k))));
            m.set("scorePercentiles", pct);
        }
        if (m.has("rawData")) {
            m.set("rawData", raw);
        }
        if (m.has("rawDataHistogram")) {
            m.set("rawDataHistogram", histograms);
        }
        return m;
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? Double.NaN : s / v.length;
    }

    /** JMH's {@code scoreError}: the 99.9% Student-t half-width of the mean, NaN for two samples or fewer. */
    static double halfWidth(double[] v) {
        int n = v.length;
        if (n <= 2) {
            return Double.NaN;
        }
        double m = mean(v);
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        return Interval.tQuantile(n - 1) * Math.sqrt(ss / (n - 1)) / Math.sqrt(n);
    }

    /** JMH's percentile: the minimum at 0, else commons-math3's default estimate. */
    static double percentile(double[] v, double rank) {
        return rank == 0 ? Arrays.stream(v).min().orElse(Double.NaN) : new Percentile().evaluate(v, rank);
    }

    private static double[] concat(double[] a, JsonNode more) {
        double[] out = Arrays.copyOf(a, a.length + more.size());
        for (int i = 0; i < more.size(); i++) {
            out[a.length + i] = more.get(i).asDouble();
        }
        return out;
    }
}
