package dev.kensho.hbase.meter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.shard.Windows;
import dev.kensho.report.merge.Merge;
import dev.kensho.targets.hbase.HBaseSettings;
import dev.kensho.targets.hbase.HBaseTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two shards of one run ({@code -Dkensho.shard=i/2}, one {@code -Dkensho.startAt}) as two launchers on this machine
 * against one HBase they did not start: the test JVM's mini cluster ({@link SharedHBase}) addressed as an external one
 * ({@code -Dkensho.hbase.zookeeper}). Each shard loads (or queries) its own meters in tables of its own and checks its
 * own answers; {@link Merge} joins the two run folders and the merged answers are checked: rows loaded = the sum of the
 * shards', every row read back, the merged rows/s what the two loaded together.
 *
 * <p>The load runs {@code threads=2} (one thread per shard) and {@code threads=1}, which shard 0 runs alone while
 * shard 1 sits it out: a thread sweep's both sides in one merged run, each saying on how many machines it rests.
 *
 * <p>The load's shard 1 is launched {@value #LATE_SECONDS} s after shard 0, with {@code startAt} {@value #LEAD_SECONDS} s
 * ahead of shard 0's launch, so shard 1's set-up ends past {@code startAt} while shard 0 waits for it: the shards meet on
 * the cluster before each trial ({@code ShardBarrier}), so both start on one boundary however much later one was
 * ready; without the meeting shard 0 would start at {@code startAt} alone, and Merge refuses the windows (seen here
 * before the barrier existed: set-ups 10 s apart on a busy host).
 *
 * <p>Tiny data (20 meters × 1 day), {@code -f 0} (the launcher JVM runs the trials), two measured iterations on a 5 s
 * grid: a load took 0.1–0.3 s here and the iteration around it (re-create the table, count the rows) a few seconds at
 * most.
 */
