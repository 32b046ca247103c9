package dev.kensho.common.cpu;

import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis targets register their CPU when they open and stop counting when they close: the embedded
 * server through its process, a server given by URI through {@code INFO cpu}.
 */
class ServerProbesTest {

    private static void work(RedisTarget t) {
        try (Jedis j = t.jedis()) {
            Pipeline p = j.pipelined();
            for (int i = 0; i < 100_000; i++) {
                p.set(t.keyPrefix() + "cpu:" + i, "v" + i);
            }
            p.sync();
            t.deleteSuiteKeys();
        }
    }

    @Test
    void embeddedRedisIsReadFromItsProcess() {
        int live = ServerCpu.sample().live();
        try (RedisTarget t = RedisTargets.open(Map.of("io-threads", "2"))) {
            ServerCpu.Sample before = ServerCpu.sample();
            assertEquals(live + 1, before.live());
            assertTrue(before.what().contains("embedded redis-server"), before.what());
            assertTrue(before.colocated());
            work(t);
            ServerCpu.Sample after = ServerCpu.sample();
            assertTrue(after.nanos() > before.nanos(), before.nanos() + " → " + after.nanos());
            int cores = Runtime.getRuntime().availableProcessors();
            double own = after.limit() - before.limit() + Math.min(2, cores); // other servers of this JVM add theirs
            assertEquals(Math.min(2, cores), own, 1e-9);
            if (System.getProperty("os.name").toLowerCase().contains("linux")) {
                assertTrue(t.serverInfo().containsKey("cpus_allowed"), t.serverInfo().keySet().toString());
            }
        }
        assertEquals(live, ServerCpu.sample().live());
    }

    @Test
    void aServerGivenByUriIsReadThroughInfo() {
        try (RedisTarget server = RedisTargets.open(Map.of())) {
            int live = ServerCpu.sample().live();
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + server.port());
            try (RedisTarget t = RedisTargets.open(Map.of())) {
                ServerCpu.Sample before = ServerCpu.sample();
                assertEquals(live + 1, before.live());
                assertFalse(before.what().contains("embedded redis-server (pid") && !before.what().contains("external"),
                        before.what());
                work(t);
                ServerCpu.Sample after = ServerCpu.sample();
                // the same server is counted twice here (once per probe): only growth is checked
                assertTrue(after.nanos() > before.nanos(), before.nanos() + " → " + after.nanos());
            } finally {
                System.clearProperty(RedisSettings.URI.key());
            }
            assertEquals(live, ServerCpu.sample().live());
        }
    }
}
