package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ownership rule against a real redis-server addressed as an external target: keys the suite did not
 * create stop the run before its first write and survive it (value and TTL); the opt-in deletes them and says
 * so; a killed run's leftovers are recognised by its marker and removed with a note; a live run's prefix is refused.
 */
class KeyOwnershipTest {

    private static RedisTarget server;
    private static ExternalRedis external;

    @BeforeAll
    static void start() {
        server = RedisTargets.open(Map.of());
        external = ExternalRedis.parse("redis://127.0.0.1:" + server.port() + "/0");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void empty() {
        try (Jedis j = server.jedis()) {
            j.flushDB();
        }
    }

    @Test
    void keysTheSuiteDidNotCreateStopTheRunAndSurviveIt() {
        try (Jedis j = server.jedis()) {
            j.setex("kensho:app:config", 7200, "v1");
            j.sadd("kensho:s:0000001", "a", "b");
            j.setex("kensho:1:session", 3600, "shard-prefixed");
            BadInput e = assertThrows(BadInput.class, () -> KeyOwnership.claim(external, "run-a", line -> { }));
            assertTrue(e.getMessage().contains("3 key(s)") && e.getMessage().contains("kensho:"), e.getMessage());
            assertTrue(e.getMessage().contains(Settings.KEY_PREFIX_PROPERTY) && e.getMessage().contains(Settings.DESTRUCTIVE_PROPERTY + "=true"),
                    "names both ways on: " + e.getMessage());
            assertEquals("v1", j.get("kensho:app:config"));
            assertTrue(j.ttl("kensho:app:config") > 3600, "TTL kept");
            assertEquals(Set.of("a", "b"), j.smembers("kensho:s:0000001"));
            assertTrue(j.ttl("kensho:1:session") > 1800);
            assertEquals(3, j.dbSize(), "nothing written: no marker either");
        }
    }

    @Test
    void theOptInDeletesThemAndSaysSo() {
        System.setProperty(Settings.DESTRUCTIVE_PROPERTY, "true");
        try (Jedis j = server.jedis()) {
            j.set("kensho:app:config", "v1");
            List<String> notes = new ArrayList<>();
            KeyOwnership.claim(external, "run-b", notes::add);
            assertNull(j.get("kensho:app:config"));
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).contains("deleted 1 key(s)") && notes.get(0).contains("kensho:app:config"), notes.get(0));
            assertEquals("run-b", j.hget("kensho:" + KeyOwnership.MARKER_SUFFIX, "run"));
        } finally {
            System.clearProperty(Settings.DESTRUCTIVE_PROPERTY);
        }
    }

    @Test
    void aKilledRunsLeftoversAreRecognisedAndRemovedWithANote() {
        try (Jedis j = server.jedis()) {
            // what a SIGKILLed run leaves: its marker, its keys, and a lease naming a process that has ended
            j.hset("kensho:" + KeyOwnership.MARKER_SUFFIX, Map.of("run", "killed-run", "host", "elsewhere", "pid", "1"));
            j.sadd("kensho:s:0000001", "x");
            j.set("kensho:kv:42", "y");
            List<String> notes = new ArrayList<>();
            KeyOwnership.claim(external, "run-c", notes::add);
            assertEquals(Set.of("kensho:" + KeyOwnership.MARKER_SUFFIX, "kensho:" + KeyOwnership.LEASE_SUFFIX), j.keys("kensho:*"));
            assertTrue(notes.size() == 1 && notes.get(0).contains("removed 2 key(s)") && notes.get(0).contains("earlier kensho run"),
                    notes.toString());
        }
    }

    @Test
    void aLiveRunsPrefixIsRefused() {
        try (Jedis j = server.jedis()) {
            j.hset("kensho:" + KeyOwnership.MARKER_SUFFIX, Map.of("run", "live-run", "host", "elsewhere", "pid", "1"));
            j.set("kensho:" + KeyOwnership.LEASE_SUFFIX, "live-run other-host 1");
            j.set("kensho:kv:1", "y");
            BadInput e = assertThrows(BadInput.class, () -> KeyOwnership.claim(external, "run-d", line -> { }));
            assertTrue(e.getMessage().contains("in use by another kensho run (live-run"), e.getMessage());
            assertEquals("y", j.get("kensho:kv:1"));
        }
    }

    @Test
    void aTrialsCleanUpKeepsTheMarkerAndTheRunsEndRemovesEverything() {
        try (Jedis j = server.jedis()) {
            KeyOwnership.claim(external, "run-e", line -> { });
            j.set("kensho:kv:1", "written by the run");
            external.deleteSuiteKeys();
            assertEquals(Set.of("kensho:" + KeyOwnership.MARKER_SUFFIX, "kensho:" + KeyOwnership.LEASE_SUFFIX), j.keys("kensho:*"));
            KeyOwnership.claim(external, "run-e", line -> { }); // a fork of the same run: nothing to do
            j.set("kensho:kv:2", "left by a failed trial");
            assertEquals(1, KeyOwnership.release(external, "run-e"));
            assertTrue(j.keys("kensho:*").isEmpty());
            j.set("unrelated", "kept");
            assertEquals("kept", j.get("unrelated"));
        }
    }

    @Test
    void theLeaseOfAnEndedLocalProcessIsNotAlive() {
        assertFalse(KeyOwnership.alive(null));
        assertTrue(KeyOwnership.alive("r other-host 1"), "another machine's lease lives until it expires");
        ProcessHandle me = ProcessHandle.current();
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown-host";
        }
        assertTrue(KeyOwnership.alive("r " + host + " " + me.pid()));
        assertFalse(KeyOwnership.alive("r " + host + " " + Long.MAX_VALUE));
    }

    @Test
    void onAClusterEveryMasterIsLookedAtAndTheMarkerFindsItsSlot() {
        try (RedisCluster embedded = EmbeddedCluster.start(3, Map.of())) {
            ExternalRedis seed = ExternalRedis.parse("redis://127.0.0.1:" + embedded.servers().get(0).port() + "/0");
            try (RedisCluster ext = new RedisCluster(RedisTarget.Kind.EXTERNAL, RedisCluster.discover(seed, seed::at));
                 redis.clients.jedis.JedisCluster jc = ext.jedisCluster(1)) {
                for (int i = 0; i < 30; i++) {
                    jc.set("kensho:app:" + i, "theirs"); // spread over the three masters' slots
                }
                BadInput e = assertThrows(BadInput.class, () -> KeyOwnership.claim(ext, "run-f", line -> { }));
                assertTrue(e.getMessage().contains("30 key(s)"), "every master was looked at: " + e.getMessage());
                for (int i = 0; i < 30; i++) {
                    jc.del("kensho:app:" + i); // one key per command: they live in different slots
                }
                KeyOwnership.claim(ext, "run-f", line -> { });
                assertEquals("run-f", jc.hget("kensho:" + KeyOwnership.MARKER_SUFFIX, "run"));
                jc.set("kensho:kv:1", "written by the run");
                assertEquals(1, KeyOwnership.release(ext, "run-f"));
                assertFalse(jc.exists("kensho:" + KeyOwnership.MARKER_SUFFIX));
            }
        }
    }
}
