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
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

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
 *
 * <p>A late shard 1 is made late by a handshake, not by a head start of fixed seconds (which a busy machine's slow JVM
 * starts ate: a shard launched late reached its launcher's check of {@code startAt} after it): both launchers start at
 * once; once shard 1's launcher has accepted {@code startAt} (its run folder appears) it is stopped (SIGSTOP) until
 * {@code startAt} has passed and shard 0 waits at the barrier (its barrier table is in the namespace), then continued.
 */
final class MeterShards {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MeterShards() {
    }

    /**
     * Both shards of one run, each its own launcher JVM, launched together with {@code startAt} {@code leadSeconds}
     * ahead (time for a launcher JVM to start and accept it); with {@code shard1Late}, shard 1's set-up ends past
     * {@code startAt} while shard 0 waits for it at the barrier (see the class). Their run folders under {@code work}
     * once both completed.
     */
    static List<Path> run(HBaseTarget cluster, Path work, String name, int leadSeconds, boolean shard1Late, Class<?> bench, String args)
            throws Exception {
        cluster.ensureNamespace();
        String zk = "127.0.0.1:" + cluster.configuration().get("hbase.zookeeper.property.clientPort");
        Instant at = Instant.now().plusSeconds(leadSeconds);
        String startAt = at.toString();
        List<Process> procs = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
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
            if (shard1Late) {
                holdShard1(cluster, procs, dirs, at, work, name);
            }
            awaitBoth(procs, work, name);
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

    /**
     * Waits until both shards have ended; a shard that failed (a refused option, a failed check) fails the test at
     * once with its log, rather than after the minutes the other shard would wait at the barrier for it.
     */
    private static void awaitBoth(List<Process> procs, Path work, String name) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (procs.stream().anyMatch(Process::isAlive)) {
            assertNoneFailed(procs, work, name);
            assertTrue(System.nanoTime() < deadline, "both shards end within 5 min");
            for (Process p : procs) {
                if (p.isAlive()) {
                    p.waitFor(200, TimeUnit.MILLISECONDS); // polling two processes' exits, not a measurement
                    break;
                }
            }
        }
    }

    /** Fails with its log when a shard has exited with an error. */
    private static void assertNoneFailed(List<Process> procs, Path work, String name) throws Exception {
        for (int i = 0; i < procs.size(); i++) {
            Process p = procs.get(i);
            if (!p.isAlive() && p.exitValue() != 0) {
                String log = Files.readString(work.resolve(name + "-shard" + i + ".log"), StandardCharsets.UTF_8);
                throw new AssertionError("shard " + i + " failed (exit " + p.exitValue() + "): " + log);
            }
        }
    }

    /**
     * Holds shard 1 (SIGSTOP … SIGCONT) between its launcher's acceptance of {@code startAt} and the moment {@code startAt} has passed and
     * shard 0 waits at the barrier: its set-up then ends past {@code startAt}, after shard 0's, on any machine.
     */
    private static void holdShard1(HBaseTarget cluster, List<Process> procs, List<Path> dirs, Instant startAt, Path work, String name)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        // the run folder is made once the launcher has accepted startAt, before it connects to the cluster: stopped
        // there, it holds no ZooKeeper session or lease that could lapse while it waits
        while (!Files.isDirectory(dirs.get(1))) {
            awaitStep(procs, work, name, deadline, "shard 1's launcher accepts startAt", 20);
        }
        signal(procs.get(1), "STOP");
        try {
            while (Instant.now().isBefore(startAt) || !waitsAtBarrier(cluster, startAt, 0)) {
                awaitStep(procs, work, name, deadline, "shard 0 reaches the barrier", 100);
            }
        } finally {
            signal(procs.get(1), "CONT");
        }
    }

    private static void awaitStep(List<Process> procs, Path work, String name, long deadline, String what, long pollMs)
            throws Exception {
        assertNoneFailed(procs, work, name);
        assertTrue(procs.stream().allMatch(Process::isAlive), "a shard ended before " + what);
        assertTrue(System.nanoTime() < deadline, what + " within 5 min");
        Thread.sleep(pollMs); // polling another process's progress, not a measurement
    }

    private static void signal(Process p, String signal) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor(), "kill -" + signal);
    }

    /**
     * Whether shard {@code index} of the run of {@code startAt} waits at the barrier: its barrier table, with the
     * attributes {@code ShardBarrier} gives it, is in the suite's namespace.
     */
    private static boolean waitsAtBarrier(HBaseTarget cluster, Instant startAt, int index) throws Exception {
        try (Admin admin = cluster.connection().getAdmin()) {
            for (TableDescriptor d : admin.listTableDescriptorsByNamespace(Bytes.toBytes(cluster.namespace()))) {
                if ((startAt + "|2").equals(d.getValue("dev.kensho.shard.run"))
                        && Integer.toString(index).equals(d.getValue("dev.kensho.shard.index"))) {
                    return true;
                }
            }
        }
        return false;
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
