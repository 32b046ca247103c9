package dev.kensho.targets.redis.info;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link RedisInfo} on replies written out by hand (Redis 7.0's layout), with known answers. */
class RedisInfoTest {

    private static final String COMMANDSTATS = "# Commandstats\r\n"
            + "cmdstat_get:calls=3,usec=12,usec_per_call=4.00,rejected_calls=0,failed_calls=0\r\n"
            + "cmdstat_set:calls=5,usec=40,usec_per_call=8.00,rejected_calls=0,failed_calls=0\r\n"
            + "cmdstat_config|get:calls=1,usec=30,usec_per_call=30.00,rejected_calls=0,failed_calls=0\r\n\r\n";

    @Test
    void fieldsSkipHeadersAndBlankLines() {
        RedisInfo info = RedisInfo.parse("# Server\r\nredis_version:7.0.15\r\nos:Linux 6.1 x86_64\r\n\r\n# Stats\r\nkeyspace_hits:7\r\n");
        assertEquals(Map.of("redis_version", "7.0.15", "os", "Linux 6.1 x86_64", "keyspace_hits", "7"), info.fields());
        assertEquals("7.0.15", info.get("redis_version"));
        assertNull(info.get("keyspace_misses"));
        assertEquals(7, info.count("keyspace_hits"));
        assertEquals(0, info.count("keyspace_misses"), "a counter Redis omits is 0");
    }

    @Test
    void commandCallsAndMicroseconds() {
        RedisInfo info = RedisInfo.parse(COMMANDSTATS);
        assertEquals(3, info.calls("get"));
        assertEquals(5, info.calls("set"));
        assertEquals(0, info.calls("del"), "a command never called has no line");
        assertEquals(Map.of("get", 12L, "set", 40L, "config.get", 30L), info.usecPerCommand());
    }

    @Test
    void aCommandLineWithoutItsFieldFails() {
        RedisInfo info = RedisInfo.parse("cmdstat_get:usec=12\n");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> info.calls("get"));
        assertTrue(e.getMessage().contains("without calls="), e.getMessage());
    }

    @Test
    void cpuSecondsAddUserAndSystem() {
        assertEquals(2.75, RedisInfo.parse("# CPU\nused_cpu_sys:0.500000\nused_cpu_user:2.250000\n").cpuSeconds(), 1e-9);
        assertThrows(IllegalStateException.class, () -> RedisInfo.parse("used_cpu_user:1.0\n").cpuSeconds());
    }

    @Test
    void clusterInfoLines() {
        RedisInfo info = RedisInfo.parse("cluster_enabled:1\r\ncluster_stats_messages_publish_received:42\r\n");
        assertEquals(42, info.count("cluster_stats_messages_publish_received"));
        assertEquals(0, info.count("cluster_stats_messages_publishshard_received"));
    }
}
