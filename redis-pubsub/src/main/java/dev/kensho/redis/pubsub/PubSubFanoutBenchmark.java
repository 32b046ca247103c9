package dev.kensho.redis.pubsub;

import dev.kensho.launcher.Bench;
import dev.kensho.launcher.ParamRules;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Map;
import java.util.concurrent.TimeUnit;

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
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubFanout}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
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

    @Override
    void checkParams() {
        RULES.check(Map.of("client", client.name(), "mode", mode.name(), "subscribers", Integer.toString(subscribers),
                "messageBytes", Integer.toString(messageBytes), "windowBytes", Long.toString(windowBytes)));
    }

    @Override
    void connect() {
        target = RedisTargets.open(PubSubParams.WRITE_UP_CONFIG);
        target.record();
        String channel = PubSubParams.channel(target, "fanout");
        for (int i = 0; i < subscribers; i++) {
            Receiver r = new Receiver("sub-" + i);
            receivers.add(r);
            subs.add(client.subscribe(target, channel, mode, r));
        }
        sender = client.publisher(target, channel, mode, messageBytes, subscribers);
        flow = new Flow(target.describe(), sender, receivers, messageBytes, windowBytes);
    }

    /** Publishes one message to every subscriber (waiting while the slowest is a window behind). */
    @Benchmark
    public void publishFanout(ReceivedCounters counters) {
        flow.publishOne();
        flow.countSinceMark(counters);
    }

    public static void main(String[] args) {
        Bench.main(PubSubFanoutBenchmark.class, args);
    }
}
