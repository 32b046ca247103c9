package dev.kensho.redis.pubsub;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.TcpLink;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.redis.pubsub.flow.PublishLoop;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.Transport;
import dev.kensho.redis.pubsub.report.PubSubSection;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How fast does Redis Pub/Sub move messages from one publisher to one subscriber, against message size,
 * and how does that compare with a plain TCP socket? The write-up's main figure: Mbit/s against message
 * bytes on log-log axes, Redis flat at ~10 kHz for small messages (which it put down to Redis's
 * per-message overhead) and rising toward the network's maximum for large ones, TCP's overhead far lower.
 *
 * <p>Cases: {@code transport} = {@code TCP} (the baseline, {@link TcpLink}), {@code JEDIS},
 * {@code LETTUCE} ({@link Client}); {@code publisher} = {@code SYNC} (one message at a time: one blocking
 * {@code PUBLISH}, its reply, the next — the loop the write-up most likely ran, an inference from its "a
 * program (C++) that just sends data of the given length", see {@link PublishLoop}) or {@code PIPELINED} (up to 256 per flush: context, not the
 * write-up's loop); {@code messageBytes} = a log sweep 16 B … 1 MiB; {@code windowBytes} = the in-flight
 * window of {@link Flow} (default 8 MiB), which keeps the publisher from outrunning the subscriber (see
 * there why that matters).
 *
 * <p>Measured: the primary score is messages published per second; the numbers to read are the
 * {@link ReceivedCounters} beside it, {@code receivedMessages} (msgs/s) and {@code receivedMbits}
 * (payload Mbit/s) as received by the subscriber, with JMH's error over iterations. After every
 * iteration the subscriber must have every message, in order (sequence numbers), or the benchmark fails.
 *
 * <p>Recorded ({@code measurements.jsonl}) per trial: {@code lost_messages}, {@code out_of_order}
 * (both 0 or the run fails), {@code window_messages}, {@code batch_messages} (1 for {@code SYNC}). The
 * Redis ÷ TCP ratio at each size and loop is not measured here: the report's section
 * ({@link PubSubSection}) derives it from the JMH results of both cases, whatever order they ran in.
 * Published figure: the write-up's ~10 kHz at small sizes, set beside the 16 B {@code SYNC} rows (the
 * pipelined rows are context only; the TCP rows never).
 *
 * <p>Differences from the write-up: one machine, loopback (no Gigabit Ethernet: a synchronous loop waits
 * one loopback round trip per message, not a network one; the TCP ceiling here is memory bandwidth, and
 * publisher, server and subscriber share 2 cores); Java clients, not C++.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubThroughput}
 * ({@code -Dkensho.args="-p messageBytes=16,1024 -p publisher=SYNC"} to narrow), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 2)
public class PubSubThroughputBenchmark extends FlowBenchmark {

    public static final ParamRules RULES = PubSubParams.windowBytes(PubSubParams.messageBytes(
            ParamRules.of().oneOf("transport", Transport.class).oneOf("publisher", PublishLoop.class)))
            .preflight(RedisTargets::validate);

    @Param({"TCP", "JEDIS", "LETTUCE"})
    public Transport transport;

    @Param({"SYNC", "PIPELINED"})
    public PublishLoop publisher;

    @Param({"16", "64", "256", "1024", "4096", "16384", "65536", "262144", "1048576"})
    public int messageBytes;

    @Param({"8388608"})
    public long windowBytes;

    /** Target (none for TCP), one subscriber and the publisher of {@code transport}. */
    @Override
    void connect() {
        if (transport.needsRedis()) {
            target = RedisTargets.open(PubSubParams.WRITE_UP_CONFIG);
            target.record();
        }
        Receiver receiver = new Receiver("sub-0");
        receivers.add(receiver);
        Transport.Link link = transport.open(target, PubSubParams.channel(target, "throughput"), receiver, messageBytes, publisher);
        sender = link.publisher();
        subs.add(link.subscriber());
        flow = new Flow(target == null ? "tcp loopback" : target.describe(), sender, receivers,
                messageBytes, windowBytes, publisher.maxBatch());
    }

    /**
     * Publishes one message (waiting while the window is full; {@code SYNC}: and for its reply); the counters
     * say what was received.
     */
    @Benchmark
    public void publish(ReceivedCounters counters) {
        flow.publishOne();
        flow.countSinceMark(counters);
    }

    Receiver receiver() {
        return receivers.get(0);
    }

    Publisher publisherForTest() {
        return sender;
    }

    /** Also the flow's window and batch; the Redis ÷ TCP ratio comes from JMH's counters, at report time. */
    @Override
    void recordTrial() {
        super.recordTrial();
        measure("window_messages", flow.window(), "messages");
        measure("batch_messages", flow.batch(), "messages");
    }

    public static void main(String[] args) {
        Kensho.main(PubSubThroughputBenchmark.class, args);
    }
}
