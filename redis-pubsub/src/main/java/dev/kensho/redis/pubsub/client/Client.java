package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.BinaryJedisShardedPubSub;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The Redis client under test, as a JMH {@code @Param}: each constant carries its publisher and
 * subscriber implementation. Publisher and every subscriber are separate connections.
 *
 * <ul>
 *   <li>{@code JEDIS}: publisher = one {@link Pipeline} (messages written as they are queued, replies
 *       read at {@link Publisher#flush}), or one blocking {@code publish} per message ({@link JedisSyncPublisher});
 *       subscriber = {@link BinaryJedisPubSub} /
 *       {@link BinaryJedisShardedPubSub} on its own thread.</li>
 *   <li>{@code LETTUCE}: publisher = async commands with auto-flush off (one write per flush, replies
 *       awaited at flush), or its synchronous API ({@link LettuceSyncPublisher}); subscriber = a pub/sub connection whose listener runs on Lettuce's event loop.</li>
 * </ul>
 * One class per implementation ({@link JedisPublisher}, {@link JedisSubscriber}, {@link LettucePublisher},
 * {@link LettuceSubscriber}); the publishers' reply bookkeeping is {@link CountingPublisher}'s.
 * Every wait is bounded ({@link #REPLY_TIMEOUT}, {@link #SUBSCRIBE_TIMEOUT}, {@link #CLOSE_TIMEOUT}).
 */
public enum Client {

    JEDIS {
        @Override
        public Publisher publisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers) {
            return new JedisPublisher(target, channel, mode, messageBytes, expectedReceivers);
        }

        @Override
        public Publisher syncPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers) {
            return new JedisSyncPublisher(target, channel, mode, messageBytes, expectedReceivers);
        }

        @Override
        public Subscriber subscribe(RedisTarget target, String channel, PubSubMode mode, Receiver receiver) {
            return new JedisSubscriber(target, channel, mode, receiver);
        }
    },

    LETTUCE {
        @Override
        public Publisher publisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers) {
            return new LettucePublisher(target, channel, mode, messageBytes, expectedReceivers);
        }

        @Override
        public Publisher syncPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers) {
            return new LettuceSyncPublisher(target, channel, mode, messageBytes, expectedReceivers);
        }

        @Override
        public Subscriber subscribe(RedisTarget target, String channel, PubSubMode mode, Receiver receiver) {
            return new LettuceSubscriber(target, channel, mode, receiver);
        }
    };

    /** Longest wait for the replies of one flushed batch. */
    public static final Duration REPLY_TIMEOUT = Duration.ofSeconds(30);
    /** Longest wait for a subscription to be confirmed. */
    public static final Duration SUBSCRIBE_TIMEOUT = Duration.ofSeconds(10);
    /** Longest wait for a subscriber to unsubscribe and its thread to end. */
    public static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /**
     * Socket read timeout of the subscriber connection before it subscribes (and of the TCP baseline's
     * receiver). While subscribed, Jedis reads without a timeout ({@code JedisPubSubBase.proceed} sets it
     * infinite) and Lettuce has none either: no wait of the benchmark thread depends on a subscriber
     * thread ending by itself — {@code Flow.STALL_TIMEOUT} and the bounded waits here end the run, and
     * closing the socket ends the subscriber's thread.
     */
    public static final Duration SUBSCRIBER_READ_TIMEOUT = Duration.ofSeconds(60);

    /** The batching publisher: messages queued by {@link Publisher#publish}, written and answered at {@link Publisher#flush}. */
    public abstract Publisher publisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers);

    /** The one-at-a-time publisher ({@code PublishLoop.SYNC}): each {@link Publisher#publish} returns with its reply. */
    public abstract Publisher syncPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers);

    /** Subscribes and returns once the server confirmed the subscription. */
    public abstract Subscriber subscribe(RedisTarget target, String channel, PubSubMode mode, Receiver receiver);

    // ---- helpers --------------------------------------------------------------------------------

    static void awaitSubscribed(String where, CountDownLatch subscribed, Receiver receiver) {
        try {
            if (!subscribed.await(SUBSCRIBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TargetFailure(where + ": subscriber " + receiver.name() + ": no subscription confirmed within "
                        + SUBSCRIBE_TIMEOUT.toSeconds() + " s" + (receiver.disconnected() ? " (" + receiver.disconnect() + ")" : ""));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("interrupted while subscribing");
        }
    }

    /** Closes a connection whose server may be gone (Jedis flushes on close and throws on a broken pipe). */
    public static void closeQuietly(Jedis j) {
        try {
            j.close();
        } catch (RuntimeException ignored) {
            // the socket is closed either way
        }
    }

    static void join(Thread t, Duration timeout) {
        try {
            t.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
