package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.shard.Windows;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One shard's run folder as {@link Merge} needs it: its shard block (index, count, startAt, clock
 * offsets), commit, JMH results by case, recorded measurements and interval logs. Reading never writes.
 */
final class ShardFolder {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code <case>-<kind>-<pid>.hlog}: the pid keeps one JVM's (fork's) log apart. */
    private static final Pattern HLOG = Pattern.compile("(.+)-(\\d+)\\.hlog");

    final Path dir;
    final JsonNode env;
    final int index;
    final int count;
    final String startAt;
    final String commit;
    /** Median offset of this shard's clock to the target (µs), over its trials; null if none recorded. */
    final Long offsetMicros;
    /** JMH results by class file name, then by case key ({@code benchmark|params}). */
    final Map<String, Map<String, JsonNode>> jmh = new TreeMap<>();
    final List<JsonNode> measurements;
    /** Interval logs by {@code <case>-<kind>}, one list of intervals per fork, forks in start order. */
    final Map<String, List<List<Histogram>>> hlogs = new TreeMap<>();
    /** Measured iterations' windows ({@value Windows#FILE}) by case key, per fork (forks in start order): [start, end] µs. */
    final Map<String, List<List<long[]>>> windows = new TreeMap<>();
    /** Case keys whose primary score this shard says is not part of the run's ({@link ShardRecord#ROLES_FILE}), with why. */
    final Map<String, String> notCounted = new TreeMap<>();
    /** Case keys this shard sat out (none of their threads): neither its score nor its windows are lined up. */
    final Set<String> idle = new TreeSet<>();

    ShardFolder(Path dir) {
        this.dir = dir;
        if (!Files.isDirectory(dir.resolve("jmh"))) {
            throw BadInput.of("shard folder", dir, "a run folder written by a kensho run (it has jmh/)");
        }
        env = read(dir.resolve("env.json"));
        JsonNode shard = read(dir.resolve(ShardRecord.FILE));
        if (shard == null) {
            throw BadInput.of("shard folder", dir, "a run made with -Dkensho.shard=i/N (it has no " + ShardRecord.FILE + ")");
        }
        index = shard.path("index").asInt(-1);
        count = shard.path("count").asInt(-1);
        startAt = shard.path("startAt").isTextual() ? shard.get("startAt").asText() : null;
        commit = env == null ? null : env.path("host").path("commit").asText(null);
        List<Long> offsets = new ArrayList<>();
        for (JsonNode t : Jsonl.read(dir.resolve(StartAt.FILE))) {
            offsets.add(t.path("offset_us").asLong());
        }
        offsets.sort(null);
        offsetMicros = offsets.isEmpty() ? null : offsets.get(offsets.size() / 2);
        try (Stream<Path> files = Files.list(dir.resolve("jmh"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                Map<String, JsonNode> cases = new LinkedHashMap<>();
                for (JsonNode b : JSON.readTree(f.toFile())) {
                    cases.put(key(b.get("benchmark").asText(), b.get("params")), b);
                }
                jmh.put(f.getFileName().toString(), cases);
            }
        } catch (IOException e) {
            throw BadInput.of("shard folder", dir, "a complete run (" + e.getMessage() + ")");
        }
        measurements = Jsonl.read(dir.resolve(Recorder.MEASUREMENTS_FILE));
        readHlogs(dir.resolve(IntervalLog.DIR));
        readWindows();
        for (JsonNode r : Jsonl.read(dir.resolve(ShardRecord.ROLES_FILE))) {
            String k = key(r.path("benchmark").asText(), r.get("params"));
            if (!r.path("primary_counts").asBoolean(true)) {
                notCounted.put(k, r.path("why").asText());
            }
            if (r.path("idle").asBoolean(false)) {
                idle.add(k);
            }
        }
    }

    /** The windows of {@value Windows#FILE}, grouped by case and fork (pid), forks in start order. */
    private void readWindows() {
        Map<String, Map<Long, List<long[]>>> byCase = new TreeMap<>();
        for (JsonNode w : Jsonl.read(dir.resolve(Windows.FILE))) {
            byCase.computeIfAbsent(key(w.path("benchmark").asText(), w.get("params")), k -> new LinkedHashMap<>())
                    .computeIfAbsent(w.path("pid").asLong(), k -> new ArrayList<>())
                    .add(new long[]{w.path("start_us").asLong(), w.path("end_us").asLong()});
        }
        byCase.forEach((k, forks) -> {
            List<List<long[]>> ordered = new ArrayList<>(forks.values());
            ordered.forEach(f -> f.sort(Comparator.comparingLong(x -> x[0])));
            ordered.sort(Comparator.comparingLong(f -> f.get(0)[0]));
            windows.put(k, ordered);
        });
    }

    /** True when this shard's primary score of case {@code key} is part of the run's (every shard's, unless it said not). */
    boolean counts(String key) {
        return !notCounted.containsKey(key);
    }

    /**
     * {@code dir} itself when it is a run folder (it has {@code jmh/}); else the shard folders in it — every
     * subfolder with a {@value ShardRecord#FILE} naming a shard index (a merged run's has none), by name.
     */
    static List<Path> expand(Path dir) {
        if (!Files.isDirectory(dir) || Files.isDirectory(dir.resolve("jmh"))) {
            return List.of(dir);
        }
        List<Path> out = new ArrayList<>();
        try (Stream<Path> sub = Files.list(dir)) {
            for (Path d : sub.filter(Files::isDirectory).sorted().toList()) {
                JsonNode shard = read(d.resolve(ShardRecord.FILE));
                if (shard != null && shard.has("index")) {
                    out.add(d);
                }
            }
        } catch (IOException e) {
            throw BadInput.of("shard folder", dir, "a readable folder (" + e.getMessage() + ")");
        }
        return out.isEmpty() ? List.of(dir) : out;
    }

    /** The identity of a case: its benchmark and its params, sorted. */
    static String key(String benchmark, JsonNode params) {
        Map<String, String> p = new TreeMap<>();
        if (params != null) {
            params.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        }
        return benchmark + "|" + p;
    }

    private void readHlogs(Path hdir) {
        if (!Files.isDirectory(hdir)) {
            return;
        }
        Map<String, List<List<Histogram>>> byName = new TreeMap<>();
        try (Stream<Path> files = Files.list(hdir)) {
            for (Path f : files.sorted().toList()) {
                Matcher m = HLOG.matcher(f.getFileName().toString());
                if (m.matches()) {
                    byName.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(intervals(f));
                }
            }
        } catch (IOException e) {
            throw BadInput.of("shard folder", dir, "readable interval logs (" + e.getMessage() + ")");
        }
        byName.forEach((name, forks) -> {
            forks.removeIf(List::isEmpty);
            forks.sort(Comparator.comparingLong(f -> f.get(0).getStartTimeStamp()));
            hlogs.put(name, forks);
        });
    }

    static List<Histogram> intervals(Path f) {
        List<Histogram> out = new ArrayList<>();
        try {
            HistogramLogReader r = new HistogramLogReader(f.toFile());
            Object h;
            while ((h = r.nextIntervalHistogram()) != null) {
                out.add((Histogram) h);
            }
        } catch (FileNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static JsonNode read(Path f) {
        try {
            return Files.exists(f) ? JSON.readTree(f.toFile()) : null;
        } catch (IOException e) {
            throw BadInput.of("run folder file", f, "valid JSON (" + e.getMessage() + ")");
        }
    }

    @Override
    public String toString() {
        return "shard " + index + "/" + count + " (" + dir.getFileName() + ")";
    }
}
