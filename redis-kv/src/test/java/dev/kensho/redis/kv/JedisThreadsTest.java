package dev.kensho.redis.kv;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.RedisTargets;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** JEDIS drives its connections on virtual threads exactly when the JVM has them (21+); JEDIS_PLATFORM never does. */
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
            } finally {
                jedis.close();
                platform.close();
            }
        }
    }
}
