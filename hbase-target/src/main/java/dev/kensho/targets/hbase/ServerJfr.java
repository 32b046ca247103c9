package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** The JFR option of the mini cluster's child JVM, so a profile of a run shows the server's side too. */
final class ServerJfr {

    private ServerJfr() {
    }

    /**
     * With {@code -Dkensho.jfr=true} in a run: a JFR recording of the mini cluster's JVM, dumped when it exits, into
     * {@code <run>/jfr/hbase-server-<time>.jfr} (the client forks' recordings are in {@code jfr/<Class>/}).
     */
    static java.util.Optional<String> option() {
        String runDir = dev.kensho.common.Settings.get(dev.kensho.common.Settings.RUN_DIR_PROPERTY);
        if (runDir == null || !dev.kensho.common.Settings.flag(dev.kensho.common.Settings.JFR_PROPERTY)) {
            return java.util.Optional.empty();
        }
        Path dir = Paths.get(runDir, "jfr");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new TargetFailure("embedded HBase: cannot create " + dir + " (" + e.getMessage() + ")");
        }
        Path file = dir.resolve("hbase-server-" + System.currentTimeMillis() + ".jfr");
        return java.util.Optional.of("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename=" + file);
    }
}
