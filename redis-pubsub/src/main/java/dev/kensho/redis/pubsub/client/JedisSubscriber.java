package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.BinaryJedisShardedPubSub;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/** {@link Client#JEDIS}'s subscriber: {@link BinaryJedisPubSub} / {@link BinaryJedisShardedPubSub} on its own thread. */
final class JedisSubscriber implements Subscriber {
    private final Jedis jedis;
    private final Receiver receiver;
    private final Thread thread;
    private final long clientId;
    private final Runnable unsubscribe;

    JedisSubscriber(RedisTarget target, String channel, PubSubMode mode, Receiver receiver) {
        this.jedis = target.jedis(Client.SUBSCRIBER_READ_TIMEOUT);
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
            Client.awaitSubscribed(target.describe(), subscribed, receiver);
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
            Client.join(thread, Client.CLOSE_TIMEOUT);
        }
        Client.closeQuietly(jedis); // closes the socket: a thread still reading gets an exception and ends
        Client.join(thread, Client.CLOSE_TIMEOUT);
    }
}
