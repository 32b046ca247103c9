package dev.kensho.targets.redis.servers;

import dev.kensho.common.BadInput;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import dev.kensho.targets.redis.testing.HoldClusterMain;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis Cluster target: an embedded 3-master cluster forms, covers every slot, spreads keys over its
 * masters and both cluster clients read them back; an external cluster is discovered from one seed and
 * cleaned of the suite's keys only; its processes die with the JVM; bad settings are one line.
 */
class RedisClusterTest {

    @AfterEach
    void clear() {
        System.clearProperty(RedisSettings.CLUSTER.key());
        System.clearProperty(RedisSettings.URI.key());
    }

    @Test
    void threeMastersCoverEverySlotAndBothClientsReadBackKeysOfEveryMaster() {
        System.setProperty(RedisSettings.CLUSTER.key(), "3");
        try (RedisCluster c = RedisTargets.openCluster(Map.of("io-threads", "1", "maxmemory-policy", "allkeys-lru"))) {
            assertEquals(RedisTarget.Kind.EMBEDDED, c.kind());
            assertEquals(3, c.masters().size());
            int slots = 0;
            for (RedisTarget n : c.servers()) {
                try (Jedis j = n.jedis()) {
                    String info = j.clusterInfo();
                    assertTrue(info.contains("cluster_state:ok"), info);
                    assertTrue(info.contains("cluster_slots_assigned:16384"), info);
                    assertTrue(info.contains("cluster_known_nodes:3"), info);
                    assertEquals(null, EmbeddedCluster.unlinked(j.clusterNodes(), 3), "every link up when the cluster is ready");
                    assertEquals("allkeys-lru", j.configGet("maxmemory-policy").get("maxmemory-policy"), "config on every node");
                }
            }
            for (RedisCluster.Node n : c.masters()) {
                for (String r : n.slots()) {
                    String[] ft = r.split("-");
                    slots += Integer.parseInt(ft[1]) - Integer.parseInt(ft[0]) + 1;
                }
            }
            assertEquals(EmbeddedCluster.SLOTS, slots, "the three ranges cover every slot once");
            assertEquals(Map.of("io-threads", "1"), c.readConfig(List.of("io-threads")));

            String p = c.keyPrefix();
            try (JedisCluster jc = c.jedisCluster(4)) {
                for (int i = 0; i < 300; i++) {
                    assertEquals("OK", jc.set(p + "j" + i, "v" + i)); // follows MOVED to each key's master
                }
            }
            RedisAdvancedClusterCommands<String, String> lettuce = c.lettuceCluster().connect().sync();
            for (int i = 0; i < 300; i++) {
                assertEquals("v" + i, lettuce.get(p + "j" + i), "Lettuce reads what Jedis wrote");
                assertEquals("OK", lettuce.set(p + "l" + i, "w" + i));
            }
            try (JedisCluster jc = c.jedisCluster(2)) {
                for (int i = 0; i < 300; i++) {
                    assertEquals("w" + i, jc.get(p + "l" + i), "Jedis reads what Lettuce wrote");
                }
            }
            long total = 0;
            for (RedisTarget n : c.servers()) {
                try (Jedis j = n.jedis()) {
                    long keys = j.dbSize();
                    assertTrue(keys > 100, "every master holds its share of 600 keys, got " + keys);
                    total += keys;
                }
            }
            assertEquals(600, total);

            Map<String, Object> info = c.serverInfo();
            assertEquals(3, info.get("masters"));
            assertEquals(3, ((List<?>) info.get("topology")).size());
            assertEquals(3, ((List<?>) info.get("nodes")).size());

            c.deleteSuiteKeys();
            for (RedisTarget n : c.servers()) {
                try (Jedis j = n.jedis()) {
                    assertEquals(0, j.dbSize());
                }
            }
        }
    }

    /** A node that reports ok while a link is down or in handshake is not ready: a PUBLISH would miss that node. */
    @Test
    void aClusterIsReadyOnlyWithEveryLinkUp() {
        String a = "07c3 127.0.0.1:30001@40001 myself,master - 0 0 1 connected 0-5460\n";
        String b = "67ed 127.0.0.1:30002@40002 master - 0 1700000000000 2 connected 5461-10922\n";
        String c = "292f 127.0.0.1:30003@40003 master - 0 1700000000000 3 connected 10923-16383\n";
        assertEquals(null, EmbeddedCluster.unlinked(a + b + c, 3));
        assertEquals("sees node 127.0.0.1:30003@40003 as master, link disconnected",
                EmbeddedCluster.unlinked(a + b + c.replace(" connected", " disconnected"), 3));
        assertTrue(EmbeddedCluster.unlinked(a + b + c.replace("master -", "handshake -"), 3).contains("handshake"));
        assertTrue(EmbeddedCluster.unlinked(a + b + c.replace("master -", "master,fail? -"), 3).contains("fail?"));
        assertEquals("lists 2 nodes of 3", EmbeddedCluster.unlinked(a + b, 3));
    }

