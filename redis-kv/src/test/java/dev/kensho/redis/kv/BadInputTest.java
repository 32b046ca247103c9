package dev.kensho.redis.kv;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.Bench;
import dev.kensho.api.ParamRules;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.settings.KvSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every bad value of the benchmark's params and properties is one line, before any server starts. */
class BadInputTest {

    @ParameterizedTest
    @CsvSource({
            "getRatio, 1.5", "getRatio, -0.1", "getRatio, NaN", "getRatio, most",
            "clients, 0", "clients, -5", "clients, many",
            "pipeline, 0", "pipeline, -1",
            "keyspace, 0", "keyspace, 14.7M",
            "ioThreads, 0", "ioThreads, 129",
            "client, REDISSON", "start, HALF",
            "rate, -5", "rate, fast", "rate, 0x", "rate, 0.5", "rate, 999", "rate, 101x", "rate, x",
            "distribution, zipf:", "distribution, zipf:-1", "distribution, zipf:0", "distribution, zipf:6",
            "distribution, pareto", "distribution, gaussian",
    })
    void rulesRejectWithOneLine(String param, String value) {
        BadInput e = assertThrows(BadInput.class, () -> KeyValueThroughputBenchmark.RULES.check(param, value));
        assertTrue(e.getMessage().startsWith(param + "=" + value), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @ParameterizedTest
    @CsvSource({"getRatio, 0.123", "getRatio, 1.5", "client, MEMTIER", "memtierThreads, 0", "requests, 10", "keyspace, 0"})
    void memtierCalibrationRulesRejectWithOneLine(String param, String value) {
        BadInput e = assertThrows(BadInput.class, () -> MemtierCalibration.RULES.check(param, value));
        assertTrue(e.getMessage().startsWith(param + "=" + value), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void memtierCalibrationNeedsWholeDivisions() {
        BadInput threads = assertThrows(BadInput.class, () -> MemtierCalibration.RULES.check(Map.of(
                "clients", "100", "memtierThreads", "3", "requests", "200000")));
        assertTrue(threads.getMessage().startsWith("memtierThreads=3") && threads.getMessage().contains("a divisor of clients=100"),
                threads.getMessage());
        BadInput requests = assertThrows(BadInput.class, () -> MemtierCalibration.RULES.check(Map.of(
                "clients", "100", "memtierThreads", "1", "requests", "150050")));
        assertTrue(requests.getMessage().startsWith("requests=150050"), requests.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"zipf:", "zipf:-1", "pareto"})
    void distributionIsOneLineNamingTheAllowedFormsInEveryClass(String value) {
        for (ParamRules rules : List.of(KeyValueThroughputBenchmark.RULES,
                KeyValueThroughputLatencyBenchmark.RULES, ClusterThroughputBenchmark.RULES)) {
            BadInput e = assertThrows(BadInput.class, () -> rules.check("distribution", value));
            assertEquals("distribution=" + value + " is not allowed; allowed: " + KeyDistribution.ALLOWED, e.getMessage());
        }
    }

    @Test
    void launcherStopsOnABadDistributionBeforeAnyServerStarts() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(KeyValueThroughputBenchmark.class.getName()), new String[]{"-p distribution=zipf:"},
                true, new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, status, out);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.contains("distribution=zipf:") && out.contains("zipf:<s>"), out);
    }

    @Test
    void launcherStopsBeforeAnyServerStarts() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(KeyValueThroughputBenchmark.class.getName()), new String[]{"-p getRatio=1.5"},
                true, new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, status, out);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.contains("getRatio=1.5"), out);
    }

    @Test
    void badPropertiesAreOneLineToo() {
        String[][] cases = {
                {KvSettings.REDIS_BENCHMARK.key(), "/no/such/redis-benchmark"},
                {KvSettings.JEDIS_THREADS.key(), "0"},
        };
        for (String[] c : cases) {
            System.setProperty(c[0], c[1]);
            try {
                BadInput e = assertThrows(BadInput.class, () -> {
                    KeyValueThroughputBenchmark.RULES.preflight();
                    RedisBenchmarkCalibration.RULES.preflight();
                });
                assertTrue(e.getMessage().contains(c[0]), e.getMessage());
                assertEquals(1, e.getMessage().lines().count());
            } finally {
                System.clearProperty(c[0]);
            }
        }
    }
}
