package dev.kensho.redis.kv;

import dev.kensho.common.targets.redis.RedisTarget;

/**
 * A closed-loop load generator: {@code clients} real connections, each with one pipeline batch
 * ({@code depth} requests, 1 by default) in flight, until the {@link Round}'s tickets run out.
 * Connections are opened by {@link Client#open} at trial setup and closed at teardown.
 */
public interface LoadGenerator extends AutoCloseable {

    /** How many parties (connections or driver threads) a {@link Round} waits for. */
    int parties();

    /** Starts the round; returns at once or when done (the caller awaits the round either way). */
    void start(Round round);

    /** Connections actually open (for checks and records). */
    int connections();

    @Override
    void close();

    /** The client under test, carrying its implementation (Kafka-style enum param). */
    enum Client {
        /** Lettuce: every connection is a closed loop driven by async callbacks on Lettuce's event loop. */
        LETTUCE {
            @Override
            LoadGenerator open(RedisTarget target, int clients, int depth) {
                return new LettuceLoad(target, clients, depth);
            }
        },
        /** Jedis: blocking connections multiplexed round-robin by a few driver threads. */
        JEDIS {
            @Override
            LoadGenerator open(RedisTarget target, int clients, int depth) {
                return new JedisLoad(target, clients, depth, JedisLoad.threads(clients));
            }
        };

        abstract LoadGenerator open(RedisTarget target, int clients, int depth);
    }
}
