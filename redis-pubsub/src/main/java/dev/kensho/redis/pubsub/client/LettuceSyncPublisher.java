package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * {@link Client#LETTUCE}'s one-at-a-time publisher ({@code PublishLoop.SYNC}): each {@link #publish} is
 * one {@code PUBLISH} through Lettuce's synchronous API (auto-flush on), which returns with the reply.
 * Nothing is queued, so {@link #flush} has nothing to do.
 */
final class LettuceSyncPublisher extends CountingPublisher {
    private final String where;
    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final RedisCommands<byte[], byte[]> sync;
    private final byte[] channel;
    private final boolean sharded;
    private final byte[] template;

    LettuceSyncPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
        super(expected);
        this.where = target.describe();
        try {
            this.connection = target.lettuce().connect(ByteArrayCodec.INSTANCE);
        } catch (RuntimeException e) {
            throw new TargetFailure(target.describe() + ": lettuce cannot connect (" + TargetFailure.rootCause(e) + ")", e);
        }
        connection.setTimeout(Client.REPLY_TIMEOUT);
        this.sync = connection.sync();
        this.channel = channel.getBytes(StandardCharsets.UTF_8);
        this.sharded = mode == PubSubMode.SHARDED;
        this.template = Messages.template(messageBytes);
    }

    @Override
    public void publish(long seq, long sentNanos) {
        // Lettuce encodes on its event loop: each message needs its own array
        byte[] m = Messages.copy(template, seq, sentNanos);
        long receivers;
        try {
            receivers = sharded ? sync.spublish(channel, m) : sync.publish(channel, m);
        } catch (RuntimeException e) {
            throw new TargetFailure(where + ": lettuce publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
        }
        counted(receivers);
        flushed(1);
    }

    @Override
    public void flush() {
        // every message already has its reply
    }

    @Override
    public void close() {
        try {
            connection.closeAsync().get(Client.CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception ignored) {
            // the client is shut down with the target anyway
        }
    }
}