    @Test
    void anExternalClusterIsFoundFromOneSeedAndOnlyTheSuitesKeysAreRemoved() {
        try (RedisCluster embedded = EmbeddedCluster.start(3, Map.of())) {
            RedisTarget second = embedded.servers().get(1);
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + second.port());
            RedisTargets.validate(); // detected, not declared
            BadInput single = assertThrows(BadInput.class, () -> RedisTargets.open(Map.of()));
            assertTrue(single.getMessage().contains("is a Redis Cluster"), single.getMessage());
            assertFalse(single.getMessage().contains("\n"));

            try (RedisCluster ext = RedisTargets.openCluster(Map.of())) {
                assertEquals(RedisTarget.Kind.EXTERNAL, ext.kind());
                assertFalse(ext.owned());
                assertEquals(embedded.masters().stream().map(RedisCluster.Node::id).toList(),
                        ext.masters().stream().map(RedisCluster.Node::id).toList(), "the same masters in slot order");
                try (JedisCluster jc = ext.jedisCluster(2)) {
                    for (int i = 0; i < 100; i++) {
                        jc.set(ext.keyPrefix() + i, "x");
                        jc.set("user:" + i, "theirs");
                    }
                }
                assertThrows(BadInput.class, () -> ext.configSet("maxmemory", "1"), "no CONFIG SET without the opt-in");
                BadInput wrongCount = assertThrows(BadInput.class, () -> ext.requireMasters("shards", 6));
                assertTrue(wrongCount.getMessage().startsWith("shards=6"), wrongCount.getMessage());
                ext.deleteSuiteKeys();
            }
            long left = 0;
            for (RedisTarget n : embedded.servers()) {
                assertTrue(((EmbeddedRedis) n).isAlive(), "closing the external target leaves the user's servers running");
                try (Jedis j = n.jedis()) {
                    assertTrue(j.keys(embedded.keyPrefix() + "*").isEmpty(), "the suite's keys are gone from every master");
                    left += j.dbSize();
                }
            }
            assertEquals(100, left, "keys outside the prefix are untouched");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "0", "2", "abc", "65"})
    void aClusterSizeOutsideTheAllowedIsOneLineAndStartsNothing(String value) {
        System.setProperty(RedisSettings.CLUSTER.key(), value);
        BadInput e = assertThrows(BadInput.class, () -> RedisTargets.openCluster(Map.of()));
        assertEquals("kensho.redis.cluster=" + value + " is not allowed; allowed: false, true (the kensho.redis.uri"
                + " endpoint is a Redis Cluster) or a number of embedded masters 3 … 64", e.getMessage());
        assertThrows(BadInput.class, RedisTargets::validate);
    }

    @Test
    void aDeclaredClusterThatIsOneNodeIsOneLine() {
        try (EmbeddedRedis single = EmbeddedRedis.start(Map.of())) {
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + single.port());
            System.setProperty(RedisSettings.CLUSTER.key(), "true");
            BadInput v = assertThrows(BadInput.class, RedisTargets::validate);
            assertTrue(v.getMessage().contains("is a single node"), v.getMessage());
            assertFalse(v.getMessage().contains("\n"));
            assertThrows(BadInput.class, () -> RedisTargets.openCluster(Map.of()));
            BadInput o = assertThrows(BadInput.class, () -> RedisTargets.open(Map.of()), "a single-node benchmark refuses the setting");
            assertTrue(o.getMessage().startsWith("kensho.redis.cluster=true"), o.getMessage());
        }
    }

    /** SIGKILL of the JVM (no shutdown hook runs): every node's watchdog kills its node. */
    @Test
    void everyNodeDiesWithItsJvm() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // it only holds a server
                "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), HoldClusterMain.class.getName())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("PIDS "));
            assertTrue(line != null, "child JVM did not start the cluster");
            List<Long> pids = new ArrayList<>();
            for (String p : line.substring(5).split(",")) {
                pids.add(Long.parseLong(p));
            }
            assertEquals(3, pids.size());
            for (long pid : pids) {
                assertTrue(pid > 0 && ProcessHandle.of(pid).isPresent(), "node " + pid + " running");
            }
            assertEquals(0, new ProcessBuilder("kill", "-KILL", Long.toString(jvm.pid())).start().waitFor());
            assertTrue(jvm.waitFor(20, TimeUnit.SECONDS), "JVM ended");
            for (long pid : pids) {
                assertTrue(awaitGone(pid), "cluster node pid " + pid + " outlived its JVM");
            }
        } finally {
            jvm.destroyForcibly();
        }
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
}