@ExtendWith(SharedHBase.class)
class ShardedMeterRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How far ahead {@code startAt} lies when the load's shards are launched (the scan's: 5 s, the barrier does the rest). */
    static final int LEAD_SECONDS = 12;
    /**
     * How much later the load's shard 1 is launched: its set-up (6 s or more here) ends past {@code startAt}, while its
     * launcher still starts before it (a launcher refuses a {@code startAt} in the past; 2.3 s from launch to that check
     * were seen on a busy host).
     */
    static final int LATE_SECONDS = 7;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed run's folders and logs stay under target/ to be read
    Path work;

    @Test
    void meterLoadAsTwoShardsMergesIntoTheSumOfItsRows(HBaseTarget cluster) throws Exception {
        List<Path> shards = runShards(cluster, "load", LEAD_SECONDS, LATE_SECONDS, MeterLoadBenchmark.class,
                "-f 0 -wi 0 -i 2 -p client=BUFFERED_MUTATOR -p threads=2,1 -p rowsPerRequest=100 -p saltBuckets=2"
                        + " -p meters=20 -p days=1 -p encoding=NONE -p codec=NONE");
        Path merged = work.resolve("load-merged");
        Merge.merge(merged, shards);

        long all = 20L * MeterReadings.SLOTS_PER_DAY; // the run's 20 meters × 48 readings, per iteration
        for (Path s : shards) {
            assertEquals(2 * all / 2, measured(s, "2", "rows_written"), s + ": its own 10 meters' rows, twice");
            assertEquals(2 * all / 2, measured(s, "2", "rows_read_back"), s + ": every row of its own read back");
            assertClock(s);
        }
        assertEquals(2 * all, measured(merged, "2", "rows_written"), "rows loaded = the sum of the shards'");
        assertEquals(measured(merged, "2", "rows_written"), measured(merged, "2", "rows_read_back"), "every row read back");
        assertEquals(2, measured(merged, "2", "effective_threads"), "the merged run says how many client threads it rests on");
        assertEquals(2, measured(merged, "2", "client_machines"), "and on how many machines");

        // threads=1 runs on shard 0 alone (shard 1 sits it out): the sweep's 1-thread side, in the same merged run
        assertEquals(2 * all, measured(shards.get(0), "1", "rows_written"), "shard 0 loads every meter with its one thread");
        assertEquals(0, measured(shards.get(1), "1", "rows_written"), "shard 1 loads nothing");
        assertEquals(1, measured(merged, "1", "client_machines"));
        assertEquals(2 * all, measured(merged, "1", "rows_read_back"));

        JsonNode m = jmh(merged, "MeterLoadBenchmark", "2");
        JsonNode a = jmh(shards.get(0), "MeterLoadBenchmark", "2");
        JsonNode b = jmh(shards.get(1), "MeterLoadBenchmark", "2");
        for (int i = 0; i < 2; i++) {
            assertEquals(Math.max(raw(a, i), raw(b, i)), raw(m, i), "a single shot merges as the longest shard's time");
            assertEquals(raw(jmh(shards.get(0), "MeterLoadBenchmark", "1"), i), raw(jmh(merged, "MeterLoadBenchmark", "1"), i),
                    "threads=1: shard 0's time alone");
        }
        double rate = rows(merged, "MeterLoadBenchmark", "2", "records/s");
        assertEquals(all / (m.path("primaryMetric").path("score").asDouble() / 1e3), rate, rate * 1e-9,
                "merged rows/s = both shards' rows over the time the two took");
        assertTrue(Files.exists(merged.resolve("report.md")));
    }

    @Test
    void meterScanAsTwoShardsAddsUpTheShardsRowsPerSecond(HBaseTarget cluster) throws Exception {
        List<Path> shards = runShards(cluster, "scan", 5, 0, MeterScanBenchmark.class,
                "-f 0 -wi 0 -i 2 -r 1s -p meters=2 -p days=1 -p threads=2 -p datasetMeters=4 -p datasetDays=1"
                        + " -p saltBuckets=2 -p encoding=NONE -p codec=NONE");
        Path merged = work.resolve("scan-merged");
        Merge.merge(merged, shards);

        for (Path s : shards) {
            assertEquals((double) MeterReadings.SLOTS_PER_DAY, work(s), s + ": one meter's day per operation");
            assertClock(s);
        }
        assertEquals(2.0 * MeterReadings.SLOTS_PER_DAY, work(merged), "an operation of the two = both shards' rows");
        JsonNode m = jmh(merged, "MeterScanBenchmark", "2");
        JsonNode a = jmh(shards.get(0), "MeterScanBenchmark", "2");
        JsonNode b = jmh(shards.get(1), "MeterScanBenchmark", "2");
        for (int i = 0; i < 2; i++) {
            double perIteration = MeterReadings.SLOTS_PER_DAY / raw(a, i) + MeterReadings.SLOTS_PER_DAY / raw(b, i);
            assertEquals(perIteration, 2.0 * MeterReadings.SLOTS_PER_DAY / raw(m, i), perIteration * 1e-9,
                    "per aligned iteration: the shards' rows per ms add up");
        }
        assertTrue(rows(merged, "MeterScanBenchmark", "2", "records/s") > Math.max(rows(shards.get(0), "MeterScanBenchmark", "2", "records/s"),
                rows(shards.get(1), "MeterScanBenchmark", "2", "records/s")), "the two together read more rows/s than either alone");
        assertEquals(2, measured(merged, "2", "client_machines"));
    }

    /**
     * Both shards of one run, each its own launcher JVM, {@code startAt} {@code leadSeconds} ahead, shard 1
     * {@code lateSeconds} after shard 0; their run folders once both completed.
     */
    private List<Path> runShards(HBaseTarget cluster, String name, int leadSeconds, int lateSeconds, Class<?> bench, String args)
            throws Exception {
        cluster.ensureNamespace();
        String zk = "127.0.0.1:" + cluster.configuration().get("hbase.zookeeper.property.clientPort");
        String startAt = Instant.now().plusSeconds(leadSeconds).toString();
        List<Process> procs = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                if (i == 1 && lateSeconds > 0) {
                    Thread.sleep(lateSeconds * 1000L); // a shard whose machine came late: the barrier waits for it
                }
                String runId = name + "-shard" + i;
                Path tmp = Files.createDirectories(work.resolve("tmp-" + runId)); // JMH's lock is per tmpdir
                procs.add(new ProcessBuilder(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                        AbstractMeterBenchmark.OPEN_LANG, AbstractMeterBenchmark.OPEN_NIO, AbstractMeterBenchmark.OPEN_UTIL,
                        AbstractMeterBenchmark.OPEN_CONCURRENT, AbstractMeterBenchmark.OPEN_NIO_CH,
                        "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + tmp,
                        "-D" + HBaseSettings.ZOOKEEPER.key() + "=" + zk, "-Dkensho.scale=smoke",
                        "-Dkensho.shard=" + i + "/2", "-Dkensho.startAt=" + startAt, "-Dkensho.startGrid=5",
                        "-Dkensho.trialGap=1", // the barrier lines the later trials up
                        "-Dkensho.results=" + work.resolve("runs"), "-Dkensho.runId=" + runId,
                        bench.getName(), args))
                        .redirectErrorStream(true).redirectOutput(work.resolve(runId + ".log").toFile()).start());
                dirs.add(work.resolve("runs").resolve(runId));
            }
            for (int i = 0; i < 2; i++) {
                assertTrue(procs.get(i).waitFor(5, TimeUnit.MINUTES), "shard " + i + " ends");
            }
        } finally {
            for (Process p : procs) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        for (int i = 0; i < 2; i++) {
            String log = Files.readString(work.resolve(name + "-shard" + i + ".log"), StandardCharsets.UTF_8);
            assertEquals(0, procs.get(i).exitValue(), "shard " + i + ": " + log);
            assertTrue(Jsonl.read(dirs.get(i).resolve(Windows.FILE)).size() >= 2, "two measured windows per case: " + log);
        }
        return dirs;
    }

    /** The shard measured its offset to the region server's clock: on one machine, a few ms at most. */
    private static void assertClock(Path shard) {
        for (JsonNode t : Jsonl.read(shard.resolve(StartAt.FILE))) {
            assertTrue(t.path("target").asText().contains("clock of region server"), t.toString());
            assertTrue(Math.abs(t.path("offset_us").asLong()) < StartAt.CLOCK_BOUND_MS * 1000, "same host, same clock: " + t);
        }
    }

    /** The sum of a run's recorded {@code metric} of the case with {@code threads} threads. */
    private static double measured(Path run, String threads, String metric) {
        return Jsonl.read(run.resolve(Recorder.MEASUREMENTS_FILE)).stream()
                .filter(m -> metric.equals(m.path("metric").asText()) && threads.equals(m.path("params").path("threads").asText()))
                .mapToDouble(m -> m.path("value").asDouble()).sum();
    }

    private static double work(Path run) {
        return Jsonl.read(run.resolve(Recorder.MEASUREMENTS_FILE)).stream().filter(m -> "work".equals(m.path("metric").asText()))
                .reduce((x, y) -> y).orElseThrow().path("records").asDouble();
    }

    private static double rows(Path run, String cls, String threads, String metric) {
        return Results.load(run).stream().filter(r -> r.cls().equals(cls) && r.metric().equals(metric) && threads.equals(r.param("threads")))
                .findFirst().orElseThrow(() -> new AssertionError(metric + " in " + run)).score();
    }

    private static JsonNode jmh(Path run, String cls, String threads) throws Exception {
        for (JsonNode b : JSON.readTree(run.resolve("jmh").resolve(cls + ".json").toFile())) {
            if (threads.equals(b.path("params").path("threads").asText())) {
                return b;
            }
        }
        throw new AssertionError("no threads=" + threads + " case in " + run);
    }

    private static double raw(JsonNode bench, int i) {
        return bench.path("primaryMetric").path("rawData").get(0).get(i).asDouble();
    }
}
