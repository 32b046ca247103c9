package dev.kensho.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Settings reach the benchmark through the command users type: {@code ./mvnw verify -Pbench -pl redis-sets
 * -am -D…}, run for real (in a copy of this checkout). The target the user names is the one measured; an
 * unreachable one stops the run in one line with no Java stack trace; killing Maven alone ends the run's servers.
 * A wrong setting's name stops the run before it starts: {@link MavenBadSettingsTest}, in another test JVM at the
 * same time.
 */
class MavenPathTest {

    @TempDir
    static Path checkout;

    private static final String[] SMOKE_IMPORT = {"-pl", "redis-sets", "-am", "-Dkensho.scale=smoke",
            "-Dkensho.bench=SetImport", "-Dkensho.args=-p client=JEDIS"};

    @BeforeAll
    static void copy() throws Exception {
        MavenRun.copyCheckout(checkout, Set.of("common", "api", "report", "launcher", "redis-target", "redis-sets"));
    }

    @Test
    void theNamedServerIsMeasuredAndItsDataKept() throws Exception {
        String password = "pw-" + System.nanoTime();
        int port = ChildProcess.freePort();
        // someone else's server, as the suite's own child (bounded stop, gone with this JVM), working in the checkout
        ChildProcess server = ChildProcess.start("foreign redis-server", List.of(EmbeddedRedis.binary().toString(), "--port",
                Integer.toString(port), "--bind", "127.0.0.1", "--requirepass", password, "--save", "", "--appendonly", "no"), checkout, checkout.resolve("foreign-redis.log"));
        try (Jedis j = MavenRun.awaitServer(port, password)) {
            j.setex("foreign:session", 7200, "token");
            j.sadd("foreign:set", "a", "b");
            j.configSet("maxmemory-policy", "allkeys-lru");
            long saddBefore = sadds(j);

            int status;
            try (MavenRun run = MavenRun.start(checkout, "external.log", Map.of("KENSHO_REDIS_PASSWORD", password),
                    MavenRun.concat(SMOKE_IMPORT, "-Dkensho.runId=external", "-Dkensho.redis.uri=redis://127.0.0.1:" + port + "/0"))) {
                status = run.await();
                assertEquals(0, status, run.output());
                assertFalse(run.output().contains(password), "the password never reaches the console");
                assertFalse(run.output().contains("SLF4J("), "no SLF4J start-up report from the launcher or its fork");
            }
            assertTrue(sadds(j) > saddBefore, "the run's SADDs reached the named server (INFO commandstats)");
            assertEquals("token", j.get("foreign:session"));
            assertTrue(j.ttl("foreign:session") > 3600, "TTL kept");
            assertEquals(Set.of("a", "b"), j.smembers("foreign:set"));
            assertEquals("allkeys-lru", j.configGet("maxmemory-policy").get("maxmemory-policy"), "config untouched");
            assertTrue(j.keys("kensho:*").isEmpty(), "the suite removed its own keys");

            JsonNode env = new ObjectMapper().readTree(runDir("external").resolve("env.json").toFile());
            String target = env.path("targets").path("SetImportBenchmark").asText();
            assertTrue(target.contains("external") && target.contains("127.0.0.1:" + port), "env.json names the server: " + env);
            assertFalse(Files.readString(runDir("external").resolve("env.json")).contains(password));
            assertEquals(1, env.path("yardstick").path("readings").asInt(), "one machine reading, before the class: " + env);
        } finally {
            server.close();
        }
    }

    @Test
    void anUnreachableTargetIsOneLineAndNoCompleteRun() throws Exception {
        try (MavenRun run = MavenRun.start(checkout, "unreachable.log", Map.of(),
                MavenRun.concat(SMOKE_IMPORT, "-Dkensho.runId=unreachable", "-Dkensho.redis.uri=redis://127.0.0.1:1/0"))) {
            assertNotEquals(0, run.await());
            List<String> lines = run.kenshoLines();
            assertEquals(1, lines.size(), "one kensho line: " + run.output());
            assertTrue(lines.get(0).contains("redis://127.0.0.1:1/0"), "it names the target: " + lines);
            assertTrue(run.stackLines().isEmpty(), "no stack trace on the console: " + run.stackLines());
            Path dir = runDir("unreachable");
            assertFalse(Files.exists(dir.resolve("jmh").resolve("SetImportBenchmark.json")), "no results");
            if (Files.exists(dir)) {
                assertNotEquals("complete", RunFolder.at(dir).state());
            }
        }
    }

    @Test
    void killingMavenAloneEndsTheRunAndItsServer() throws Exception {
        try (MavenRun run = MavenRun.start(checkout, "killed.log", Map.of(), "-pl", "redis-sets", "-am",
                "-Dkensho.scale=smoke", "-Dkensho.bench=SetImport", "-Dkensho.runId=killed",
                "-Dkensho.args=-p client=JEDIS -p users=3000000")) {
            Optional<ProcessHandle> server = run.awaitDescendant("redis-server", 240);
            assertTrue(server.isPresent(), "redis-server started: " + run.output());
            Optional<ProcessHandle> launcher = run.awaitDescendant("kensho.watchPid", 10);
            assertTrue(launcher.isPresent());
            ProcessHandle maven = launcher.get().parent().orElseThrow();

            maven.destroyForcibly(); // SIGKILL to Maven alone, as a CI timeout does
            // a bound only so a broken guard cannot hang the build: how soon depends on the host's load, not the suite
            assertTrue(ChildRun.awaitGone(server.get(), 60), "redis-server outlived Maven by a minute");
            assertTrue(ChildRun.awaitGone(launcher.get(), 60), "the launcher ended");
            assertEquals(RunFolder.KILLED, RunFolder.at(runDir("killed")).state());
        }
    }

    private static Path runDir(String id) {
        return checkout.resolve("target").resolve("kensho-runs").resolve(id);
    }

    private static long sadds(Jedis j) {
        String stats = j.info("commandstats");
        return stats.lines().filter(l -> l.startsWith("cmdstat_sadd:")).findFirst()
                .map(l -> Long.parseLong(l.replaceAll("^cmdstat_sadd:calls=(\\d+),.*", "$1"))).orElse(0L);
    }
}
