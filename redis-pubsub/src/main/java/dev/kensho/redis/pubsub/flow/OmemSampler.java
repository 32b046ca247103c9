package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.TargetFailure;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Jedis;

/**
 * Samples one subscriber's connection from a separate connection: {@code omem} and {@code tot-mem} from
 * {@code CLIENT LIST ID}, and the server's {@code used_memory}.
 */
public final class OmemSampler {

    private final RedisTarget target;
    private final Jedis jedis;
    private final Subscriber subscriber;

    public OmemSampler(RedisTarget target, Jedis jedis, Subscriber subscriber) {
        this.target = target;
        this.jedis = jedis;
        this.subscriber = subscriber;
    }

    /** {t_ms, omem, tot-mem, used_memory, published, received}, or null when the subscriber's connection is gone. */
    long[] sample(long sinceStartNanos, long published, long received) {
        String line;
        long used;
        try {
            line = jedis.clientList(subscriber.clientId()).trim();
            used = target.usedMemory(jedis);
        } catch (RuntimeException e) {
            throw new TargetFailure(target.describe() + ": sampling CLIENT LIST failed (" + TargetFailure.rootCause(e) + ")", e);
        }
        if (line.isEmpty()) {
            return null;
        }
        return new long[]{sinceStartNanos / 1_000_000, field(line, "omem"), field(line, "tot-mem"), used, published,
                received};
    }

    static long field(String clientListLine, String name) {
        for (String kv : clientListLine.split("\\s+")) {
            if (kv.startsWith(name + "=")) {
                return Long.parseLong(kv.substring(name.length() + 1));
            }
        }
        throw new TargetFailure("CLIENT LIST has no " + name + " field: " + clientListLine);
    }
}
