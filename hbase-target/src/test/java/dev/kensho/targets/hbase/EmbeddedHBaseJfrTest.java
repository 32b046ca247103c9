package dev.kensho.targets.hbase;

import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Dkensho.jfr=true records the mini cluster's JVM too, into the run folder's jfr/. */
class EmbeddedHBaseJfrTest {

    @Test
    void theServersRecordingGoesBesideTheClients(@TempDir Path run) {
        assertEquals(Optional.empty(), ServerJfr.option(), "no recording without a run and the setting");
        System.setProperty(Settings.RUN_DIR_PROPERTY, run.toString());
        System.setProperty(Settings.JFR_PROPERTY, "true");
        try {
            String opt = ServerJfr.option().orElseThrow();
            assertTrue(opt.startsWith("-XX:StartFlightRecording=") && opt.contains("dumponexit=true")
                    && opt.contains("filename=" + run.resolve("jfr").resolve("hbase-server-")), opt);
            assertTrue(EmbeddedHBase.command(run, 1).stream().anyMatch(a -> a.startsWith("-XX:StartFlightRecording=")
                    && a.contains(run.resolve("jfr").toString())), "the child JVM's command line carries it");
        } finally {
            System.clearProperty(Settings.RUN_DIR_PROPERTY);
            System.clearProperty(Settings.JFR_PROPERTY);
        }
    }
}
