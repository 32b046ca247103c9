package dev.kensho.redis.pubsub;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.redis.RedisTarget;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.BinaryJedisShardedPubSub;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The Redis client under test, as a JMH {@code @Param}: each constant carries its publisher and
 * subscriber implementation. Publisher and every subscriber are separate connections.
 *
 * <ul>
 *   <li>{@code JEDIS}: publisher = one {@link Pipeline} (messages written as they are queued, replies
 *       read at {@link Publisher#flush}); subscriber = {@link BinaryJedisPubSub} /
 *       {@link BinaryJedisShardedPubSub} on its own thread.</li>
 *   <li>{@code LETTUCE}: publisher = async commands with auto-flush off (one write per flush, replies
 *       awaited at flush); subscriber = a pub/sub connection whose listener runs on Lettuce's event loop.</li>
 * </ul>
 * Every wait is bounded ({@link #REPLY_TIMEOUT}, {@link #SUBSCRIBE_TIMEOUT}, {@link #CLOSE_TIMEOUT}).
 */
public enum Client {

    JEDIS {
        @Override
        public Publisher publisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers) {
            return new JedisPublisher(target, channel, mode, messageBytes, expectedReceivers);
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
     * thread ending by itself — {@link Flow#STALL_TIMEOUT} and the bounded waits here end the run, and
     * closing the socket ends the subscriber's thread.
     */
    public static final Duration SUBSCRIBER_READ_TIMEOUT = Duration.ofSeconds(60);

    public abstract Publisher publisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expectedReceivers);

    /** Subscribes and returns once the server confirmed the subscription. */
    public abstract Subscriber subscribe(RedisTarget target, String channel, PubSubMode mode, Receiver receiver);

    // ---- Jedis ----------------------------------------------------------------------------------

    private static final class JedisPublisher implements Publisher {
        private static final CommandObjects COMMANDS = new CommandObjects();
        private final String where;
        private final Jedis jedis;
        private final Pipeline pipeline;
        private final byte[] channel;
        private final boolean sharded;
        private final byte[] message;
        private final int expected;
        private final List<Response<Long>> replies = new ArrayList<>();
        private long published;
        private long shortfall;
        private long deliveries;

        JedisPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
            this.where = target.describe();
            this.jedis = target.jedis(REPLY_TIMEOUT);
            this.pipeline = jedis.pipelined();
            this.channel = channel.getBytes(StandardCharsets.UTF_8);
            this.sharded = mode == PubSubMode.SHARDED;
            this.message = Messages.template(messageBytes);
            this.expected = expected;
        }

        @Override
        public void publish(long seq, long sentNanos) {
            // Jedis writes the command into its output buffer now, so one array can be re-stamped
            Messages.stamp(message, seq, sentNanos);
            try {
                replies.add(sharded ? pipeline.executeCommand(COMMANDS.spublish(channel, message)) : pipeline.publish(channel, message));
            } catch (RuntimeException e) {
                throw new TargetFailure(where + ": jedis publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
            }
        }

        @Override
        public void flush() {
            try {
                pipeline.sync();
            } catch (RuntimeException e) {
                throw new TargetFailure(where + ": jedis publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
            }
            for (Response<Long> r : replies) {
                long n = r.get();
                deliveries += n;
                if (n < expected) {
                    shortfall++;
                }
            }
            published += replies.size();
            replies.clear();
        }

        @Override
        public long published() {
            return published;
        }

        @Override
        public long shortfall() {
            return shortfall;
        }

        @Override
        public long deliveries() {
            return deliveries;
        }

        @Override
        public void close() {
            try {
                pipeline.close();
            } catch (RuntimeException ignored) {
                // the connection is being thrown away anyway
            }
            closeQuietly(jedis);
        }
    }

    private static final class JedisSubscriber implements Subscriber {
        private final Jedis jedis;
        private final Receiver receiver;
        private final Thread thread;
        private final long clientId;
        private final Runnable unsubscribe;

        JedisSubscriber(RedisTarget target, String channel, PubSubMode mode, Receiver receiver) {
            this.jedis = target.jedis(SUBSCRIBER_READ_TIMEOUT);
            this.receiver = receiver;
            this.clientId = jedis.clientId();
            byte[] ch = channel.getBytes(StandardCharsets.UTF_8);
            CountDownLatch subscribed = new CountDownLatch(1);
            Runnable loop;
            if (mode == PubSubMode.SHARDED) {
                BinaryJedisShardedPubSub ps = new BinaryJedisShardedPubSub() {
                    @Override
                    public void onSMessage(byte[] c, byte[] m) {
                        receiver.onMessage(m);
                    }

                    @Override
                    public void onSSubscribe(byte[] c, int n) {
                        subscribed.countDown();
                    }
                };
                loop = () -> ps.proceed(jedis.getConnection(), ch);
                unsubscribe = ps::sunsubscribe;
            } else {
                BinaryJedisPubSub ps = new BinaryJedisPubSub() {
                    @Override
                    public void onMessage(byte[] c, byte[] m) {
                        receiver.onMessage(m);
                    }

                    @Override
                    public void onSubscribe(byte[] c, int n) {
                        subscribed.countDown();
                    }
                };
                loop = () -> ps.proceed(jedis.getConnection(), ch);
                unsubscribe = ps::unsubscribe;
            }
            thread = new Thread(() -> {
                try {
                    loop.run();
                    receiver.disconnected("unsubscribed");
                } catch (RuntimeException e) {
                    receiver.disconnected("jedis subscriber: " + TargetFailure.rootCause(e));
                }
            }, "kensho-jedis-sub-" + receiver.name());
            thread.setDaemon(true);
            thread.start();
            try {
                awaitSubscribed(target.describe(), subscribed, receiver);
            } catch (TargetFailure e) {
                close();
                throw e;
            }
        }

        @Override
        public Receiver receiver() {
            return receiver;
        }

        @Override
        public long clientId() {
            return clientId;
        }

        @Override
        public void close() {
            if (thread.isAlive() && !receiver.disconnected()) {
                try {
                    unsubscribe.run();
                } catch (RuntimeException ignored) {
                    // broken connection: closing the socket below ends the thread
                }
                join(thread, CLOSE_TIMEOUT);
            }
            closeQuietly(jedis); // closes the socket: a thread still reading gets an exception and ends
            join(thread, CLOSE_TIMEOUT);
        }
    }

    // ---- Lettuce --------------------------------------------------------------------------------

    private static final class LettucePublisher implements Publisher {
        private final String where;
        private final StatefulRedisConnection<byte[], byte[]> connection;
        private final RedisAsyncCommands<byte[], byte[]> async;
        private final byte[] channel;
        private final boolean sharded;
        private final byte[] template;
        private final int expected;
        private final List<RedisFuture<Long>> replies = new ArrayList<>();
        private long published;
        private long shortfall;
        private long deliveries;

        LettucePublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
            this.where = target.describe();
            try {
                this.connection = target.lettuce().connect(ByteArrayCodec.INSTANCE);
            } catch (RuntimeException e) {
                throw new TargetFailure(target.describe() + ": lettuce cannot connect (" + TargetFailure.rootCause(e) + ")", e);
            }
            connection.setAutoFlushCommands(false);
            this.async = connection.async();
            this.channel = channel.getBytes(StandardCharsets.UTF_8);
            this.sharded = mode == PubSubMode.SHARDED;
            this.template = Messages.template(messageBytes);
            this.expected = expected;
        }

        @Override
        public void publish(long seq, long sentNanos) {
            // Lettuce encodes on its event loop after this returns: each message needs its own array
            byte[] m = Messages.copy(template, seq, sentNanos);
            replies.add(sharded ? async.spublish(channel, m) : async.publish(channel, m));
        }

        @Override
        public void flush() {
            connection.flushCommands();
            long deadline = System.nanoTime() + REPLY_TIMEOUT.toNanos();
            for (RedisFuture<Long> f : replies) {
                long n;
                try {
                    n = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new TargetFailure(where + ": lettuce publisher got no reply within " + REPLY_TIMEOUT.toSeconds() + " s");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetFailure("lettuce publisher: interrupted");
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new TargetFailure(where + ": lettuce publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
                }
                deliveries += n;
                if (n < expected) {
                    shortfall++;
                }
            }
            published += replies.size();
            replies.clear();
        }

        @Override
        public long published() {
            return published;
        }

        @Override
        public long shortfall() {
            return shortfall;
        }

        @Override
        public long deliveries() {
            return deliveries;
        }

        @Override
        public void close() {
            try {
                connection.closeAsync().get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception ignored) {
                // the client is shut down with the target anyway
            }
        }
    }

    private static final class LettuceSubscriber implements Subscriber {
        private final RedisTarget target;
        private final StatefulRedisPubSubConnection<byte[], byte[]> connection;
        private final Receiver receiver;
        private final long clientId;
        private final RedisConnectionStateListener stateListener;

        LettuceSubscriber(RedisTarget target, String channel, PubSubMode mode, Receiver receiver) {
            this.target = target;
            this.receiver = receiver;
            try {
                this.connection = target.lettuce().connectPubSub(ByteArrayCodec.INSTANCE);
            } catch (RuntimeException e) {
                throw new TargetFailure(target.describe() + ": lettuce cannot connect (" + TargetFailure.rootCause(e) + ")", e);
            }
            this.stateListener = new RedisConnectionStateListener() {
                @Override
                public void onRedisDisconnected(RedisChannelHandler<?, ?> c) {
                    if (c == connection) {
                        receiver.disconnected("lettuce subscriber: connection closed");
                    }
                }
            };
            target.lettuce().addListener(stateListener);
            connection.addListener(new RedisPubSubAdapter<>() {
                @Override
                public void message(byte[] c, byte[] m) {
                    receiver.onMessage(m);
                }

                @Override
                public void smessage(byte[] c, byte[] m) {
                    receiver.onMessage(m);
                }
            });
            byte[] ch = channel.getBytes(StandardCharsets.UTF_8);
            try {
                this.clientId = connection.async().clientId().get(SUBSCRIBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                (mode == PubSubMode.SHARDED ? connection.async().ssubscribe(ch) : connection.async().subscribe(ch))
                        .get(SUBSCRIBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                close();
                throw new TargetFailure(target.describe() + ": lettuce could not subscribe to " + channel
                        + " within " + SUBSCRIBE_TIMEOUT.toSeconds() + " s (" + TargetFailure.rootCause(e) + ")", e);
            }
        }

        @Override
        public Receiver receiver() {
            return receiver;
        }

        @Override
        public long clientId() {
            return clientId;
        }

        @Override
        public void close() {
            target.lettuce().removeListener(stateListener);
            try {
                connection.closeAsync().get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception ignored) {
                // the client is shut down with the target anyway
            }
        }
    }

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
    static void closeQuietly(Jedis j) {
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
