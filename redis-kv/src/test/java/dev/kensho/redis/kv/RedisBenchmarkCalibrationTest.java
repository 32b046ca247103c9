package dev.kensho.redis.kv;

import dev.kensho.common.targets.redis.RedisTarget;
import dev.kensho.common.targets.redis.RedisTargets;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The calibration parses redis-benchmark's CSV; when the tool is installed, it runs against a real server. */
class RedisBenchmarkCalibrationTest {

    @Test
    void parsesTheCsvLineOfACustomCommand() {
        List<String> out = List.of(
                "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"",
                "\"GET kensho:__rand_int__\",\"48449.61\",\"1.392\",\"0.328\",\"1.287\",\"2.183\",\"4.967\",\"7.519\"");
        RedisBenchmarkCalibration.Result r = RedisBenchmarkCalibration.parse("GET", out);
        assertEquals(48449.61, r.rps(), 1e-9);
        assertEquals(1.287, r.p50Ms(), 1e-9);
        assertEquals(4.967, r.p99Ms(), 1e-9);
    }

    @Test
    void runsAgainstTheSameServerWithKeysUnderThePrefix() {
        Optional<Path> binary = RedisBenchmarkCalibration.binary();
        assumeTrue(binary.isPresent(), "redis-benchmark is not on the PATH: calibration not exercised"
                + " (apt-get install redis-tools, or -D" + RedisBenchmarkCalibration.BINARY_PROPERTY + "=/path)");
        try (RedisTarget t = RedisTargets.open(Map.of())) {
            RedisBenchmarkCalibration.Result set = RedisBenchmarkCalibration.run(binary.get(), t, t.keyPrefix(), "SET", 20, 1_000, 5_000);
            RedisBenchmarkCalibration.Result get = RedisBenchmarkCalibration.run(binary.get(), t, t.keyPrefix(), "GET", 20, 1_000, 5_000);
            assertTrue(set.rps() > 0 && get.rps() > 0);
            try (Jedis j = t.jedis()) {
                assertTrue(j.dbSize() > 0);
                for (String k : j.keys("*")) {
                    assertTrue(k.startsWith(t.keyPrefix()), k);
                    assertEquals(Workload.VALUE_BYTES, j.strlen(k));
                }
            }
        }
    }
}
