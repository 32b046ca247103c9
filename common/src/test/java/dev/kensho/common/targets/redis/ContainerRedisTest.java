package dev.kensho.common.targets.redis;

import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;
import redis.clients.jedis.Jedis;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The container target, on Docker hosts only (skipped, visibly, elsewhere; the embedded target is tested without Docker). */
@Testcontainers(disabledWithoutDocker = true)
class ContainerRedisTest {

    @Test
    void containerTargetServesCommands() {
        try (ContainerRedis r = ContainerRedis.start(Map.of()); Jedis j = r.jedis()) {
            j.set(r.keyPrefix() + "k", "v");
            assertEquals("v", j.get(r.keyPrefix() + "k"));
        }
    }
}
