package dev.kensho.common.target.redis;

import dev.kensho.common.Settings;
import redis.clients.jedis.Jedis;

import java.util.Map;

/**
 * Chooses the Redis target, one rule for the whole suite: an explicit external URI wins
 * ({@code kensho.redis.uri}); else a container if asked ({@code kensho.redis.container=true}); else the
 * embedded {@code redis-server}. {@code config} holds the server settings a benchmark needs
 * ({@code io-threads 4}, …): applied at start on a server the suite starts, read back and recorded on
 * an external one.
 */
public final class RedisTargets {

    private RedisTargets() {
    }

    /** Validates the target properties without starting or contacting anything. */
    public static void validate() {
        String uri = Settings.get(Settings.REDIS_URI_PROPERTY);
        if (uri != null) {
            ExternalRedis.parse(uri);
        } else if (!Settings.flag(Settings.REDIS_CONTAINER_PROPERTY)) {
            EmbeddedRedis.binary();
        }
        Settings.keyPrefix();
        Settings.destructiveAllowed();
    }

    public static RedisTarget open(Map<String, String> config) {
        String uri = Settings.get(Settings.REDIS_URI_PROPERTY);
        RedisTarget t;
        if (uri != null) {
            t = ExternalRedis.parse(uri);
            try (Jedis ignored = t.jedis()) {
                // connects and PINGs within the connect timeout, or throws a one-line TargetFailure
            }
        } else if (Settings.flag(Settings.REDIS_CONTAINER_PROPERTY)) {
            t = ContainerRedis.start(config);
        } else {
            t = EmbeddedRedis.start(config);
        }
        return t;
    }

    public static RedisTarget open() {
        return open(Map.of());
    }
}
