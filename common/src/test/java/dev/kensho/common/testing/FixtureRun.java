package dev.kensho.common.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.export.Results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small run folder written from code, in the files a real run writes ({@code jmh/<Class>.json} in
 * JMH's format with {@code rawData}, {@code measurements.jsonl}, {@code series.jsonl}, {@code env.json}),
 * for testing a report section against the module's real names (report's {@code SectionCheck}).
 */
public final class FixtureRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final Map<String, ArrayNode> classes = new LinkedHashMap<>();
    private ObjectNode last;

    public FixtureRun(Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir.resolve("jmh"));
            Files.writeString(dir.resolve("status.json"), "{\"state\":\"complete\",\"classes\":{}}");
            Files.writeString(dir.resolve("env.json"), "{\"status\":\"complete\",\"host\":{\"cores\":2,\"scale\":\"fixture\"}}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path dir() {
        return dir;
    }

    /**
     * One JMH result: {@code bench} is the full name ({@code dev.kensho….Class.method}); its primary
     * metric has {@code n} iterations spread so that JMH's half-width is about {@code error}.
     */
    public FixtureRun jmh(String bench, Map<String, String> params, String mode, String unit, double score, double error) {
        String cls = bench.substring(0, bench.lastIndexOf('.'));
        cls = cls.substring(cls.lastIndexOf('.') + 1);
        ObjectNode b = JSON.createObjectNode();
        b.put("jmhVersion", "1.37").put("benchmark", bench).put("mode", mode).put("threads", 1).put("forks", 1);
        ObjectNode p = b.putObject("params");
        params.forEach(p::put);
        b.set("primaryMetric", metric(score, error, unit));
        b.putObject("secondaryMetrics");
        classes.computeIfAbsent(cls, k -> JSON.createArrayNode()).add(b);
        last = b;
        return write();
    }

    /** A secondary metric (an {@code @AuxCounters} field, a profiler's) of the last JMH result. */
    public FixtureRun secondary(String name, String unit, double score, double error) {
        ((ObjectNode) last.get("secondaryMetrics")).set(name, metric(score, error, unit));
        return write();
    }

    private static ObjectNode metric(double score, double error, String unit) {
        ObjectNode m = JSON.createObjectNode();
        m.put("score", score);
        if (Double.isNaN(error)) {
            m.put("scoreError", "NaN");
        } else {
            m.put("scoreError", error);
        }
        m.put("scoreUnit", unit);
        ArrayNode raw = m.putArray("rawData").addArray();
        double d = Double.isNaN(error) ? 0 : error / 3;
        raw.add(score - d).add(score).add(score + d);
        return m;
    }

    public FixtureRun measurement(String bench, Map<String, String> params, String metric, double value, String unit) {
        return append(Recorder.MEASUREMENTS_FILE, Recorder.measurementLine(bench, params, metric, value, unit));
    }

    /** Params from "k", "v", "k", "v" … (mutable, for a test to vary). */
    public static Map<String, String> params(String... kv) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    public FixtureRun work(String bench, Map<String, String> params, long records, long bytes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", bench);
        m.put("params", params);
        m.put("metric", "work");
        m.put("records", records);
        m.put("bytes", bytes);
        return append(Recorder.MEASUREMENTS_FILE, m);
    }

    /** A series line as {@link Recorder#series} writes it ({@code experiment} is the module's id). */
    public FixtureRun series(String experiment, String bench, Map<String, String> params, String kind, Map<String, Object> fields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", experiment);
        m.put("benchmark", bench);
        m.put("params", params);
        m.put("kind", kind);
        m.putAll(fields);
        return append(Recorder.SERIES_FILE, m);
    }

    public List<Results.Row> rows() {
        return Results.load(dir);
    }

    private FixtureRun append(String file, Map<String, Object> line) {
        try {
            Files.writeString(dir.resolve(file), JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    private FixtureRun write() {
        try {
            for (Map.Entry<String, ArrayNode> e : classes.entrySet()) {
                JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("jmh").resolve(e.getKey() + ".json").toFile(), e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
