package dev.kensho.common.process;

import dev.kensho.targets.redis.servers.EmbeddedRedis;
import dev.kensho.targets.redis.testing.HoldRedisMain;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real redis-server (the bundled one) that SIGTERM cannot end: it saves on shutdown, and its folder is deleted under
 * it, so the save fails and Redis stays up ("Error trying to save the DB, can't exit"). The suite still stops it —
 * SIGKILL after the grace — and a JVM killed while it waits for such a server still takes the server with it.
 */
class ServerRefusingSigtermTest {

    /** Config lines that make a shutdown save (every shutdown, with any save point), into {@code dir}. */
    private static Map<String, String> savesOnShutdownInto(Path dir) {
        return Map.of("save", "\"3600 1\"", "dir", dir.toString());
    }

    @Test
    void aServerWhoseFolderIsGoneIsStoppedAnyway() throws Exception {
        Path folder = TempDirs.create("kensho-test-refusing-");
        EmbeddedRedis r = EmbeddedRedis.start(savesOnShutdownInto(folder));
        long pid = r.process().pid();
        boolean stopped = false;
        try {
            assertTrue(alive(pid), "redis-server running");
            TempDirs.delete(folder);
            TempDirs.delete(r.process().log().getParent()); // its own folder too: its working directory, as in a deleted test folder
            assertFalse(Files.exists(r.process().log().getParent()));
            try (Jedis j = r.jedis()) {
                // SHUTDOWN takes the path SIGTERM takes (prepareForShutdown), and answers: this server refuses to exit
                JedisDataException e = assertThrows(JedisDataException.class, j::shutdown);
                assertTrue(e.getMessage().contains("Errors trying to SHUTDOWN"), e.getMessage());
                assertEquals("PONG", j.ping(), "still serving after refusing");
            }
            r.close(); // SIGTERM, the grace, SIGKILL
            stopped = true;
            assertFalse(alive(pid), "redis-server pid " + pid + " outlived its stop");
            assertFalse(r.process().isAlive());
        } finally {
            if (!stopped) {
                r.close();
            }
            TempDirs.delete(folder);
        }
    }

    /**
     * A signal to every process of the tree (as Ctrl-C or a test stopping a run sends), then SIGKILL to the JVM while its
     * shutdown hook waits for the refusing server: the watchdog ignored the signal, so it kills the server when the JVM
     * is gone. (Before: the signal ended the watchdog, and the server, refusing it, ran on with parent 1.)
     */
    @Test
    void aRefusingServerDiesWithAJvmKilledWhileItWaits() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // it only holds a server
                "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), HoldRedisMain.class.getName(), "refusing")
                .redirectErrorStream(true).start();
        long pid = -1;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("PID "));
            assertNotNull(line, "child JVM did not start redis");
            String[] f = line.split(" ");
            pid = Long.parseLong(f[1]);
            Path log = Paths.get(f[3]);
            assertTrue(alive(pid), "redis-server running");

            List<ProcessHandle> tree = new ArrayList<>(jvm.descendants().toList());
            tree.add(jvm.toHandle());
            for (ProcessHandle p : tree) {
                signal("TERM", p.pid());
            }
            // the server refuses (its log says so) while the JVM's hook waits out the grace: kill the JVM then, as a
            // CI timeout or a test's clean-up does; on a host too busy to see the line in time the hook has killed it
            awaitRefusal(log, jvm);
            signal("KILL", jvm.pid());
            assertTrue(jvm.waitFor(20, TimeUnit.SECONDS), "JVM ended");
            assertTrue(awaitGone(pid), "redis-server pid " + pid + " outlived its JVM: " + tail(log));
        } finally {
            jvm.destroyForcibly();
            if (pid > 0) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Waits (at most a minute) until the server's log says it cannot exit, or the JVM has ended. */
    private static void awaitRefusal(Path log, Process jvm) throws IOException, InterruptedException {
        for (int i = 0; i < 1200 && jvm.isAlive(); i++) {
            if (Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains("can't exit")) {
                return;
            }
            Thread.sleep(50); // polling another process's log
        }
    }

    private static String tail(Path log) {
        try {
            List<String> l = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join(" | ", l.subList(Math.max(0, l.size() - 3), l.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static boolean awaitGone(long pid) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            if (!alive(pid)) {
                return true;
            }
            Thread.sleep(50); // polling another process's exit
        }
        return false;
    }
}
