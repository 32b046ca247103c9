package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.CommandObjects;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;

/**
 * {@link Client#JEDIS}'s one-at-a-time publisher ({@code PublishLoop.SYNC}): each {@link #publish} is one
 * blocking {@code PUBLISH} (or {@code SPUBLISH}) that returns with the server's reply — the Java form of
 * hiredis' plain {@code redisCommand}. Nothing is queued, so {@link #flush} has nothing to do.
 */
final class JedisSyncPublisher extends CountingPublisher {
    private static final CommandObjects COMMANDS = new CommandObjects();
    private final String where;
    private final Jedis jedis;
    private final byte[] channel;
    private final boolean sharded;
    private final byte[] message;

    JedisSyncPublisher(RedisTarget target, String channel, PubSubMode mode, int messageBytes, int expected) {
        super(expected);
        this.where = target.describe();
        this.jedis = target.jedis(Client.REPLY_TIMEOUT);
        this.channel = channel.getBytes(StandardCharsets.UTF_8);
        this.sharded = mode == PubSubMode.SHARDED;
        this.message = Messages.template(messageBytes);
    }

    @Override
    public void publish(long seq, long sentNanos) {
        Messages.stamp(message, seq, sentNanos); // written to the socket before publish returns: one array serves
        long receivers;
        try {
            receivers = sharded ? jedis.getConnection().executeCommand(COMMANDS.spublish(channel, message))
                    : jedis.publish(channel, message);
        } catch (RuntimeException e) {
            throw new TargetFailure(where + ": jedis publisher lost the server (" + TargetFailure.rootCause(e) + ")", e);
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
        Client.closeQuietly(jedis);
    }
}
