package dev.kensho.redis.pubsub;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.flow.Flood;
import dev.kensho.redis.pubsub.flow.OutputBufferLimit;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The slow-subscriber flood against a server the suite does not own (an embedded redis-server addressed
 * as {@code -Dkensho.redis.uri}): it never changes the server's config without the opt-in; it refuses,
 * naming the opt-in, when the server has no sane pubsub limit; it runs under the server's own limit when
 * that is sane; and it leaves the server's keys alone.
 */
class PubSubSlowSubscriberExternalTest {

    @Test
    void refusesWithoutSaneLimitAndUsesTheServersOwnLimitOtherwise() {
        try (RedisTarget unlimited = RedisTargets.open(Map.of("client-output-buffer-limit", "pubsub 0 0 0"))) {
            withExternal(unlimited, () -> {
                PubSubSlowSubscriberBenchmark b = bench();
                BadInput e = assertThrows(BadInput.class, () -> b.open(new Case("x.floodSlowSubscriber", Map.of())));
                assertTrue(e.getMessage().contains(Setting.DESTRUCTIVE.key() + "=true"), e.getMessage());
                b.close();
                assertEquals("pubsub 0 0 0", OutputBufferLimit.parse(unlimited.readConfig(List.of("client-output-buffer-limit"))
                        .get("client-output-buffer-limit")).configValue(), "config untouched");
            });
        }
        try (RedisTarget sane = RedisTargets.open(Map.of("client-output-buffer-limit", "pubsub 2097152 0 0"))) {
            try (Jedis j = sane.jedis()) {
                j.set("unrelated", "keep me");
            }
            withExternal(sane, () -> {
                PubSubSlowSubscriberBenchmark b = bench();
                b.open(new Case("x.floodSlowSubscriber", Map.of()));
                try {
                    assertEquals(2097152, b.limit().hardBytes(), "the server's own limit, not the param's");
                    b.subscribe();
                    Flood.Outcome o = b.floodSlowSubscriber();
                    assertTrue(o.cutOff() && o.subscriberSawDisconnect() && o.lost() > 0);
                    assertTrue(o.maxOmem() <= 2097152 + 64 * 1024);
                    assertEquals(-1, b.cuts.loggedDuringFlood(), "an external server's log is not ours to read");
                    b.endFlood();
                } finally {
                    b.close();
                }
            });
            try (Jedis j = sane.jedis()) {
                assertEquals("keep me", j.get("unrelated"));
                assertEquals(1L, j.dbSize());
            }
            assertEquals("pubsub 2097152 0 0", OutputBufferLimit.parse(sane.readConfig(List.of("client-output-buffer-limit"))
                    .get("client-output-buffer-limit")).configValue(), "config untouched");
        }
    }

    static PubSubSlowSubscriberBenchmark bench() {
        PubSubSlowSubscriberBenchmark b = new PubSubSlowSubscriberBenchmark();
        b.client = Client.JEDIS;
        b.messageBytes = 4096;
        b.publishRate = 2000;
        b.subscriberRate = 200;
        b.hardLimitBytes = 33554432;
        b.sampleMillis = 50;
        b.maxSeconds = 20;
        return b;
    }

    static void withExternal(RedisTarget server, Runnable r) {
        String old = System.getProperty(RedisSettings.URI.key());
        System.setProperty(RedisSettings.URI.key(), "redis://" + server.host() + ":" + server.port());
        try {
            r.run();
        } finally {
            if (old == null) {
                System.clearProperty(RedisSettings.URI.key());
            } else {
                System.setProperty(RedisSettings.URI.key(), old);
            }
        }
    }
}
