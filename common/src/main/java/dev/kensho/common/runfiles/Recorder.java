package dev.kensho.common.runfiles;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.Setting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a benchmark measures beside JMH's own score: server versions and configs, memory, work done per
 * invocation (to turn single-shot times into records/s and MiB/s), time series, calibration notes. Appends JSON
 * lines to files in the run folder named by {@code kensho.runDir} (set by the launcher in every fork);
 * outside a launcher run (unit tests) it records nothing. Readers: {@link RunFolder}.
 */
public final class Recorder {

    public static final String SERVERS_FILE = "servers.jsonl";
    public static final String MEASUREMENTS_FILE = "measurements.jsonl";
    public static final String NOTES_FILE = "notes.jsonl";
    /** Time series (one line per series), kept apart so {@link #MEASUREMENTS_FILE} holds one kind of line. */
    public static final String SERIES_FILE = "series.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private Recorder() {
    }

    /** Version and effective config of a server a benchmark used. */
    public static void server(Map<String, Object> info) {
        Map<String, Object> withClass = new LinkedHashMap<>(info);
        String cls = Setting.BENCH_CLASS.get();
        if (cls != null) {
            withClass.put("benchmark", cls);
        }
        append(SERVERS_FILE, withClass);
    }

    /**
     * A measured value of one benchmark case.
     *
     * @param benchmark JMH's full benchmark name ({@code dev.kensho…Class.method})
     * @param params    the case's JMH params
     * @param metric    e.g. {@code used_memory_per_member}
     */
    public static void measurement(String benchmark, Map<String, String> params, String metric, double value, String unit) {
        append(MEASUREMENTS_FILE, measurementLine(benchmark, params, metric, value, unit));
    }

    /** One line of {@link #MEASUREMENTS_FILE}, as {@link Results} reads it back (test fixtures write the same). */
    public static Map<String, Object> measurementLine(String benchmark, Map<String, String> params, String metric,
                                                      double value, String unit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", benchmark);
        m.put("params", params);
        m.put("metric", metric);
        m.put("value", value);
        m.put("unit", unit);
        return m;
    }

    /**
     * Work done by one invocation of a single-shot or average-time benchmark: the export divides it by
     * the measured time to give records/s (and MiB/s when {@code bytes > 0}), errors scaled alike.
     */
    public static void work(String benchmark, Map<String, String> params, long records, long bytes) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", benchmark);
        m.put("params", params);
        m.put("metric", "work");
        m.put("records", records);
        m.put("bytes", bytes);
        append(MEASUREMENTS_FILE, m);
    }

    /** A sentence for the run's notes ("redis-cli is not on the PATH: calibration not measured"). */
    public static void note(String topic, String text) {
        append(NOTES_FILE, Map.of("topic", topic, "note", text));
    }

    /**
     * A time series of one benchmark case (e.g. a subscriber's output buffer over time), under
     * {@code kind}, with its arrays and constants in {@code fields}; a report section draws it.
     */
    public static void series(String benchmark, Map<String, String> params, String kind, Map<String, Object> fields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("experiment", Case.experiment(benchmark));
        m.put("benchmark", benchmark);
        m.put("params", params);
        m.put("kind", kind);
        m.putAll(fields);
        append(SERIES_FILE, m);
    }

    public static Path runDir() {
        String d = Setting.RUN_DIR.get();
        return d == null ? null : Paths.get(d);
    }

    /** One JSON line appended to {@code file} of the run folder (nothing outside a run). */
    public static void line(String file, Map<String, ?> line) {
        append(file, line);
    }

    private static void append(String file, Map<String, ?> line) {
        Path dir = runDir();
        if (dir == null) {
            return;
        }
        try (FileChannel ch = FileChannel.open(dir.resolve(file), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND);
             FileLock ignored = ch.lock()) {
            ch.write(ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record into " + dir.resolve(file), e);
        }
    }
}
