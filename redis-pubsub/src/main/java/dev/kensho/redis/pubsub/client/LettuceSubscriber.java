package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** {@link Client#LETTUCE}'s subscriber: a pub/sub connection whose listener runs on Lettuce's event loop. */
final class LettuceSubscriber implements Subscriber {
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
            this.clientId = connection.async().clientId().get(Client.SUBSCRIBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            (mode == PubSubMode.SHARDED ? connection.async().ssubscribe(ch) : connection.async().subscribe(ch))
                    .get(Client.SUBSCRIBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            close();
            throw new TargetFailure(target.describe() + ": lettuce could not subscribe to " + channel
                    + " within " + Client.SUBSCRIBE_TIMEOUT.toSeconds() + " s (" + TargetFailure.rootCause(e) + ")", e);
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
            connection.closeAsync().get(Client.CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception ignored) {
            // the client is shut down with the target anyway
        }
    }
}
