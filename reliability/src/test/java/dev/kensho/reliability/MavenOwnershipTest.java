package dev.kensho.reliability;

import dev.kensho.common.export.RunFolder;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing that existed before a run is changed, through the command users type ({@code ./mvnw verify -Pbench
 * -pl redis-sets -am -Dkensho.redis.uri=…}, in a copy of this checkout), against a Redis that already holds
 * keys under the suite's prefix and under a shard prefix, some with TTLs:
 * <ol>
 *   <li>the run refuses in one line (how many, one example, both ways on), writes nothing, leaves no run folder,
 *       and every key, value and TTL is intact;</li>
 *   <li>with {@code -Dkensho.destructive=true} they are deleted and the run says so; keys outside the prefix are
 *       never touched.</li>
 * </ol>
 * What a stopped run leaves, and how the next run treats it, is {@link MavenStoppedRunTest}'s: the two share no
 * server, so they run in separate test JVMs at once.
 */
class MavenOwnershipTest {

    @TempDir
    static Path checkout;

    /**
     * Runs that end by themselves: they check the prefix's keys and the run's lines, which the launcher writes (claims,
     * refusal, deletion, the leftovers' note), so the import runs in the launcher ({@code -f 0}, one JVM fewer); a
     * fork's life is what the SIGTERM and SIGKILL runs of {@link MavenStoppedRunTest} check.
     */
    static final String[] SMOKE_IMPORT = {"-pl", "redis-sets", "-am", "-Dkensho.scale=smoke",
            "-Dkensho.bench=SetImport", "-Dkensho.args=-p client=JEDIS -f 0"};

    @BeforeAll
    static void copy() throws Exception {
        MavenRun.copyCheckout(checkout, Set.of("common", "api", "report", "launcher", "redis-target", "redis-sets"));
    }

    @Test
    void whatExistedBeforeTheRunIsNeverChanged() throws Exception {
        int port = ChildProcess.freePort();
        // someone else's server, as the suite's own child (bounded stop, gone with this JVM), working in the checkout
        ChildProcess server = ChildProcess.start("foreign redis-server", List.of(EmbeddedRedis.binary().toString(), "--port",
                Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"), checkout, checkout.resolve("foreign-redis.log"));
        String uri = "-Dkensho.redis.uri=redis://127.0.0.1:" + port + "/0";
        try (Jedis j = MavenRun.awaitServer(port, null)) {
            j.setex("kensho:app:config", 7200, "app-config");
            j.sadd("kensho:s:0000001", "m1", "m2");
            j.setex("kensho:1:session", 3600, "shard-prefixed");
            j.setex("app:outside", 7200, "outside the prefix");

            // 1. refused in one line, nothing written, no run folder
            try (MavenRun run = MavenRun.start(checkout, "refused.log", Map.of(), MavenRun.concat(SMOKE_IMPORT, uri, "-Dkensho.runId=refused"))) {
                assertNotEquals(0, run.await());
                List<String> lines = run.kenshoLines();
                assertEquals(1, lines.size(), "one kensho line: " + run.output());
                String line = lines.get(0);
                assertTrue(line.contains("3 key(s)") && line.contains("kensho:") && line.contains("-Dkensho.keyPrefix")
                        && line.contains("-Dkensho.destructive=true"), line);
                assertTrue(run.stackLines().isEmpty(), "no stack trace: " + run.stackLines());
                assertFalse(Files.exists(runDir("refused")), "no run folder");
            }
            assertEquals("app-config", j.get("kensho:app:config"));
            assertTrue(j.ttl("kensho:app:config") > 3600, "TTL kept");
            assertEquals(Set.of("m1", "m2"), j.smembers("kensho:s:0000001"));
            assertEquals(-1, j.ttl("kensho:s:0000001"), "no TTL added");
            assertEquals("shard-prefixed", j.get("kensho:1:session"));
            assertTrue(j.ttl("kensho:1:session") > 1800, "TTL kept");
            assertEquals(4, j.dbSize(), "nothing written");

            // 2. the opt-in deletes them and says so
            try (MavenRun run = MavenRun.start(checkout, "destructive.log", Map.of(),
                    MavenRun.concat(SMOKE_IMPORT, uri, "-Dkensho.runId=destructive", "-Dkensho.destructive=true"))) {
                assertEquals(0, run.await(), run.output());
                assertTrue(run.output().contains("deleted 3 key(s) under kensho:"), run.output());
            }
            assertTrue(j.keys("kensho:*").isEmpty(), "the suite's keys and the deleted ones are gone: " + j.keys("kensho:*"));
            assertEquals("outside the prefix", j.get("app:outside"));
            assertEquals("complete", RunFolder.at(runDir("destructive")).state());
        } finally {
            server.close();
        }
    }

    private static Path runDir(String id) {
        return checkout.resolve("target").resolve("kensho-runs").resolve(id);
    }
}
