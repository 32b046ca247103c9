package dev.kensho.targets.hbase;

import dev.kensho.common.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * -Dkensho.jfr=true: the mini cluster's JVM runs with -XX:+DebugNonSafepoints, so the per-case recordings each fork
 * takes of it through jcmd name the methods that ran; it no longer records its whole life into one file.
 */
class EmbeddedHBaseJfrTest {

    @Test
    void theServerIsReadyToBeRecordedPerCase(@TempDir Path run) {
        assertEquals(List.of(), ServerJfr.options(), "no flags without a run and the setting");
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        System.setProperty(Setting.JFR.key(), "true");
        try {
            assertTrue(ServerJfr.options().contains("-XX:+DebugNonSafepoints"), ServerJfr.options().toString());
            List<String> cmd = MiniClusterLaunch.command(run, 1);
            assertTrue(cmd.contains("-XX:+DebugNonSafepoints"), "the child JVM's command line carries it");
            assertTrue(cmd.stream().noneMatch(a -> a.startsWith("-XX:StartFlightRecording")), "no whole-life recording");
        } finally {
            System.clearProperty(Setting.RUN_DIR.key());
            System.clearProperty(Setting.JFR.key());
        }
    }
}
