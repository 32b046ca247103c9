package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * JEDIS drives its connections on virtual threads exactly when the JVM has them (21+), on the cores the server leaves;
 * JEDIS_PLATFORM never does.
 */
class JedisThreadsTest {

    @Test
    void virtualThreadsWhereTheJvmHasThem() {
        boolean has = Runtime.version().feature() >= 21; // run the tests with -Djvm=<a Java 25 java> to see the other side
        assertEquals(has, VirtualThreads.available());
        try (RedisTarget t = RedisTargets.open(Map.of())) {
            JedisLoad jedis = (JedisLoad) LoadGenerator.Client.JEDIS.open(t, 4, 1);
            JedisLoad platform = (JedisLoad) LoadGenerator.Client.JEDIS_PLATFORM.open(t, 4, 1);
            try {
                assertEquals(has, jedis.virtual());
                assertFalse(platform.virtual());
                assertEquals(4, jedis.threads());
                assertEquals(4, platform.threads());
                // the embedded server (io-threads 1) is on this machine: its core is not the client's
                assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), JedisLoad.coresLeft(t));
                if (has && System.getProperty(VirtualThreads.PARALLELISM) != null) {
                    assertEquals(Integer.parseInt(System.getProperty(VirtualThreads.PARALLELISM)), VirtualThreads.carriers());
                }
            } finally {
                jedis.close();
                platform.close();
            }
        }
    }
}
