package dev.kensho.common.process;

import dev.kensho.targets.redis.servers.EmbeddedRedis;
import dev.kensho.targets.redis.testing.HoldRedisMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A redis-server started by the suite never outlives the JVM that started it, however that JVM ends. */
class ChildProcessTest {

    @Test
    void closeStopsTheServerAndRemovesItsFolder() {
        EmbeddedRedis r = EmbeddedRedis.start(Map.of());
        long pid = r.process().pid();
        Path dir = r.process().log().getParent();
        assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        r.close();
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertFalse(Files.exists(dir));
    }

    /** SIGKILL (no shutdown hook runs), SIGTERM and SIGINT (hooks run) of a real child JVM. */
    @ParameterizedTest
    @ValueSource(strings = {"KILL", "TERM", "INT"})
    void serverDiesWithItsJvm(String signal) throws Exception {
        // a shell that starts a job in the background without job control makes it ignore SIGINT, and the ignore is
        // inherited down to the child JVM, which then cannot be stopped by INT at all: skipped visibly, not failed
        org.junit.jupiter.api.Assumptions.assumeFalse(signal.equals("INT") && sigintIgnoredHere(),
                "SIGINT is ignored in this process (inherited from the shell that started the build): INT cannot reach a child");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // it only holds a server
                "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), HoldRedisMain.class.getName())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("PID "));
            assertTrue(line != null, "child JVM did not start redis");
            String[] f = line.split(" ");
            long pid = Long.parseLong(f[1]);
            Path dir = Paths.get(f[3]).getParent();
            assertTrue(ProcessHandle.of(pid).isPresent(), "redis-server running");

            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(jvm.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(jvm.waitFor(20, TimeUnit.SECONDS), "JVM ended");
            assertTrue(awaitGone(pid), "redis-server pid " + pid + " outlived its JVM (" + signal + ")");
            if (!signal.equals("KILL")) {
                assertFalse(Files.exists(dir), "temporary folder removed on " + signal);
            }
        } finally {
            jvm.destroyForcibly();
        }
    }

    /** SIGINT (bit 2) in this JVM's ignored-signal mask ({@code SigIgn} of /proc/self/status); false where unreadable. */
    private static boolean sigintIgnoredHere() {
        try {
            for (String l : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (l.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(l.substring(7).trim(), 16) & 0x2L) != 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }

    private static boolean awaitGone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                return true;
            }
            Thread.sleep(50); // polling another process's exit
        }
        return false;
    }

    @Test
    void logTailNamesWhyAServerFailed() {
        Path dir = TempDirs.create("kensho-test-");
        try (ChildProcess p = ChildProcess.start("test child", List.of("/bin/sh", "-c", "echo boom; exit 3"), dir, dir.resolve("log"))) {
            assertEquals(3, p.waitFor(Duration.ofSeconds(10)));
            assertEquals("boom", p.logTail());
        } finally {
            TempDirs.delete(dir);
        }
    }
}
