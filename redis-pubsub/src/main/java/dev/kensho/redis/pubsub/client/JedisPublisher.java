package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** {@link Client#JEDIS}'s publisher: one {@link Pipeline}; messages are written as they are queued, replies read at {@link #flush}. */
public final class JedisPublisher extends CountingPublisher {
    private static final CommandObjects COMMANDS = new CommandObjects();
    private final String where;
    private final Jedis jedis;
    private final Pipeline pipeline;
    private final byte[] channel;
    private final boolean sharded;
    private final byte[] message;
    private final List<Response<Long>> replies = new ArrayList<>();

    JedisPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
        super(expected);
        this.where = target.describe();
        this.jedis = target.jedis(Client.REPLY_TIMEOUT);
        this.pipeline = jedis.pipelined();
        this.channel = channel.getBytes(StandardCharsets.UTF_8);
        this.sharded = mode == PubSubMode.SHARDED;
        this.message = Messages.template(messageBytes);
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
            counted(n);
        }
        flushed(replies.size());
        replies.clear();
    }

    @Override
    public void close() {
        try {
            pipeline.close();
        } catch (RuntimeException ignored) {
            // the connection is being thrown away anyway
        }
        Client.closeQuietly(jedis);
    }
}
