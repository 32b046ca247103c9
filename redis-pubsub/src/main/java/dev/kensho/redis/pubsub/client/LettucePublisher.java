package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** {@link Client#LETTUCE}'s publisher: async commands with auto-flush off (one write per flush, replies awaited at flush). */
final class LettucePublisher extends CountingPublisher {
    private final String where;
    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final RedisAsyncCommands<byte[], byte[]> async;
    private final byte[] channel;
    private final boolean sharded;
    private final byte[] template;
    private final List<RedisFuture<Long>> replies = new ArrayList<>();

    LettucePublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
        super(expected);
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
        long deadline = System.nanoTime() + Client.REPLY_TIMEOUT.toNanos();
        for (RedisFuture<Long> f : replies) {
            long n;
            try {
                n = f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                throw new TargetFailure(where + ": lettuce publisher got no reply within " + Client.REPLY_TIMEOUT.toSeconds() + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetFailure("lettuce publisher: interrupted");
            } catch (ExecutionException e) {
                throw new TargetFailure(where + ": lettuce publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
            }
            counted(n);
        }
        flushed(replies.size());
        replies.clear();
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
