package dev.kensho.reliability;

import dev.kensho.common.export.RunFolder;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.targets.redis.KeyOwnership;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a stopped run leaves on an external Redis, through the command users type ({@code ./mvnw verify -Pbench
 * -pl redis-sets -am -Dkensho.redis.uri=…}, in a copy of this checkout), against a Redis that holds a key outside
 * the suite's prefix:
 * <ol>
 *   <li>a run stopped by SIGTERM to Maven says {@code interrupted} in its status.json, and its marker stays;</li>
 *   <li>the leftovers of a SIGKILLed run (Maven, launcher and fork all killed) are recognised by the run's marker
 *       and removed by the next run, with a note; keys outside the prefix are never touched.</li>
 * </ol>
 * Each run starts from the state the one before it left, so they run in this order. Keys that existed before any
 * run are {@link MavenOwnershipTest}'s, on a server of its own, in another test JVM at the same time.
 */
class MavenStoppedRunTest {

    @TempDir
    static Path checkout;

    /** A run still importing when it is stopped: a fork's life is what these runs check. */
    private static final String[] LONG_IMPORT = {"-pl", "redis-sets", "-am", "-Dkensho.scale=smoke",
            "-Dkensho.bench=SetImport", "-Dkensho.args=-p client=JEDIS -p users=3000000"};

    @BeforeAll
    static void copy() throws Exception {
        MavenRun.copyCheckout(checkout, Set.of("common", "api", "report", "launcher", "redis-target", "redis-sets"));
    }

    @Test
    void aStoppedRunsLeftoversAreRemovedByTheNextRun() throws Exception {
        int port = ChildProcess.freePort();
        // someone else's server, as the suite's own child (bounded stop, gone with this JVM), working in the checkout
        ChildProcess server = ChildProcess.start("foreign redis-server", List.of(EmbeddedRedis.binary().toString(), "--port",
                Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"), checkout, checkout.resolve("foreign-redis.log"));
        String uri = "-Dkensho.redis.uri=redis://127.0.0.1:" + port + "/0";
        try (Jedis j = MavenRun.awaitServer(port, null)) {
            j.setex("app:outside", 7200, "outside the prefix");

            // 1. SIGTERM to Maven: the status says interrupted, the marker stays for the next run
            try (MavenRun run = MavenRun.start(checkout, "sigterm.log", Map.of(), MavenRun.concat(LONG_IMPORT, uri, "-Dkensho.runId=sigterm"))) {
                awaitSuiteKeys(j, run, "sigterm");
                List<ProcessHandle> tree = run.handle().descendants().toList();
                run.handle().destroy(); // SIGTERM to Maven alone: its hook stops the launcher, whose hook writes the state
                for (ProcessHandle p : tree) {
                    assertTrue(ChildRun.awaitGone(p, 60), "the run's processes end: " + p.info().commandLine().orElse(""));
                }
                awaitState(runDir("sigterm"), RunFolder.INTERRUPTED);
            }
            assertTrue(j.exists("kensho:" + KeyOwnership.MARKER_SUFFIX), "the stopped run's marker stays");

            // 2. SIGKILL to everything: the leftovers (marker, lease of a dead pid, keys) go with the next run's note
            try (MavenRun run = MavenRun.start(checkout, "sigkill.log", Map.of(), MavenRun.concat(LONG_IMPORT, uri, "-Dkensho.runId=sigkill"))) {
                awaitSuiteKeys(j, run, "sigkill");
                assertTrue(run.output().contains("left by an earlier kensho run"), "the stopped run's leftovers were removed"
                        + " with a note: " + run.output());
                List<ProcessHandle> all = run.handle().descendants().toList();
                run.handle().destroyForcibly();
                all.forEach(ProcessHandle::destroyForcibly);
                for (ProcessHandle p : all) {
                    ChildRun.awaitGone(p, 30);
                }
            }
            assertTrue(j.keys("kensho:*").stream().anyMatch(k -> !KeyOwnership.bookkeeping(k)), "the killed run left keys");
            try (MavenRun run = MavenRun.start(checkout, "after-kill.log", Map.of(),
                    MavenRun.concat(MavenOwnershipTest.SMOKE_IMPORT, uri, "-Dkensho.runId=after-kill"))) {
                assertEquals(0, run.await(), run.output());
                assertTrue(run.output().contains("left by an earlier kensho run"), run.output());
            }
            assertTrue(j.keys("kensho:*").isEmpty(), "nothing of the suite's is left: " + j.keys("kensho:*"));
            assertEquals("outside the prefix", j.get("app:outside"));
            assertEquals(RunFolder.KILLED, RunFolder.at(runDir("sigkill")).state());
        } finally {
            server.close();
        }
    }

    /** Waits until the run has claimed the prefix and written keys under it (the fork is loading). */
    private static void awaitSuiteKeys(Jedis j, MavenRun run, String runId) throws InterruptedException {
        for (int i = 0; i < 2400; i++) {
            if (runId.equals(j.hget("kensho:" + KeyOwnership.MARKER_SUFFIX, "run"))
                    && j.keys("kensho:*").stream().anyMatch(k -> !KeyOwnership.bookkeeping(k))) {
                return;
            }
            if (!run.handle().isAlive()) {
                throw new IllegalStateException("the run ended before it wrote: " + run.output());
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the run wrote no keys in 240 s: " + run.output());
    }

    private static void awaitState(Path dir, String state) throws InterruptedException {
        for (int i = 0; i < 600 && !state.equals(RunFolder.at(dir).status().path("state").asText()); i++) {
            Thread.sleep(100);
        }
        assertEquals(state, RunFolder.at(dir).status().path("state").asText(), RunFolder.at(dir).status().toString());
    }

    private static Path runDir(String id) {
        return checkout.resolve("target").resolve("kensho-runs").resolve(id);
    }
}
