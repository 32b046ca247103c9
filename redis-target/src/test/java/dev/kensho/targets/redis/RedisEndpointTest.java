package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.targets.Claims;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Redis settings are one value per JVM: the URI is parsed once however many code paths ask for it (target
 * selection, the launcher's ownership claim, a fork's target and its claim, the cluster probe, a benchmark's guard),
 * and the count is shown to move when something does parse again.
 */
class RedisEndpointTest {

    @AfterEach
    void clear() {
        System.clearProperty(RedisSettings.URI.key());
        System.clearProperty(RedisSettings.CLUSTER.key());
        Claims.clear();
        RedisEndpoint.forget();
    }

    /** The embedded server addressed as an external one: every path that used to parse the URI itself. */
    @Test
    void theUriIsParsedOnceAcrossSelectionClaimTargetAndGuards() {
        try (RedisTarget server = RedisTargets.open(Map.of())) {
            System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:" + server.port() + "/0");
            RedisEndpoint.forget();
            int before = RedisEndpoint.PARSES.get();

            RedisTargets.validate(); // the launcher's preflight: PING, single node, ownership look, claim registered
            try (Claims.Held held = Claims.takeAll("run-parsed-once", line -> { })) {
                assertNotNull(held); // the registered claim reaches the server for its claim and, on close, its release
            }
            try (RedisTarget ext = RedisTargets.openNode(Map.of())) { // a fork: the target and its own claim
                assertEquals(RedisTarget.Kind.EXTERNAL, ext.kind());
                assertEquals(server.port(), ext.port());
            }
            assertNotNull(RedisTargets.whyNoCluster(), "a single node: cluster cases are skipped");
            assertTrue(RedisEndpoint.current().external(), "the question a benchmark's guard asks");

            assertEquals(1, RedisEndpoint.PARSES.get() - before, "kensho.redis.uri parsed once in this JVM");
        }
    }

    /** The counter can fail: code that parses twice is counted twice, and so is a forgotten memo. */
    @Test
    void parsingTwiceCountsTwo() {
        int before = RedisEndpoint.PARSES.get();
        RedisEndpoint.parse("redis://127.0.0.1:6379/0");
        RedisEndpoint.parse("redis://127.0.0.1:6379/0");
        assertEquals(2, RedisEndpoint.PARSES.get() - before);

        System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:6379/0");
        RedisEndpoint first = RedisEndpoint.current();
        RedisEndpoint.forget();
        RedisEndpoint.current();
        assertEquals(4, RedisEndpoint.PARSES.get() - before, "without the memo every reader parses again");
        RedisEndpoint.current();
        assertEquals(4, RedisEndpoint.PARSES.get() - before);
        assertEquals(first, RedisEndpoint.current());
    }

    @Test
    void theValueIsTypedAndAnotherSettingIsResolvedAnew() {
        System.setProperty(RedisSettings.URI.key(), "rediss://alice@cache.example:6380/3");
        System.setProperty(RedisSettings.CLUSTER.key(), "true");
        RedisEndpoint e = RedisEndpoint.current();
        assertSame(e, RedisEndpoint.current());
        assertEquals(new RedisEndpoint.Address("rediss://alice@cache.example:6380/3", "cache.example", 6380, true, 3,
                "alice", e.address().password()), e.address());
        assertEquals(RedisSettings.DECLARED, e.cluster());
        assertFalse(e.container());
        System.setProperty(RedisSettings.URI.key(), "redis://other.example");
        System.clearProperty(RedisSettings.CLUSTER.key());
        RedisEndpoint other = RedisEndpoint.current();
        assertEquals("other.example", other.address().host());
        assertEquals(6379, other.address().port());
        assertEquals(0, other.cluster());
    }

    /** Bad input stops in one line naming the setting, the cluster shape checked before the URI, as before. */
    @Test
    void badSettingsAreOneLineNamingTheSetting() {
        System.setProperty(RedisSettings.URI.key(), "http://x:1");
        BadInput uri = assertThrows(BadInput.class, RedisEndpoint::current);
        assertTrue(uri.getMessage().startsWith(RedisSettings.URI.key() + "=http://x:1"), uri.getMessage());
        assertFalse(uri.getMessage().contains("\n"));
        System.setProperty(RedisSettings.CLUSTER.key(), "2");
        BadInput cluster = assertThrows(BadInput.class, RedisEndpoint::current);
        assertTrue(cluster.getMessage().startsWith(RedisSettings.CLUSTER.key() + "=2"), cluster.getMessage());
        System.setProperty(RedisSettings.URI.key(), "redis://u:secret@h:1");
        System.clearProperty(RedisSettings.CLUSTER.key());
        BadInput pw = assertThrows(BadInput.class, RedisEndpoint::current);
        assertFalse(pw.getMessage().contains("secret"), "the password is never echoed");
    }

    @Test
    void thePasswordNeverShowsInTheValuesText() {
        RedisEndpoint.Address a = new RedisEndpoint.Address("redis://h:1/0", "h", 1, false, 0, null, "s3cret");
        assertFalse(a.toString().contains("s3cret"), a.toString());
        assertFalse(new RedisEndpoint(a, false, 0).toString().contains("s3cret"));
    }
}
