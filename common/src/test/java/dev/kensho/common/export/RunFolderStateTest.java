package dev.kensho.common.export;

import dev.kensho.common.Setting;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run whose launcher died without finishing reads as failed (killed), never as running forever. */
class RunFolderStateTest {

    @Test
    void aRunningStatusWithADeadLauncherIsKilled(@TempDir Path results) throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(Setting.RUN_ID.key(), "state-test");
        try {
            RunFolder run = RunFolder.open();
            assertEquals("running", run.state(), "this JVM wrote it and is alive");

            Process p = new ProcessBuilder("true").start();
            p.waitFor();
            Path f = run.dir().resolve(RunFolder.STATUS_FILE);
            ObjectNode s = (ObjectNode) RunFolder.JSON.readTree(f.toFile());
            s.put("launcherPid", p.pid()); // a launcher that has exited
            RunFolder.JSON.writeValue(f.toFile(), s);
            assertEquals(RunFolder.KILLED, run.state());

            run.markKilled("killed: test");
            assertEquals(RunFolder.KILLED, run.status().path("state").asText());
            run.finish();
            assertEquals(RunFolder.KILLED, run.status().path("state").asText(), "a killed run never becomes complete");
        } finally {
            System.clearProperty(Setting.RESULTS.key());
            System.clearProperty(Setting.RUN_ID.key());
        }
    }

    /** A folder whose status.json says running, written by {@code pid} started at {@code start} on {@code host}. */
    private static Path running(Path root, String id, long pid, String start, String host) throws Exception {
        Path d = java.nio.file.Files.createDirectories(root.resolve(id).resolve("jmh")).getParent();
        ObjectNode s = RunFolder.JSON.createObjectNode().put("state", "running").put("runId", id).put("launcherPid", pid);
        if (start != null) {
            s.put("launcherStart", start);
        }
        if (host != null) {
            s.put("launcherHost", host);
        }
        s.putObject("classes").put("SetImportBenchmark", "running");
        RunFolder.JSON.writeValue(d.resolve(RunFolder.STATUS_FILE).toFile(), s);
        return d;
    }

    @Test
    void theNextRunSettlesARunWhoseLauncherWasKilledAndLeavesLiveAndForeignOnes(@TempDir Path root) throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        ProcessHandle me = ProcessHandle.current();
        String myStart = me.info().startInstant().orElseThrow().toString();
        String host = java.net.InetAddress.getLocalHost().getHostName();
        Path dead = running(root, "a-killed", p.pid(), null, host);
        // this JVM's pid, but another start time: the pid was reused by another process, the launcher is gone
        Path reused = running(root, "b-reused", me.pid(), "2001-01-01T00:00:00Z", host);
        Path live = running(root, "c-live", me.pid(), myStart, host);
        Path foreign = running(root, "d-other-host", p.pid(), null, "another-machine");

        java.util.List<String> lines = KilledRuns.settle(root);
        assertEquals(java.util.List.of(
                "run a-killed failed (killed): its launcher (pid " + p.pid() + ") ended without finishing the run",
                "run b-reused failed (killed): its launcher (pid " + me.pid() + ") ended without finishing the run"), lines);
        assertEquals(RunFolder.KILLED, RunFolder.at(dead).status().path("state").asText(), "written, for every later reader");
        assertEquals("failed: its launcher (pid " + p.pid() + ") ended without finishing the run",
                RunFolder.at(dead).status().path("classes").path("SetImportBenchmark").asText());
        assertEquals(RunFolder.KILLED, RunFolder.at(reused).state());
        assertEquals("running", RunFolder.at(live).state());
        assertEquals("running", RunFolder.at(foreign).state(), "another machine's pid means nothing here");
        assertEquals(java.util.List.of(), KilledRuns.settle(root), "settled once");
    }

    @Test
    void aClassTheStopHookMarkedInterruptedKeepsThatWhenItsServerEndsWithIt(@TempDir Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("jmh"));
        RunFolder run = RunFolder.at(dir);
        run.markRunning("MeterLoadBenchmark");
        run.markInterrupted("interrupted: test");
        run.markFailed("MeterLoadBenchmark", "embedded HBase mini cluster exited at start: SLF4J(W): Class path contains");
        assertEquals(RunFolder.INTERRUPTED, run.status().path("classes").path("MeterLoadBenchmark").asText());
        assertEquals(RunFolder.INTERRUPTED, run.state());
    }

    @Test
    void aSkippedClassReadsSkippedNotDoneAndTheRunStillCompletes(@TempDir Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("jmh"));
        RunFolder run = RunFolder.at(dir);
        run.markRunning("MeasuredBenchmark");
        run.markDone("MeasuredBenchmark");
        run.markSkipped("ClusterBenchmark");
        run.finish();
        assertEquals("done", run.status().path("classes").path("MeasuredBenchmark").asText());
        assertEquals(RunFolder.SKIPPED, run.status().path("classes").path("ClusterBenchmark").asText());
        assertEquals("complete", run.status().path("state").asText());
    }

    /**
     * The launcher's last write can race its own exit (a signal's hooks end the JVM while the main thread writes):
     * a reader must see a whole status, old or new, at every moment. A write that truncates and refills the file
     * shows a reader an empty or half file here within a few hundred writes.
     */
    @Test
    void aReaderNeverSeesAHalfWrittenStatus(@TempDir Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("jmh"));
        RunFolder writer = RunFolder.at(dir);
        writer.markRunning("A");
        RunFolder reader = RunFolder.at(dir);
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger torn = new java.util.concurrent.atomic.AtomicInteger();
        Thread t = new Thread(() -> {
            while (!done.get()) {
                if (!reader.status().has("state")) {
                    torn.incrementAndGet();
                }
            }
        });
        t.start();
        try {
            for (int i = 0; i < 2000; i++) {
                writer.markRunning("Class" + (i % 50));
            }
        } finally {
            done.set(true);
            t.join();
        }
        assertEquals(0, torn.get(), "reads that saw no state while status.json was re-written");
    }
}
