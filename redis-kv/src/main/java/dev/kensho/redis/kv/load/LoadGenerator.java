package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisTarget;

/**
 * A load generator: {@code clients} real connections sending pipeline batches of {@code depth} requests
 * (1 by default) until the {@link Round}'s tickets run out — closed loop (one batch in flight per
 * connection) or open loop (batches sent when due, see {@link Round}).
 * Connections are opened by {@link Client#open} at trial setup and closed at teardown.
 */
public interface LoadGenerator extends AutoCloseable {

    /** How many parties (connections, driver or pacer threads) a closed- or open-loop {@link Round} waits for. */
    int parties(boolean openLoop);

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
            public LoadGenerator open(RedisTarget target, int clients, int depth) {
                return new LettuceLoad(target, clients, depth);
            }
        },
        /**
         * Jedis: blocking connections, one thread each (fewer, round-robin, with {@code kensho.kv.jedisThreads}) —
         * virtual threads where the JVM has them (JDK 21+), else platform threads ({@link JedisLoad}).
         */
        JEDIS {
            @Override
            public LoadGenerator open(RedisTarget target, int clients, int depth) {
                return new JedisLoad(target, clients, depth, JedisLoad.threads(clients), JedisLoad.Threads.VIRTUAL_IF_AVAILABLE);
            }
        },
        /** Jedis on platform threads whatever the JVM: the earlier design, kept to measure what the threads cost. */
        JEDIS_PLATFORM {
            @Override
            public LoadGenerator open(RedisTarget target, int clients, int depth) {
                return new JedisLoad(target, clients, depth, JedisLoad.threads(clients), JedisLoad.Threads.PLATFORM);
            }
        };

        public abstract LoadGenerator open(RedisTarget target, int clients, int depth);
    }
}
