package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.export.Results;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.Windows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Merge of shards whose benchmarks keep no interval logs (HBase loads and queries, Pub/Sub fan-out): single-shot and
 * average times merged with their work, additive counters summed, a shard whose primary is not the run's left out of
 * it, windows lined up from {@value Windows#FILE} — and a shard at zero or far below its share refused.
 */
class MergeModesTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final long T0 = 1_790_000_000_000_000L; // µs
    static final int ITERATIONS = 3;

    @TempDir
    Path tmp;

    /** One shard's folder of one case: {@code values} per iteration (one fork), its work, windows 1 s apart. */
    static final class Shard {
        final int index;
        String bench = "dev.kensho.hbase.meter.MeterLoadBenchmark.load";
        String mode = "ss";
        String unit = "ms/op";
        double[] values = {100, 120, 110};
        long records = 480;
        /** Received messages/s per iteration (an {@code @AuxCounters} rate), or null for none. */
        double[] received;
        boolean primaryCounts = true;
        boolean idle;
        long windowShiftUs;
        boolean windows = true;

        Shard(int index) {
            this.index = index;
        }

        Path write(Path dir) throws Exception {
            Files.createDirectories(dir.resolve("jmh"));
            Files.writeString(dir.resolve("status.json"), "{\"state\":\"complete\",\"classes\":{}}");
            Files.writeString(dir.resolve("env.json"), "{\"host\":{\"cores\":2,\"commit\":\"abc123\",\"scale\":\"smoke\"}}");
            Files.writeString(dir.resolve(ShardRecord.FILE), "{\"index\":" + index + ",\"count\":2,\"startAt\":\"2026-11-24T00:00:00Z\"}");
            Files.writeString(dir.resolve("clock.jsonl"), "{\"shard\":\"" + index + "/2\",\"offset_us\":500}\n");
            ObjectNode b = JSON.createObjectNode().put("benchmark", bench).put("mode", mode).put("forks", 1);
            b.putObject("params").put("threads", "4");
            ObjectNode pm = b.putObject("primaryMetric").put("score", mean(values)).put("scoreError", 1).put("scoreUnit", unit);
            pm.putArray("rawData").add(array(values));
            ObjectNode sec = b.putObject("secondaryMetrics");
            sec.putObject("·cpu.client").put("score", 0.5).put("scoreUnit", "cores").putArray("rawData").add(array(new double[]{0.5, 0.5, 0.5}));
            if (received != null) {
                sec.putObject("receivedMessages").put("score", mean(received)).put("scoreUnit", "ops/s").putArray("rawData").add(array(received));
            }
            String cls = bench.substring(0, bench.lastIndexOf('.'));
            JSON.writeValue(dir.resolve("jmh").resolve(cls.substring(cls.lastIndexOf('.') + 1) + ".json").toFile(), JSON.createArrayNode().add(b));
            Map<String, String> p = Map.of("threads", "4");
            StringBuilder m = new StringBuilder();
            if (records > 0) {
                m.append("{\"benchmark\":\"").append(bench).append("\",\"params\":{\"threads\":\"4\"},\"metric\":\"work\",\"records\":")
                        .append(records).append(",\"bytes\":").append(records * 30).append("}\n");
            }
            m.append(JSON.writeValueAsString(Recorder.measurementLine(bench, p, "rows_written", 3 * records, "records"))).append('\n');
            Files.writeString(dir.resolve(Recorder.MEASUREMENTS_FILE), m.toString());
            StringBuilder w = new StringBuilder();
            for (int i = 0; windows && i < values.length; i++) {
                long start = T0 + i * 5_000_000L + windowShiftUs - 500;
                w.append("{\"benchmark\":\"").append(bench).append("\",\"params\":{\"threads\":\"4\"},\"pid\":").append(100 + index)
                        .append(",\"start_us\":").append(start).append(",\"end_us\":").append(start + 1_000_000).append("}\n");
            }
            Files.writeString(dir.resolve(Windows.FILE), w.toString());
            if (!primaryCounts || idle) {
                Files.writeString(dir.resolve(ShardRecord.ROLES_FILE), "{\"benchmark\":\"" + bench
                        + "\",\"params\":{\"threads\":\"4\"},\"primary_counts\":false,\"idle\":" + idle
                        + ",\"why\":\"" + (idle ? "idle" : "it only subscribes") + "\"}\n");
            }
            return dir;
        }
    }

    private static ArrayNode array(double[] v) {
        ArrayNode a = JSON.createArrayNode();
        for (double x : v) {
            a.add(x);
        }
        return a;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private List<Path> write(Shard a, Shard b) throws Exception {
        return List.of(a.write(tmp.resolve("s" + a.index)), b.write(tmp.resolve("s" + b.index)));
    }

    private JsonNode merged(Path out, String cls) throws Exception {
        return JSON.readTree(out.resolve("jmh").resolve(cls + ".json").toFile()).get(0);
    }

    @Test
    void aSingleShotMergesAsTheLongestShardOverTheSummedWork() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        b.values = new double[]{150, 90, 110};
        b.records = 470;
        Path out = tmp.resolve("merged");
        Merge.merge(out, write(a, b));
        JsonNode raw = merged(out, "MeterLoadBenchmark").path("primaryMetric").path("rawData").get(0);
        assertEquals(List.of(150.0, 120.0, 110.0), List.of(raw.get(0).asDouble(), raw.get(1).asDouble(), raw.get(2).asDouble()));
        List<Results.Row> rows = Results.load(out);
        double rate = row(rows, "records/s").score();
        assertEquals(950 / (mean(new double[]{150, 120, 110}) / 1e3), rate, 1e-6, "both shards' rows over the time the two took");
        assertEquals(3.0 * (480 + 470), row(rows, "rows_written").score(), "rows written: the sum");
        assertTrue(Files.readString(out.resolve(Recorder.NOTES_FILE)).contains("the longest shard's time"));
    }

    @Test
    void anAverageTimeMergesSoThatTheShardsRecordsPerSecondAddUp() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        a.bench = b.bench = "dev.kensho.hbase.meter.MeterScanBenchmark.scanSeries";
        a.mode = b.mode = "avgt";
        a.values = new double[]{10, 12, 8};
        b.values = new double[]{20, 10, 16};
        a.records = 48;
        b.records = 96;
        Path out = tmp.resolve("merged");
        Merge.merge(out, write(a, b));
        JsonNode raw = merged(out, "MeterScanBenchmark").path("primaryMetric").path("rawData").get(0);
        for (int i = 0; i < ITERATIONS; i++) {
            double sumOfRates = 48 / a.values[i] + 96 / b.values[i];
            assertEquals(sumOfRates, 144 / raw.get(i).asDouble(), 1e-9, "iteration " + i);
        }
        assertEquals(144, JSON.readTree(Files.readAllLines(out.resolve(Recorder.MEASUREMENTS_FILE)).stream()
                .filter(l -> l.contains("\"work\"")).findFirst().orElseThrow()).path("records").asLong(), "work: the sum");
    }

    @Test
    void aSubscribersOnlyShardAddsItsCountersButNotItsPrimary() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        a.bench = b.bench = "dev.kensho.redis.pubsub.PubSubFanoutBenchmark.publishFanout";
        a.mode = b.mode = "thrpt";
        a.unit = b.unit = "ops/s";
        a.records = b.records = 0;
        a.values = new double[]{10_000, 11_000, 9_000};
        b.values = new double[]{990, 1_000, 995}; // its invocations are 1 ms waits
        a.received = new double[]{20_000, 22_000, 18_000};
        b.received = new double[]{30_000, 33_000, 27_000};
        b.primaryCounts = false;
        Path out = tmp.resolve("merged");
        Merge.merge(out, write(a, b));
        JsonNode m = merged(out, "PubSubFanoutBenchmark");
        JsonNode raw = m.path("primaryMetric").path("rawData").get(0);
        JsonNode recv = m.path("secondaryMetrics").path("receivedMessages").path("rawData").get(0);
        for (int i = 0; i < ITERATIONS; i++) {
            assertEquals(a.values[i], raw.get(i).asDouble(), "published/s: the publisher's alone");
            assertEquals(a.received[i] + b.received[i], recv.get(i).asDouble(), "received/s: every shard's");
        }
        assertFalse(m.path("secondaryMetrics").has("·cpu.client"), "a profiler's cores stay in the shards");
        assertTrue(Files.readString(out.resolve(Recorder.NOTES_FILE)).contains("left out of the score"));
    }

    @Test
    void aShardAtZeroOrFarBelowItsShareIsNoTwoShardFigure() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        a.mode = b.mode = "thrpt";
        a.unit = b.unit = "ops/s";
        a.values = new double[]{40_000, 41_000, 39_000};
        b.values = new double[]{40_000, 0, 39_000};
        refused("carried nothing in fork 1 iteration 2", a, b);

        b.values = new double[]{4_000, 4_100, 3_900}; // a tenth of the other: its load never reached the server
        refused("far below", a, b);

        a.bench = b.bench = "dev.kensho.redis.pubsub.PubSubFanoutBenchmark.publishFanout";
        b.values = new double[]{990, 1_000, 995};
        b.primaryCounts = false;
        a.received = new double[]{20_000, 22_000, 18_000};
        b.received = new double[]{0, 0, 0}; // its subscribers got nothing
        refused("receivedMessages", a, b);
    }

    @Test
    void anIdleShardIsLeftOutOfTheScoreTheWorkAndTheWindows() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        b.idle = true;
        b.values = new double[]{0.01, 0.01, 0.01}; // its loads did nothing
        b.records = 0;
        b.windowShiftUs = 800_000; // and its empty iterations line up with nothing
        Path out = tmp.resolve("merged");
        Merge.merge(out, write(a, b));
        JsonNode raw = merged(out, "MeterLoadBenchmark").path("primaryMetric").path("rawData").get(0);
        for (int i = 0; i < ITERATIONS; i++) {
            assertEquals(a.values[i], raw.get(i).asDouble(), "shard 0's time alone");
        }
        List<Results.Row> rows = Results.load(out);
        assertEquals(1, row(rows, "client_machines").score(), "a one-machine figure, and it says so");
        assertEquals(480 / (mean(a.values) / 1e3), row(rows, "records/s").score(), 1e-6);
    }

    @Test
    void theFolderHoldingTheShardsStandsForThem() throws Exception {
        Path run = tmp.resolve("run");
        new Shard(0).write(run.resolve("shard-0"));
        new Shard(1).write(run.resolve("shard-1"));
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        // as the Kubernetes merge Job calls it: the run's folder, whatever the shard count, the merged run inside it
        int status = Merge.run(run.resolve("merged").toString(), List.of(run.toString()), new java.io.PrintStream(err));
        assertEquals(0, status, err.toString());
        assertTrue(err.toString().contains("merged 2 shards"), err.toString());
        new Shard(0).write(run.resolve("shard-2")); // a third folder of index 0: not one run's shards
        assertEquals(2, Merge.run(run.resolve("merged2").toString(), List.of(run.toString()), new java.io.PrintStream(err)));
    }

    @Test
    void windowsFromTheWindowsFileLineUpOrAreRefused() throws Exception {
        Shard a = new Shard(0);
        Shard b = new Shard(1);
        b.windowShiftUs = 700_000; // 0.3 s of 1 s shared
        refused("windows", a, b);
        b.windowShiftUs = 0;
        a.windows = false;
        b.windows = false;
        refused("windows", a, b);
    }

    private void refused(String what, Shard a, Shard b) throws Exception {
        Path out = tmp.resolve("merged-refused");
        List<Path> shards = write(a, b);
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
        List<Results.Row> found = new ArrayList<>(rows.stream().filter(r -> r.metric().equals(metric)).toList());
        assertFalse(found.isEmpty(), metric);
        return found.get(0);
    }
}
