package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.ShardSettings;
import dev.kensho.common.shard.StartAt;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.Messages;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * The control traffic of a sharded fan-out ({@code -Dkensho.shard=i/N}): shard 0 publishes, every shard subscribes its
 * share of the subscribers, all on one channel every shard names alike ({@link #channel}). Two control channels beside
 * it carry only sequence numbers, in the data's own layout ({@link Messages}):
 * <ul>
 * <li>{@code <channel>:ack:<i>}: shard i &gt; 0 acknowledges its slowest subscriber's progress (a thread that looks every
 * millisecond and sends when it advanced); the publisher's {@link Flow} waits for these as for its own subscribers
 * ({@link Flow#awaitAlso}), so the window bounds every subscriber of the run, wherever it runs;</li>
 * <li>{@code <channel>:end}: after each iteration's drain (every subscriber of every shard acknowledged every message)
 * the publisher sends how many messages it has published; every other shard then checks that its subscribers got
 * exactly those, complete and in order ({@link Flow#drainTo}).</li>
 * </ul>
 * Before the first message the publisher waits until the server counts every subscriber of the run on the channel
 * ({@code PUBSUB NUMSUB}, {@code SHARDNUMSUB} for sharded Pub/Sub). Control traffic goes through Jedis whichever
 * client is measured: at most 1,000 acknowledgements a second per shard, beside tens of thousands of messages.
 */
public final class FanoutShards implements AutoCloseable {

    /** Longest wait for every shard's subscribers to be on the channel. */
    public static final Duration JOIN_TIMEOUT = Duration.ofSeconds(60);

    private final RedisTarget target;
    private final String channel;
    private final PubSubMode mode;
    private final Shard shard;
    private final List<Subscriber> control = new ArrayList<>();
    private Receiver end;
    private Jedis out;
    private Thread acker;
    private volatile boolean closed;
    private int ends;

    public FanoutShards(RedisTarget target, String channel, PubSubMode mode, Shard shard) {
        this.target = target;
        this.channel = channel;
        this.mode = mode;
        this.shard = shard;
    }

    /**
     * The data channel of case {@code c} of a sharded run: the base key prefix (not the shard's), the run's
     * {@code kensho.startAt} and the case, so every shard names the same one and no other run or case does.
     */
    public static String channel(String what, Case c) {
        Instant at = StartAt.current(false);
        if (at == null) {
            throw BadInput.of(ShardSettings.START_AT.key(), "(unset)", "an instant: the shards of a sharded " + what
                    + " name their channel after it and start together (-Dkensho.startAt=<ISO-8601 instant>)");
        }
        return Settings.baseKeyPrefix() + "pubsub:" + what + ":" + at.toEpochMilli() + ":"
                + Integer.toHexString(c.benchmark().hashCode() ^ c.params().hashCode());
    }

    /** The publisher shard: the other shards' acknowledgements feed {@code flow}'s window. */
    public void publisherSide(Flow flow) {
        for (int i = 1; i < shard.count(); i++) {
            Receiver acks = new Receiver("shard-" + i + "-acks");
            control.add(Client.JEDIS.subscribe(target, channel + ":ack:" + i, PubSubMode.CLASSIC, acks));
            flow.awaitAlso(acks);
        }
        out = target.jedis();
    }

    /** The publisher shard, before its first message: waits until the server counts {@code subscribers} on the channel. */
    public void awaitSubscribers(int subscribers) {
        long deadline = System.nanoTime() + JOIN_TIMEOUT.toNanos();
        long on;
        while ((on = onChannel()) < subscribers) {
            if (System.nanoTime() > deadline) {
                throw new TargetFailure(target.describe() + ": " + on + " of " + subscribers + " subscribers on " + channel
                        + " after " + JOIN_TIMEOUT.toSeconds() + " s: start every shard of the run with the same -Dkensho.startAt");
            }
            LockSupport.parkNanos(20_000_000L); // polling the server's count, not a measurement
        }
    }

    private long onChannel() {
        Map<String, Long> n = mode == PubSubMode.SHARDED ? out.pubsubShardNumSub(channel) : out.pubsubNumSub(channel);
        return n.getOrDefault(channel, 0L);
    }

    /** The publisher shard, after an iteration's drain: tells the other shards how many messages it published so far. */
    public void ended(long published) {
        if (published > 0 && out != null) {
            out.publish(bytes(channel + ":end"), Messages.stamp(Messages.template(Messages.HEADER_BYTES), published - 1, System.nanoTime()));
        }
    }

    /** A subscribers-only shard: listens for the publisher's iteration ends and acknowledges its subscribers' progress. */
    public void subscriberSide(List<Receiver> local) {
        end = new Receiver("publisher-ends");
        control.add(Client.JEDIS.subscribe(target, channel + ":end", PubSubMode.CLASSIC, end));
        out = target.jedis();
        byte[] ackChannel = bytes(channel + ":ack:" + shard.index());
        byte[] ack = Messages.template(Messages.HEADER_BYTES);
        acker = new Thread(() -> {
            long sent = 0;
            try {
                while (!closed) {
                    long min = Long.MAX_VALUE;
                    for (Receiver r : local) {
                        min = Math.min(min, r.next());
                    }
                    if (min > sent) {
                        out.publish(ackChannel, Messages.stamp(ack, min - 1, System.nanoTime()));
                        sent = min;
                    }
                    LockSupport.parkNanos(1_000_000L);
                }
            } catch (RuntimeException e) {
                if (!closed) {
                    end.disconnected("acknowledgements failed: " + TargetFailure.rootCause(e));
                }
            }
        }, "kensho-fanout-acks-" + shard.index());
        acker.setDaemon(true);
        acker.start();
    }

    /** A subscribers-only shard, at an iteration's end: the publisher's count of messages so far, once it sent it. */
    public long awaitEnd() {
        ends++;
        long deadline = System.nanoTime() + Flow.STALL_TIMEOUT.toNanos();
        while (end.count() < ends) {
            if (end.disconnected()) {
                throw new TargetFailure(target.describe() + ": shard " + shard + " lost the publisher's iteration ends (" + end.disconnect() + ")");
            }
            if (System.nanoTime() > deadline) {
                throw new TargetFailure(target.describe() + ": shard " + shard + " heard no end of iteration " + ends + " from the publisher"
                        + " (shard 0) within " + Flow.STALL_TIMEOUT.toSeconds() + " s");
            }
            LockSupport.parkNanos(5_000_000L);
        }
        return end.next();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        closed = true;
        if (acker != null) {
            LockSupport.unpark(acker);
            try {
                acker.join(Client.CLOSE_TIMEOUT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        control.forEach(Subscriber::close);
        control.clear();
        if (out != null) {
            Client.closeQuietly(out);
            out = null;
        }
    }
}
