package dev.kensho.common.targets.redis;

import dev.kensho.common.Settings;
import redis.clients.jedis.Jedis;

import java.util.Map;

/**
 * Chooses the Redis target, one rule for the whole suite: an explicit external URI wins
 * ({@code kensho.redis.uri}); else a container if asked ({@code kensho.redis.container=true}: the
 * image {@code kensho.redis.image}, or one built locally from the bundled {@code redis-server}); else the
 * embedded {@code redis-server}. {@code config} holds the server settings a benchmark needs
 * ({@code io-threads 4}, …): applied at start on a server the suite starts, read back and recorded on
 * an external one.
 */
public final class RedisTargets {

    /** How long the first PING of an external server may take before the run gives up on it. */
    public static final java.time.Duration FIRST_CONTACT_TIMEOUT = java.time.Duration.ofSeconds(5);

    private RedisTargets() {
    }

    /**
     * Validates the target properties without starting anything; an external server is contacted once
     * (PING within {@link #FIRST_CONTACT_TIMEOUT}), so a wrong host ends the run in one line naming it
     * before any benchmark starts.
     */
    public static void validate() {
        String uri = Settings.get(Settings.REDIS_URI_PROPERTY);
        if (uri != null) {
            Settings.keyPrefix();
            Settings.destructiveAllowed();
            try (Jedis ignored = ExternalRedis.parse(uri).jedis(FIRST_CONTACT_TIMEOUT)) {
                // reachable and answering
            }
        } else if (Settings.flag(Settings.REDIS_CONTAINER_PROPERTY)) {
            ContainerRedis.validate();
        } else {
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
            try (Jedis ignored = t.jedis(FIRST_CONTACT_TIMEOUT)) {
                // connects and PINGs within seconds, or throws a one-line TargetFailure: a server that
                // accepts the connection but never answers must not hang the run for the long socket timeout
            }
        } else if (Settings.flag(Settings.REDIS_CONTAINER_PROPERTY)) {
            t = ContainerRedis.start(config);
        } else {
            t = EmbeddedRedis.start(config);
        }
        t.watchCpu();
        return t;
    }
}
