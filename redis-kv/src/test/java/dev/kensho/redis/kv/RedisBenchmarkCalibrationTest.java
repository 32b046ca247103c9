package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.redis.kv.tool.RedisBenchmarkTool;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import redis.clients.jedis.Jedis;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The calibration parses redis-benchmark's CSV; when the tool is installed, it runs against a real server. The tests
 * run concurrently (as many at once as redis-kv's pom says): each that needs a server starts its own, and stopping
 * it (~2 s of waiting) is most of its time.
 */
@Execution(ExecutionMode.CONCURRENT)
class RedisBenchmarkCalibrationTest {

    @Test
    void parsesTheCsvLineOfACustomCommand() {
        List<String> out = List.of(
                "\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"",
                "\"GET kensho:__rand_int__\",\"48449.61\",\"1.392\",\"0.328\",\"1.287\",\"2.183\",\"4.967\",\"7.519\"");
        RedisBenchmarkTool.Result r = RedisBenchmarkTool.parse("GET", out);
        assertEquals(48449.61, r.rps(), 1e-9);
        assertEquals(1.287, r.p50Ms(), 1e-9);
        assertEquals(4.967, r.p99Ms(), 1e-9);
    }

    /** The server-side checks pass on the right counts and fail, naming expected vs found, on wrong ones. */
    @Test
    void theServersCountsMustMatchWhatRedisBenchmarkSent() {
        RedisBenchmarkCalibration.requireExecuted("GET", 2_000, 2_000, 0, true);
        RedisBenchmarkCalibration.requireExecuted("SET", 2_000, 2_000, 0, true);
        RedisBenchmarkCalibration.requireExecuted("GET", 2_000, 2_050, 7, false); // shared server: others' calls add
        IllegalStateException fewer = assertThrows(IllegalStateException.class,
                () -> RedisBenchmarkCalibration.requireExecuted("GET", 2_000, 1_999, 0, true));
        assertEquals("redis-benchmark GET run: the server executed 1999 GET and 0 SET calls (INFO commandstats),"
                + " expected exactly 2000 and 0 (the run's -n)", fewer.getMessage());
        assertThrows(IllegalStateException.class, () -> RedisBenchmarkCalibration.requireExecuted("GET", 2_000, 2_001, 0, true));
        assertThrows(IllegalStateException.class, () -> RedisBenchmarkCalibration.requireExecuted("SET", 2_000, 2_000, 1, true));
        assertThrows(IllegalStateException.class, () -> RedisBenchmarkCalibration.requireExecuted("SET", 2_000, 1_000, 0, false));
        assertEquals(0, RedisInfo.parse("").calls("get"));
        assertEquals(2_000, RedisInfo.parse("cmdstat_get:calls=2000,usec=1234,usec_per_call=0.62,rejected_calls=0,failed_calls=0")
                .calls("get"));
    }

    @Test
    void aPreloadedGetRunMustHitEveryTime() {
        RedisBenchmarkCalibration.requireAllHit(2_000, 2_000, 0);
        IllegalStateException oneMiss = assertThrows(IllegalStateException.class,
                () -> RedisBenchmarkCalibration.requireAllHit(2_000, 1_999, 1));
        assertEquals("redis-benchmark GET run on a preloaded keyspace: 1999 hits and 1 misses (keyspace_hits/misses;"
                + " hit ratio 0.999500), expected 2000 hits and 0 misses (hit ratio 1.0)", oneMiss.getMessage());
        assertThrows(IllegalStateException.class, () -> RedisBenchmarkCalibration.requireAllHit(2_000, 1_000, 0));
        assertThrows(IllegalStateException.class, () -> RedisBenchmarkCalibration.requireAllHit(2_000, 0, 0));
    }

    @Test
    void runsAgainstTheSameServerWithKeysUnderThePrefix() {
        Optional<Path> binary = RedisBenchmarkTool.binary();
        assumeTrue(binary.isPresent(), "redis-benchmark is not on the PATH: calibration not exercised"
                + " (apt-get install redis-tools, or -D" + KvSettings.REDIS_BENCHMARK.key() + "=/path)");
        try (RedisTarget t = ServerStarts.one(() -> RedisTargets.open(Map.of()))) {
            RedisBenchmarkTool.Result set = RedisBenchmarkTool.run(binary.get(), t, t.keyPrefix(), "SET", 20, 1_000, 5_000);
            RedisBenchmarkTool.Result get = RedisBenchmarkTool.run(binary.get(), t, t.keyPrefix(), "GET", 20, 1_000, 5_000);
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

    /** The calibration class's trial, run once on tiny data: 16-byte keys, preloaded GETs all hit, keys removed after. */
    @Test
    void aPreloadedTrialUsesSixteenByteKeysAndItsGetsHit() {
        assumeTrue(RedisBenchmarkTool.binary().isPresent(), "redis-benchmark is not on the PATH");
        RedisBenchmarkCalibration c = new RedisBenchmarkCalibration();
        c.clients = 10;
        c.ioThreads = 1;
        c.getRatio = 0.8;
        c.keyspace = 500;
        c.requests = 2_000;
        c.start = Start.PRELOADED;
        Map<String, String> p = new TreeMap<>(Map.of("clients", "10", "ioThreads", "1", "getRatio", "0.8",
                "keyspace", "500", "requests", "2000", "start", "PRELOADED"));
        ServerStarts.one(() -> c.open(new Case(RedisBenchmarkCalibration.class.getName() + ".setThenGet", p)));
        try {
            RedisTarget t = c.target;
            assertEquals(16, c.prefix.length() + 12, "redis-benchmark's 12-digit __rand_int__ after a 4-byte prefix");
            long hits0;
            long misses0;
            try (Jedis j = t.jedis()) {
                assertEquals(500, j.dbSize(), "every key preloaded");
                hits0 = Long.parseLong(RedisInfo.of(j, "stats").get("keyspace_hits"));
                misses0 = Long.parseLong(RedisInfo.of(j, "stats").get("keyspace_misses"));
            }
            c.measuring = true;
            assertTrue(c.setThenGet() > 0);
            try (Jedis j = t.jedis()) {
                assertEquals(500, j.dbSize(), "SETs of the same keyspace add none");
                for (String k : j.keys("*")) {
                    assertEquals(16, k.length(), k);
                }
                assertEquals(misses0, Long.parseLong(RedisInfo.of(j, "stats").get("keyspace_misses")), "preloaded: no GET missed");
                assertEquals(hits0 + 2_000, Long.parseLong(RedisInfo.of(j, "stats").get("keyspace_hits")));
            }
        } finally {
            c.close();
        }
    }
}
