package dev.kensho.common.profile;

import dev.kensho.common.process.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server's side of a profiled case, against real processes: a child JVM recorded through jcmd, a busy native
 * process sampled with perf (where perf runs here), and a server that is gone, which says why in one line.
 */
class ServerRecordingTest {

    private static CaseFiles files(Path run) throws Exception {
        CaseFiles f = CaseFiles.of(run, "dev.kensho.x.XBenchmark.m", Map.of("p", "1"));
        Files.createDirectories(f.dir());
        return f;
    }

    @Test
    void aServerJvmIsRecordedThroughJcmd(@TempDir Path run) throws Exception {
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Spinner.class.getName()).redirectErrorStream(true).start();
        try {
            // the attach listener answers once the JVM is up: its main method says so (however long a busy host takes)
            BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine(); // past "Picked up JAVA_TOOL_OPTIONS" and the like
            } while (line != null && !line.equals(Spinner.READY));
            assertNotNull(line, "the child JVM ran its main method");
            ServerProfiles.Server s = new ServerProfiles.Server(ServerProfiles.Kind.JVM, jvm.pid(), "hbase-server", "child JVM");
            ServerRecording r = ServerRecording.start(s, files(run), 1, "profile");
            Thread.sleep(1000);
            Path f = r.end();
            assertNull(r.unavailable(), r.unavailable());
            assertEquals("server-fork1.jfr", f.getFileName().toString());
            assertEquals("FLR", new String(Files.readAllBytes(f), 0, 3, StandardCharsets.US_ASCII), "a JFR file");
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aBusyNativeProcessIsSampledWithPerf(@TempDir Path run) throws Exception {
        Assumptions.assumeTrue(AsyncProfilerLib.perfEventsAllowed() && Executables.onPath("perf").isPresent(), "perf is not usable here");
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            ServerProfiles.Server s = new ServerProfiles.Server(ServerProfiles.Kind.NATIVE, busy.pid(), "redis-server", "sh");
            ServerRecording r = ServerRecording.start(s, files(run), 2, "profile");
            // the loop must get CPU while perf records: on a busy host (parallel test JVMs) one second of wall
            // clock was sometimes no CPU at all, so wait for two seconds of the loop's own CPU (at most a minute)
            Duration before = busy.info().totalCpuDuration().orElse(Duration.ZERO);
            for (int i = 0; i < 600 && busy.info().totalCpuDuration().orElse(Duration.ZERO).minus(before).toMillis() < 2000; i++) {
                Thread.sleep(100);
            }
            Path f = r.end();
            assertNull(r.unavailable(), r.unavailable());
            assertEquals("redis-server-fork2.collapsed", f.getFileName().toString());
            List<String> lines = Files.readAllLines(f);
            long samples = lines.stream().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
            // how many depends on the CPU the loop got on a shared host; that it was sampled does not
            assertTrue(samples > 0 && lines.stream().allMatch(l -> l.matches("\\S.* \\d+")), lines.toString());
        } finally {
            busy.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aServerThatIsGoneSaysWhyInOneLine(@TempDir Path run) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        ServerRecording jvm = ServerRecording.start(new ServerProfiles.Server(ServerProfiles.Kind.JVM, gone.pid(), "hbase-server", "x"),
                files(run), 1, "profile");
        assertNull(jvm.end());
        assertNotNull(jvm.unavailable());
        assertTrue(jvm.unavailable().startsWith("jcmd JFR.start on x failed: "), jvm.unavailable());
        assertEquals(1, jvm.unavailable().lines().count());
        if (Executables.onPath("perf").isPresent()) {
            ServerRecording perf = ServerRecording.start(new ServerProfiles.Server(ServerProfiles.Kind.NATIVE, gone.pid(), "redis-server", "x"),
                    files(run), 1, "profile");
            assertNull(perf.end());
            assertTrue(perf.unavailable().startsWith("perf record refused ("), perf.unavailable());
        }
    }

    @Test
    void aBinaryThatNamesNoFunctionsGetsANoteSayingWhatToDo(@TempDir Path dir) throws Exception {
        Path stripped = dir.resolve("redis-server");
        Files.write(stripped, ElfSymbolsTest.elf(false));
        ServerProfiles.Server s = new ServerProfiles.Server(ServerProfiles.Kind.NATIVE, 1, "redis-server", "x",
                "install one with symbols and give -Dx=/usr/bin/redis-server");
        String note = ServerRecording.note(s, "/tmp/bin/redis-server", stripped);
        assertEquals("redis-server is /tmp/bin/redis-server, a binary that names 0 functions: its flame graph shows its own"
                + " frames as one [redis-server] box; install one with symbols and give -Dx=/usr/bin/redis-server", note);
        Path lib = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
        if (Files.isRegularFile(lib)) {
            assertNull(ServerRecording.note(s, lib.toString(), lib), "a binary that names its functions needs no note");
        }
        assertNull(ServerRecording.note(s, "x", dir.resolve("gone")), "one that cannot be read gets none either");
    }

    @Test
    void theConsoleHearsOfItOncePerRunFolder(@TempDir Path run) throws Exception {
        Files.createDirectories(run.resolve("jfr"));
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            ServerRecording.sayOnce(run, "stripped-redis-server", "the note");
            ServerRecording.sayOnce(run, "stripped-redis-server", "the note"); // the next fork's
        } finally {
            System.setErr(err);
        }
        assertEquals("kensho: the note" + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
    }

    /** A JVM that runs until it is killed, for jcmd to record. */
    public static final class Spinner {
        static final String READY = "spinner running";

        public static void main(String[] args) throws InterruptedException {
            System.out.println(READY);
            System.out.flush();
            long s = 0;
            long end = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < end) {
                s += System.nanoTime() % 7;
                if (s % 1000 == 0) {
                    Thread.sleep(1);
                }
            }
            System.out.println(s);
        }
    }
}
