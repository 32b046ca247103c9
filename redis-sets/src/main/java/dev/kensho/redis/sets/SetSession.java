package dev.kensho.redis.sets;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import redis.clients.jedis.Jedis;

import java.util.Map;

/**
 * The trial's Redis server as every single-server set benchmark holds it: the target (recorded in the run
 * folder) and one control connection for loading and checks. {@link #close()} removes the suite's keys and
 * closes both, once, through {@link RedisTarget#deleteSuiteKeysAndClose()}.
 */
final class SetSession implements AutoCloseable {

    final RedisTarget redis;
    final Jedis control;

    private SetSession(RedisTarget redis, Jedis control) {
        this.redis = redis;
        this.control = control;
    }

    /** Opens the configured target, records it and opens the control connection. */
    static SetSession open() {
        return open(null);
    }

    /**
     * As {@link #open()}, refusing {@code destructiveCommand} (when not null) on a server the suite does not own
     * before anything is recorded.
     */
    static SetSession open(String destructiveCommand) {
        RedisTarget redis = RedisTargets.open(Map.of());
        try {
            if (destructiveCommand != null) {
                redis.requireDestructive(destructiveCommand);
            }
            redis.record();
            return new SetSession(redis, redis.jedis());
        } catch (RuntimeException e) {
            redis.close(); // nothing of ours was written yet: close without deleting keys
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            control.close();
        } finally {
            redis.deleteSuiteKeysAndClose();
        }
    }
}
