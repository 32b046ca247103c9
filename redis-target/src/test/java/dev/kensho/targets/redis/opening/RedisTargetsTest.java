package dev.kensho.targets.redis.opening;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import dev.kensho.targets.redis.servers.ExternalRedis;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedisTargetsTest {

    @Test
    void embeddedServerTakesConfigLinesAndRecordsItsConfig() {
        try (RedisTarget r = RedisTargets.open(Map.of("maxmemory-policy", "allkeys-lru"))) {
            assertEquals(RedisTarget.Kind.EMBEDDED, r.kind());
            Map<String, Object> info = r.serverInfo();
            assertEquals("7.0.15", info.get("redis_version"));
            @SuppressWarnings("unchecked")
            Map<String, String> config = (Map<String, String>) info.get("config");
            assertEquals("allkeys-lru", config.get("maxmemory-policy"));
            assertEquals("", config.get("save"), "no persistence");
            assertEquals("no", config.get("appendonly"));
            // the record names the binary that ran, and that the bundled one names no functions a profile could show
            assertEquals(EmbeddedRedis.binary().toString(), info.get("binary"));
            long named = (Long) info.get("binary_named_functions");
            if (System.getProperty("os.name").startsWith("Linux")) { // an ELF file (macOS's bundled binary is Mach-O: -1)
                assertTrue(named >= 0 && named < dev.kensho.common.profile.ElfSymbols.NAMED,
                        "the bundled redis-server is stripped: " + named + " named functions");
            }
        }
    }

    @Test
    void externalUriIsParsedAndValidated() {
        ExternalRedis r = ExternalRedis.parse("rediss://alice@cache.example:6380/3");
        assertEquals("cache.example", r.host());
        assertEquals(6380, r.port());
        assertTrue(r.tls());
        assertEquals(3, r.database());
        assertFalse(r.owned());
        assertFalse(r.describe().contains("alice:"));
        assertThrows(BadInput.class, () -> ExternalRedis.parse("http://x:1"));
        assertThrows(BadInput.class, () -> ExternalRedis.parse("redis://"));
        assertThrows(BadInput.class, () -> ExternalRedis.parse("redis://h:1/db"));
        BadInput pw = assertThrows(BadInput.class, () -> ExternalRedis.parse("redis://u:secret@h:1"));
        assertFalse(pw.getMessage().contains("secret"), "the password is never echoed");
    }

    @Test
    void unreachableExternalServerFailsFastWithOneLine() {
        int port = ChildProcess.freePort(); // nothing listens there
        System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + port);
        try {
            TargetFailure e = assertThrows(TargetFailure.class, () -> RedisTargets.open(Map.of()));
            assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        } finally {
            System.clearProperty(RedisSettings.URI.key());
        }
    }

    /**
     * A server that accepts the connection but never answers: a clear line, not a hang — the client gives up by its
     * first-contact timeout, and the line says so. How soon is the timeout's business, not this test's.
     */
    @Test
    void silentExternalServerTimesOutWithOneLine() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + silent.getLocalPort());
            TargetFailure e = assertThrows(TargetFailure.class, () -> RedisTargets.open(Map.of()));
            assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("timed out"), e.getMessage());
            assertTrue(e.getMessage().contains("127.0.0.1:" + silent.getLocalPort()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        } finally {
            System.clearProperty(RedisSettings.URI.key());
        }
    }

    /** The embedded server, addressed as an external target: guarded commands refuse, suite keys only. */
    @Test
    void externalTargetRefusesDestructiveCommandsAndDeletesOnlySuiteKeys() {
        try (RedisTarget owner = RedisTargets.open(Map.of()); Jedis j = owner.jedis()) {
            j.set("user:keep", "v");
            j.setex("user:ttl", 3600, "v");
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + owner.port());
            try (RedisTarget ext = RedisTargets.open(Map.of()); Jedis e = ext.jedis()) {
                e.set(ext.keyPrefix() + "mine", "x"); // written by the suite, after it claimed the prefix
                BadInput refused = assertThrows(BadInput.class, () -> ext.flushDb(e, false));
                assertTrue(refused.getMessage().contains(Setting.DESTRUCTIVE.key()), refused.getMessage());
                assertThrows(BadInput.class, () -> ext.configSet("maxmemory", "1mb"));
                ext.deleteSuiteKeys();
            } finally {
                System.clearProperty(RedisSettings.URI.key());
            }
            assertEquals("v", j.get("user:keep"));
            assertTrue(j.ttl("user:ttl") > 3000);
            assertFalse(j.exists(owner.keyPrefix() + "mine"));
            assertTrue(j.keys(owner.keyPrefix() + "*").isEmpty(), "the target released its claim when it closed");
        }
    }

    @Test
    void missingUserBinaryIsABadInput() {
        System.setProperty(RedisSettings.SERVER.key(), "/no/such/redis-server");
        try {
            BadInput e = assertThrows(BadInput.class, RedisTargets::validate);
            assertTrue(e.getMessage().startsWith(RedisSettings.SERVER.key() + "=/no/such/redis-server"), e.getMessage());
        } finally {
            System.clearProperty(RedisSettings.SERVER.key());
        }
    }
}
