package dev.kensho.common.export;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run whose launcher died without finishing reads as failed (killed), never as running forever. */
class RunFolderStateTest {

    @Test
    void aRunningStatusWithADeadLauncherIsKilled(@TempDir Path results) throws Exception {
        System.setProperty(Settings.RESULTS_PROPERTY, results.toString());
        System.setProperty(Settings.RUN_ID_PROPERTY, "state-test");
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
            System.clearProperty(Settings.RESULTS_PROPERTY);
            System.clearProperty(Settings.RUN_ID_PROPERTY);
        }
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
}
