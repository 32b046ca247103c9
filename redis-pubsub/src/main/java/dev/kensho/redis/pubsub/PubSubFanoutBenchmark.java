package dev.kensho.redis.pubsub;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.Windows;
import dev.kensho.redis.pubsub.flow.FanoutShards;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.util.concurrent.locks.LockSupport;

/**
 * How does delivery scale with the number of subscribers on one channel, and does sharded Pub/Sub
 * ({@code SPUBLISH}/{@code SSUBSCRIBE}, Redis 7) cost more or less than classic on a single server? The
 * write-up measured one subscriber only; this is its "beyond" question.
 *
 * <p>Cases: {@code client} = {@code JEDIS} | {@code LETTUCE} ({@link Client}; every subscriber its own
 * connection, Jedis subscribers each on their own thread, Lettuce's on its event loops);
 * {@code mode} = {@code CLASSIC} | {@code SHARDED}; {@code subscribers} = 1, 4, 16;
 * {@code messageBytes} (default 256); {@code windowBytes}: the publisher stays within this many bytes
 * of the <em>slowest</em> subscriber ({@link Flow}).
 *
 * <p>Measured: primary score = messages published/s; {@link ReceivedCounters} = deliveries/s and
 * payload Mbit/s summed over all subscribers (per subscriber: divide by {@code subscribers}). Every
 * subscriber must receive every message in order, and every {@code PUBLISH} must report all
 * subscribers, or the benchmark fails. Recorded: {@code lost_messages},
 * {@code out_of_order} per trial.
 *
 * <p>Sharded ({@code -Dkensho.shard=i/N} with {@code -Dkensho.startAt}): {@code subscribers} is the whole run's, spread
 * over the shards ({@code Shard.share}); shard 0 also publishes, the others only subscribe (their primary score is
 * left out of the merged one). The window and the checks span every shard ({@link FanoutShards}); {@code Merge} sums
 * the received messages/s and Mbit/s per aligned iteration. Recorded per trial: {@code messages_received},
 * {@code subscribers_here}, and shard 0's {@code messages_published}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubFanout}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
public class PubSubFanoutBenchmark extends FlowBenchmark {

    public static final ParamRules RULES = PubSubParams.windowBytes(PubSubParams.messageBytes(ParamRules.of()
            .oneOf("client", Client.class)
            .oneOf("mode", PubSubMode.class)
            .intRange("subscribers", 1, PubSubParams.MAX_SUBSCRIBERS)))
            .preflight(RedisTargets::validate);

    @Param({"JEDIS", "LETTUCE"})
    public Client client;

    @Param({"CLASSIC", "SHARDED"})
    public PubSubMode mode;

    @Param({"1", "4", "16"})
    public int subscribers;

    @Param({"256"})
    public int messageBytes;

    @Param({"8388608"})
    public long windowBytes;

    /** This process's part of a sharded run ({@code -Dkensho.shard=i/N}); the whole run unsharded. */
    Shard shard;
    /** The control channels of a sharded run, else null. */
    FanoutShards shards;

    @Override
    void connect() {
        shard = Shard.current();
        target = RedisTargets.open(PubSubParams.WRITE_UP_CONFIG);
        target.record();
        String channel = shard.sharded() ? FanoutShards.channel("fanout", benchCase) : PubSubParams.channel(target, "fanout");
        int here = shard.share(subscribers);
        for (int i = 0; i < here; i++) {
            Receiver r = new Receiver("sub-" + shard.index() + "-" + i);
            receivers.add(r);
            subs.add(client.subscribe(target, channel, mode, r));
        }
        if (!shard.sharded()) {
            sender = client.publisher(target, channel, mode, messageBytes, subscribers);
            flow = new Flow(target.describe(), sender, receivers, messageBytes, windowBytes);
            return;
        }
        shards = new FanoutShards(target, channel, mode, shard);
        if (publishes()) {
            sender = client.publisher(target, channel, mode, messageBytes, subscribers); // every PUBLISH must reach all of them
            flow = new Flow(target.describe(), sender, receivers, messageBytes, windowBytes);
            shards.publisherSide(flow);
            shards.awaitSubscribers(subscribers);
        } else {
            flow = new Flow(target.describe(), null, receivers, messageBytes, windowBytes);
            shards.subscriberSide(receivers);
            ShardRecord.primaryNotCounted(benchCase, "it only subscribes: its invocations wait for messages, shard 0 publishes");
        }
        target.beginTrial(); // with -Dkensho.startAt, every shard's first iteration starts on one boundary of the server's clock
    }

    /** True for the shard that publishes: shard 0 (the whole run unsharded). */
    boolean publishes() {
        return shard.index() == 0;
    }

    /**
     * Publishes one message to every subscriber (waiting while the slowest is a window behind); a subscribers-only
     * shard waits a millisecond instead and counts what its subscribers received.
     */
    @Benchmark
    public void publishFanout(ReceivedCounters counters) {
        if (publishes()) {
            flow.publishOne();
        } else {
            LockSupport.parkNanos(1_000_000L); // nothing to send here: the count below is this shard's work
        }
        flow.countSinceMark(counters);
    }

    @Override
    void beforeMark() {
        Windows.begin();
    }

    @Override
    void iterationTimed(IterationParams ip) {
        Windows.end(benchCase, ip != null && ip.getType() == IterationType.MEASUREMENT);
    }

    /** Sharded: the publisher drains every shard's subscribers and says so; the others check theirs against its count. */
    @Override
    void drain() {
        if (shards == null || publishes()) {
            flow.drain();
            if (shards != null) {
                shards.ended(flow.next());
            }
        } else {
            flow.drainTo(shards.awaitEnd());
        }
    }

    /** Besides the losses, sharded: what this shard received and its subscribers (summed by {@code Merge}); what shard 0 published. */
    @Override
    void recordTrial() {
        super.recordTrial();
        if (shards == null) {
            return;
        }
        measure("messages_received", flow.received(), "messages");
        measure("subscribers_here", receivers.size(), "count");
        if (publishes()) {
            measure("messages_published", flow.next(), "messages");
        }
    }

    @Override
    void closeMore() {
        if (shards != null) {
            shards.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(PubSubFanoutBenchmark.class, args);
    }
}
