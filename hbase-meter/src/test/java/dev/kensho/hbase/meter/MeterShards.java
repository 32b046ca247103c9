package dev.kensho.hbase.meter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.shard.Windows;
import dev.kensho.targets.hbase.HBaseSettings;
import dev.kensho.targets.hbase.HBaseTarget;

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
 * The two shards of one run ({@code -Dkensho.shard=i/2}, one {@code -Dkensho.startAt}) as two launcher JVMs on this
 * machine against the test JVM's mini cluster ({@link SharedHBase}) addressed as an external one
 * ({@code -Dkensho.hbase.zookeeper}), and what their run folders and a merge of them say: the fixture of
 * {@link ShardedMeterLoadTest} and {@link ShardedMeterScanTest}, two classes so that the module's test JVMs run them
 * side by side (each mostly waits for its grid's boundaries).
 *
 * <p>{@code -f 0} (the launcher JVM runs the trials) on a 5 s grid ({@code kensho.startGrid}); a later trial starts 1 s
 * after the last boundary of the one before ({@code kensho.trialGap}: the barrier lines the trials up).
 */
final class MeterShards {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MeterShards() {
    }

    /**
     * Both shards of one run, each its own launcher JVM, {@code startAt} {@code leadSeconds} ahead, shard 1
     * {@code lateSeconds} after shard 0; their run folders under {@code work} once both completed.
     */
    static List<Path> run(HBaseTarget cluster, Path work, String name, int leadSeconds, int lateSeconds, Class<?> bench, String args)
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
    static void assertClock(Path shard) {
        for (JsonNode t : Jsonl.read(shard.resolve(StartAt.FILE))) {
            assertTrue(t.path("target").asText().contains("clock of region server"), t.toString());
            assertTrue(Math.abs(t.path("offset_us").asLong()) < StartAt.CLOCK_BOUND_MS * 1000, "same host, same clock: " + t);
        }
    }

    /** The sum of a run's recorded {@code metric} of the case with {@code threads} threads. */
    static double measured(Path run, String threads, String metric) {
        return Jsonl.read(run.resolve(Recorder.MEASUREMENTS_FILE)).stream()
                .filter(m -> metric.equals(m.path("metric").asText()) && threads.equals(m.path("params").path("threads").asText()))
                .mapToDouble(m -> m.path("value").asDouble()).sum();
    }

    /** The records of one operation, as the run's last {@code work} line says. */
    static double work(Path run) {
        return Jsonl.read(run.resolve(Recorder.MEASUREMENTS_FILE)).stream().filter(m -> "work".equals(m.path("metric").asText()))
                .reduce((x, y) -> y).orElseThrow().path("records").asDouble();
    }

    /** The score of {@code metric} in the results of {@code cls}'s case with {@code threads} threads. */
    static double rows(Path run, String cls, String threads, String metric) {
        return Results.load(run).stream().filter(r -> r.cls().equals(cls) && r.metric().equals(metric) && threads.equals(r.param("threads")))
                .findFirst().orElseThrow(() -> new AssertionError(metric + " in " + run)).score();
    }

    /** JMH's result of {@code cls}'s case with {@code threads} threads. */
    static JsonNode jmh(Path run, String cls, String threads) throws Exception {
        for (JsonNode b : JSON.readTree(run.resolve("jmh").resolve(cls + ".json").toFile())) {
            if (threads.equals(b.path("params").path("threads").asText())) {
                return b;
            }
        }
        throw new AssertionError("no threads=" + threads + " case in " + run);
    }

    /** Iteration {@code i}'s raw score of a JMH result. */
    static double raw(JsonNode bench, int i) {
        return bench.path("primaryMetric").path("rawData").get(0).get(i).asDouble();
    }
}
