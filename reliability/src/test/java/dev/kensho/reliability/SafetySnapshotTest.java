package dev.kensho.reliability;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What {@link RedisExternalSafety} compares sees every change a stopped run could make: it fails on a wrong answer. */
class SafetySnapshotTest {

    @Test
    void anyChangeOfAKeyOrAConnectionIsSeen() {
        try (RedisTarget t = RedisTargets.open(Map.of()); Jedis j = t.jedis()) {
            j.select(5);
            j.set("other:x", "v");
            long at = System.currentTimeMillis() + 3_600_000;
            j.pexpireAt("other:x", at);
            j.select(0);
            Map<String, String> before = RedisExternalSafety.everything(j);
            assertEquals(before, RedisExternalSafety.everything(j), "reading changes nothing");
            assertTrue(before.get("5/other:x").endsWith(" expires at " + at), before.toString());

            j.select(5);
            j.pexpireAt("other:x", at + 1);
            assertNotEquals(before, RedisExternalSafety.everything(j), "an expiry moved by 1 ms, in db 5");
            j.select(5); // the snapshot leaves db 0 selected
            j.pexpireAt("other:x", at);
            assertEquals(before, RedisExternalSafety.everything(j));
            j.select(0);
            j.set(t.keyPrefix() + "1", "a suite key");
            assertNotEquals(before, RedisExternalSafety.everything(j), "a key under the suite's prefix");
            j.del(t.keyPrefix() + "1");
            assertEquals(before, RedisExternalSafety.everything(j));

            long connections = RedisExternalSafety.connectionsReceived(j);
            assertEquals(connections, RedisExternalSafety.connectionsReceived(j));
            try (Jedis other = t.jedis()) {
                other.ping();
            }
            assertEquals(connections + 1, RedisExternalSafety.connectionsReceived(j), "a connection, even one that wrote nothing");
        }
    }
}
