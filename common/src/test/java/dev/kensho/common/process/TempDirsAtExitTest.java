package dev.kensho.common.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM that made a temporary folder and never started a child process exits cleanly: the folder is gone and
 * nothing is printed (the exit hook named ChildProcess for the first time during shutdown, whose own hook could then
 * no longer be added, and the console showed that stack trace at the end of a Kinesis run).
 */
class TempDirsAtExitTest {

    /** Makes one temporary folder, prints its path, and exits. */
    public static void main(String[] args) {
        System.out.println(TempDirs.create("kensho-at-exit-"));
    }

    @Test
    void aJvmThatStartedNoChildRemovesItsFolderAndPrintsNothingAtExit(@TempDir Path tmp) throws Exception {
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + tmp, TempDirsAtExitTest.class.getName()))
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the JVM ends");
        String err = Files.readString(tmp.resolve("err.txt"));
        assertEquals(0, p.exitValue(), err);
        assertFalse(err.contains("Exception"), err);
        assertTrue(out.startsWith(tmp.toString()), out);
        assertFalse(Files.exists(Path.of(out)), "the folder is removed at exit");
    }
}
