package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.targets.redis.RedisTarget;

/**
 * How the publisher of {@code PubSubThroughputBenchmark} sends, as a JMH {@code @Param} whose constants
 * carry the implementation:
 * <ul>
 *   <li>{@code PIPELINED}: up to {@link Flow#MAX_BATCH} messages written per flush, their replies read at
 *       the flush (Jedis {@code Pipeline}, Lettuce with auto-flush off; TCP: one buffered write per batch);</li>
 *   <li>{@code SYNC}: one message at a time — one blocking {@code PUBLISH}, its reply read, then the next
 *       (Jedis {@code publish}, Lettuce's synchronous API; TCP: one write per message, which has no reply to
 *       wait for). This is the loop the write-up most likely ran: it describes its publisher only as "a
 *       program (C++) that just sends data of the given length", and the plain way to do that with
 *       hiredis is one {@code redisCommand} per message, which blocks until the reply. That is an inference,
 *       not something the write-up states.</li>
 * </ul>
 */
public enum PublishLoop {

    PIPELINED {
        @Override
        Publisher open(Client client, RedisTarget target, String channel, int messageBytes) {
            return client.publisher(target, channel, PubSubMode.CLASSIC, messageBytes, 1);
        }

        @Override
        public int maxBatch() {
            return Flow.MAX_BATCH;
        }
    },

    SYNC {
        @Override
        Publisher open(Client client, RedisTarget target, String channel, int messageBytes) {
            return client.syncPublisher(target, channel, PubSubMode.CLASSIC, messageBytes, 1);
        }

        @Override
        public int maxBatch() {
            return 1;
        }
    };

    /** The Redis publisher of this loop, on its own connection. */
    abstract Publisher open(Client client, RedisTarget target, String channel, int messageBytes);

    /** Most messages {@link Flow} sends per flush. */
    public abstract int maxBatch();
}
