package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.tool.MemtierTool;
import dev.kensho.redis.kv.tool.RedisBenchmarkTool;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An embedded server treated as external ({@code kensho.redis.uri}): unrelated keys — another prefix,
 * one with a TTL, one in another database — survive trials of every client and start mode (including
 * the redis-benchmark calibration class when it is installed), io-threads is read back and not changed, and
 * no suite key is left behind.
 */
@ResourceLock(Resources.SYSTEM_PROPERTIES) // sets kensho.redis.uri, which the classes running concurrently read
class ExternalTargetSafetyTest {

    @Test
    void unrelatedKeysSurviveAndNothingIsChanged() {
        long ttlAt;
        try (RedisTarget server = RedisTargets.open(Map.of())) {
            try (Jedis j = server.jedis()) {
                j.set("other:plain", "keep me");
                j.set("other:ttl", "keep me too", SetParams.setParams().ex(3600));
                j.hset("other:hash", Map.of("f", "v"));
                ttlAt = j.pexpireTime("other:ttl"); // absolute: compared exactly after, however long the trials take
                j.select(1);
                j.set("other:db1", "and me");
                j.set(server.keyPrefix() + "in-db1", "a suite-looking key in another database");
            }
            String before = System.getProperty(RedisSettings.URI.key());
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + server.port());
            try {
                for (Client client : Client.values()) {
                    for (Start start : Start.values()) {
                        // ioThreads 4 is asked for: on an external server it must be read back, never CONFIG SET
                        KeyValueThroughputBenchmark b = Trials.open(client, 50, 4, 0.8, 1, 2_000, start);
                        try {
                            assertTrue(!b.trial.target().owned());
                            b.trial.run(1_000); // ~200 SETs of EMPTY: suite keys to clean up
                            b.trial.checkAnswers();
                        } finally {
                            b.tearDown();
                        }
                    }
                }
                if (RedisBenchmarkTool.binary().isPresent()) {
                    for (Start start : Start.values()) {
                        RedisBenchmarkCalibration c = new RedisBenchmarkCalibration();
                        c.clients = 10;
                        c.ioThreads = 4;
                        c.getRatio = 0.8;
                        c.keyspace = 500;
                        c.requests = 2_000;
                        c.start = start;
                        c.open(new Case(RedisBenchmarkCalibration.class.getName() + ".setThenGet", new TreeMap<>(Map.of(
                                "clients", "10", "ioThreads", "4", "getRatio", "0.8", "keyspace", "500",
                                "requests", "2000", "start", start.name()))));
                        try {
                            assertEquals(server.keyPrefix(), c.prefix, "on an external server its keys stay under the suite prefix");
                            c.setThenGet();
                        } finally {
                            c.close();
                        }
                    }
                }
                MemtierTool.Found memtier = MemtierTool.find();
                if (memtier.binary() != null) {
                    MemtierCalibration m = new MemtierCalibration();
                    m.client = Client.LETTUCE;
                    m.clients = 10;
                    m.memtierThreads = 1;
                    m.ioThreads = 4;
                    m.getRatio = 0.8;
                    m.keyspace = 500;
                    m.requests = 2_000;
                    m.open(new Case(MemtierCalibration.class.getName() + ".interleaved", new TreeMap<>(Map.of("client", "LETTUCE",
                            "clients", "10", "memtierThreads", "1", "ioThreads", "4", "getRatio", "0.8", "keyspace", "500",
                            "requests", "2000"))), memtier);
                    try {
                        assertTrue(m.load.keys().prefix().equals(server.keyPrefix()), "memtier's keys stay under the suite prefix");
                        assertTrue(m.interleaved() > 0, m.whyNot);
                    } finally {
                        m.close();
                    }
                }
            } finally {
                if (before == null) {
                    System.clearProperty(RedisSettings.URI.key());
                } else {
                    System.setProperty(RedisSettings.URI.key(), before);
                }
            }
            try (Jedis j = server.jedis()) {
                assertEquals("keep me", j.get("other:plain"));
                assertEquals("keep me too", j.get("other:ttl"));
                assertTrue(ttlAt > 0);
                assertEquals(ttlAt, j.pexpireTime("other:ttl"), "TTL kept, neither removed nor moved");
                assertEquals(-1, j.ttl("other:plain"));
                assertEquals(Map.of("f", "v"), j.hgetAll("other:hash"));
                assertEquals(3, j.dbSize(), "only the unrelated keys are left in db 0: " + j.keys("*"));
                assertTrue(j.keys(server.keyPrefix() + "*").isEmpty());
                j.select(1);
                assertEquals("and me", j.get("other:db1"));
                assertEquals(2, j.dbSize());
            }
            assertEquals("1", server.readConfig(List.of("io-threads")).get("io-threads"));
            assertEquals("no", server.readConfig(List.of("io-threads-do-reads")).get("io-threads-do-reads"));
        }
    }
}
