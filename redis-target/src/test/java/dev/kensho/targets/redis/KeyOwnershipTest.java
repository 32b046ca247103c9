package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.targets.Lease;
import dev.kensho.targets.redis.opening.RedisTargets;
import dev.kensho.targets.redis.servers.EmbeddedCluster;
import dev.kensho.targets.redis.servers.ExternalRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
            assertTrue(e.getMessage().contains(Setting.KEY_PREFIX.key()) && e.getMessage().contains(Setting.DESTRUCTIVE.key() + "=true"),
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
        System.setProperty(Setting.DESTRUCTIVE.key(), "true");
        try (Jedis j = server.jedis()) {
            j.set("kensho:app:config", "v1");
            List<String> notes = new ArrayList<>();
            KeyOwnership.claim(external, "run-b", notes::add);
            assertNull(j.get("kensho:app:config"));
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).contains("deleted 1 key(s)") && notes.get(0).contains("kensho:app:config"), notes.get(0));
            assertEquals("run-b", j.hget("kensho:" + KeyOwnership.MARKER_SUFFIX, "run"));
        } finally {
            System.clearProperty(Setting.DESTRUCTIVE.key());
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

    /** Eight runs claim one prefix at the same moment: exactly one gets it, the others are refused in one line. */
    @Test
    void ofRunsClaimingOnePrefixAtOnceExactlyOneGetsIt() throws Exception {
        int runs = 8;
        CyclicBarrier start = new CyclicBarrier(runs);
        ExecutorService pool = Executors.newFixedThreadPool(runs);
        try {
            List<Future<String>> outcomes = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                String runId = "race-" + i;
                outcomes.add(pool.submit(() -> {
                    start.await();
                    try {
                        KeyOwnership.claim(external, runId, line -> { });
                        return runId;
                    } catch (BadInput refused) {
                        assertTrue(refused.getMessage().contains("in use by another kensho run (race-")
                                && !refused.getMessage().contains("\n"), refused.getMessage());
                        return null;
                    }
                }));
            }
            List<String> winners = new ArrayList<>();
            for (var f : outcomes) {
                String w = f.get();
                if (w != null) {
                    winners.add(w);
                }
            }
            assertEquals(1, winners.size(), "runs that believe they hold kensho: " + winners);
            try (Jedis j = server.jedis()) {
                assertEquals(winners.get(0), j.hget("kensho:" + KeyOwnership.MARKER_SUFFIX, "run"));
                assertEquals(winners.get(0), Lease.run(j.get("kensho:" + KeyOwnership.LEASE_SUFFIX)));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A holder that lost its lease (it lapsed and another run took the prefix) neither renews nor drops the new one. */
    @Test
    void aLapsedHolderNeverOverwritesTheRunThatTookOver() {
        try (Jedis j = server.jedis()) {
            KeyOwnership.claim(external, "run-g", line -> { });
            String theirs = "run-h elsewhere 7";
            j.set("kensho:" + KeyOwnership.LEASE_SUFFIX, theirs); // run-g's lease lapsed; run-h on another host took it
            KeyOwnership.renew(external, "run-g");
            KeyOwnership.dropLease(external, "run-g");
            assertEquals(theirs, j.get("kensho:" + KeyOwnership.LEASE_SUFFIX));
            j.del("kensho:" + KeyOwnership.LEASE_SUFFIX); // and once it lapses with nobody holding it, the holder renews it
            KeyOwnership.renew(external, "run-g");
            assertEquals("run-g", Lease.run(j.get("kensho:" + KeyOwnership.LEASE_SUFFIX)));
        }
    }

    /** A killed local run's lease (its pid has ended) is taken over at once, without waiting for it to expire. */
    @Test
    void aLeaseOfAnEndedLocalProcessIsTakenOver() {
        try (Jedis j = server.jedis()) {
            j.set("kensho:" + KeyOwnership.LEASE_SUFFIX, "killed-run " + Lease.host() + " "
                    + Long.MAX_VALUE, redis.clients.jedis.params.SetParams.setParams().px(60_000));
            KeyOwnership.claim(external, "run-i", line -> { });
            assertEquals("run-i", Lease.run(j.get("kensho:" + KeyOwnership.LEASE_SUFFIX)));
        }
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
