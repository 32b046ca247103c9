package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.export.Results;
import dev.kensho.common.latency.IntervalLog;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Merge of shard run folders written from code: exact sums and histograms, and every refusal. */
class MergeTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String BENCH = "dev.kensho.redis.kv.KeyValueThroughputBenchmark.getSetMix";
    static final long T0 = 1_790_000_000_000L; // ms
    static final int FORKS = 2;
    static final int ITERATIONS = 3;

    @TempDir
    Path tmp;

    /** A shard's folder: per fork and iteration a score and an interval of latencies drawn from seed. */
    static final class Shard {
        int index;
        int count = 2;
        String commit = "abc123";
        long offsetUs = 1_000;
        long startShiftMs;
        String clients = "100";
        final Histogram all = new Histogram(3);
        final double[][] scores = new double[FORKS][ITERATIONS];

        Path write(Path dir) throws Exception {
            Files.createDirectories(dir.resolve("jmh"));
            Files.createDirectories(dir.resolve(IntervalLog.DIR));
            Files.writeString(dir.resolve("status.json"), "{\"state\":\"complete\",\"classes\":{\"KeyValueThroughputBenchmark\":\"done\"}}");
            Files.writeString(dir.resolve("env.json"), "{\"host\":{\"cores\":2,\"commit\":\"" + commit + "\",\"scale\":\"smoke\"}}");
            Files.writeString(dir.resolve("shard.json"), "{\"index\":" + index + ",\"count\":" + count + ",\"startAt\":\"2026-11-24T00:00:00Z\"}");
            Files.writeString(dir.resolve("clock.jsonl"), "{\"shard\":\"" + index + "/" + count + "\",\"offset_us\":" + offsetUs + "}\n");
            Random r = new Random(17 + index);
            long requests = 0;
            ArrayNode raw = JSON.createArrayNode();
            for (int f = 0; f < FORKS; f++) {
                ArrayNode fork = raw.addArray();
                try (var out = new java.io.PrintStream(dir.resolve(IntervalLog.DIR).resolve(
                        "KeyValueThroughputBenchmark.getSetMix-clients=" + clients + "-service-" + (4000 + 10 * index + f) + ".hlog").toFile())) {
                    HistogramLogWriter w = new HistogramLogWriter(out);
                    // shard 0 as an ASCII-locale JVM writes IntervalLog's "—" (the image has no locale)
                    w.outputComment("kensho " + BENCH + " {clients=" + clients + "} " + (index == 0 ? "?" : "—") + " service: test");
                    long start = T0 + f * 60_000 + startShiftMs - offsetUs / 1000;
                    w.outputLogFormatVersion();
                    w.outputStartTime(start);
                    w.outputLegend();
                    for (int i = 0; i < ITERATIONS; i++) {
                        Histogram h = new Histogram(3);
                        int n = 1000 + r.nextInt(1000);
                        for (int k = 0; k < n; k++) {
                            long v = 20_000 + (long) (r.nextDouble() * r.nextDouble() * 5_000_000);
                            h.recordValue(v);
                            all.recordValue(v);
                        }
                        requests += n;
                        h.setStartTimeStamp(start + i * 1000L);
                        h.setEndTimeStamp(start + i * 1000L + 1000);
                        w.outputIntervalHistogram(h);
                        scores[f][i] = 40_000 + r.nextInt(5_000);
                        fork.add(scores[f][i]);
                    }
                }
            }
            ObjectNode b = JSON.createObjectNode().put("benchmark", BENCH).put("mode", "thrpt").put("forks", FORKS);
            b.putObject("params").put("clients", clients);
            ObjectNode pm = b.putObject("primaryMetric").put("score", 42_000).put("scoreError", 1_000).put("scoreUnit", "ops/s");
            pm.set("rawData", raw);
            b.putObject("secondaryMetrics").putObject("cpu.client").put("score", 1.0).put("scoreUnit", "cores");
            JSON.writeValue(dir.resolve("jmh").resolve("KeyValueThroughputBenchmark.json").toFile(), JSON.createArrayNode().add(b));
            Map<String, String> p = Map.of("clients", clients);
            StringBuilder m = new StringBuilder();
            for (int f = 0; f < FORKS; f++) {
                m.append(JSON.writeValueAsString(Recorder.measurementLine(BENCH, p, "latency_p99", 999_999, "us"))).append('\n');
                m.append(JSON.writeValueAsString(Recorder.measurementLine(BENCH, p, "get_hit_ratio", 0.5 + index * 0.1, "ratio"))).append('\n');
            }
            m.append(JSON.writeValueAsString(Recorder.measurementLine(BENCH, p, "latency_count", requests, "requests"))).append('\n');
            Files.writeString(dir.resolve(Recorder.MEASUREMENTS_FILE), m.toString());
            return dir;
        }
    }

    private List<Path> two(Consumer<Shard> change1) throws Exception {
        Shard a = new Shard();
        Shard b = new Shard();
        b.index = 1;
        change1.accept(b);
        return List.of(a.write(tmp.resolve("s0")), b.write(tmp.resolve("s1")));
    }

    @Test
    void sumsThroughputPerIterationAndMergesHistogramsExactly() throws Exception {
        Shard a = new Shard();
        Shard b = new Shard();
        b.index = 1;
        b.offsetUs = 9_000; // its clock is 8 ms apart, its intervals shifted to match: within the bound
        Path out = tmp.resolve("merged");
        Merge.merge(out, List.of(b.write(tmp.resolve("s1")), a.write(tmp.resolve("s0"))));

        JsonNode merged = JSON.readTree(out.resolve("jmh").resolve("KeyValueThroughputBenchmark.json").toFile()).get(0);
        JsonNode raw = merged.path("primaryMetric").path("rawData");
        double sum = 0;
        for (int f = 0; f < FORKS; f++) {
            for (int i = 0; i < ITERATIONS; i++) {
                assertEquals(a.scores[f][i] + b.scores[f][i], raw.get(f).get(i).asDouble());
                sum += raw.get(f).get(i).asDouble();
            }
        }
        assertEquals(sum / (FORKS * ITERATIONS), merged.path("primaryMetric").path("score").asDouble(), 1e-6);
        assertEquals(0, merged.path("secondaryMetrics").size(), "per-machine CPU stays in the shards");

        Histogram expected = new Histogram(3);
        expected.add(a.all);
        expected.add(b.all);
        Histogram fromLogs = new Histogram(3);
        try (var files = Files.list(out.resolve(IntervalLog.DIR))) {
            for (Path f : files.toList()) {
                ShardFolder.intervals(f).forEach(fromLogs::add);
            }
        }
        assertEquals(expected, fromLogs, "the merged logs hold exactly every sample of both shards");

        List<Results.Row> rows = Results.load(out);
        Results.Row count = row(rows, "latency_count");
        assertEquals(a.all.getTotalCount() + b.all.getTotalCount(), count.score());
        Results.Row p99 = row(rows, "latency_p99");
        assertTrue(p99.score() < 999_999, "percentiles come from the merged histograms, not the shards' rows");
        Histogram[] perFork = {new Histogram(3), new Histogram(3)};
        int fork = 0;
        try (var files = Files.list(out.resolve(IntervalLog.DIR))) {
            for (Path f : files.sorted().toList()) {
                Histogram h = perFork[fork++];
                ShardFolder.intervals(f).forEach(h::add);
            }
        }
        double meanP99 = (perFork[0].getValueAtPercentile(99) + perFork[1].getValueAtPercentile(99)) / 2 / 1e3;
        assertEquals(meanP99, p99.score(), 1e-9);
        assertEquals(0.55, row(rows, "get_hit_ratio").score(), 1e-9, "other figures: the mean over shards");
        assertTrue(row(rows, "shard_spread").score() >= 0);

        JsonNode env = JSON.readTree(out.resolve("env.json").toFile());
        assertTrue(env.path("shard").path("merged").asBoolean());
        assertEquals(2, env.path("shard").path("shards").size());
        assertTrue(Files.exists(out.resolve("report.md")), "the report renders the merged run");
        assertTrue(Files.readString(out.resolve(Recorder.NOTES_FILE)).contains("spread"));
    }

    @Test
    void refusesShardsThatAreNotOneRunWritingNothing() throws Exception {
        refused("commit", two(s -> s.commit = "def456"));
        refused("clients", two(s -> s.clients = "800"));
        refused("shard index", two(s -> s.index = 0));
        refused("shard count", two(s -> s.count = 3));
        refused("clock offset", two(s -> s.offsetUs = 200_000));
        refused("windows", two(s -> s.startShiftMs = 900));
    }

    @Test
    void refusesANonEmptyTargetAndFoldersThatAreNotShards() throws Exception {
        List<Path> ok = two(s -> { });
        Path out = tmp.resolve("busy");
        Files.createDirectories(out);
        Files.writeString(out.resolve("x"), "mine");
        BadInput e = assertThrows(BadInput.class, () -> Merge.merge(out, ok));
        assertTrue(e.getMessage().contains("merged folder"), e.getMessage());
        Files.delete(ok.get(1).resolve("shard.json"));
        BadInput notShard = assertThrows(BadInput.class, () -> Merge.merge(tmp.resolve("m2"), ok));
        assertTrue(notShard.getMessage().contains("kensho.shard"), notShard.getMessage());
        assertFalse(Files.exists(tmp.resolve("m2")));
    }

    private void refused(String what, List<Path> shards) throws Exception {
        Path out = tmp.resolve("merged-" + what.replace(' ', '-'));
        BadInput e = assertThrows(BadInput.class, () -> Merge.merge(out, shards), what);
        assertTrue(e.getMessage().startsWith("merge refused: "), e.getMessage());
        assertTrue(e.getMessage().contains(what), what + ": " + e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertFalse(Files.exists(out), "nothing written");
        for (Path s : shards) {
            try (var walk = Files.walk(s)) {
                for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private static Results.Row row(List<Results.Row> rows, String metric) {
        return rows.stream().filter(r -> r.metric().equals(metric)).findFirst().orElseThrow(() -> new AssertionError(metric));
    }
}
