package dev.kensho.redis.pubsub;

import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.targets.redis.RedisTarget;
import dev.kensho.common.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How fast does Redis Pub/Sub move messages from one publisher to one subscriber, against message size,
 * and how does that compare with a plain TCP socket? The write-up's main figure: Mbit/s against message
 * bytes on log-log axes, Redis flat at ~10 kHz for small messages and rising toward the network's
 * maximum for large ones, TCP's overhead far lower.
 *
 * <p>Cases: {@code transport} = {@code TCP} (the baseline, {@link TcpLink}), {@code JEDIS},
 * {@code LETTUCE} ({@link Client}); {@code messageBytes} = a log sweep 16 B … 1 MiB (factor 4);
 * {@code windowBytes} = the in-flight window of {@link Flow} (default 8 MiB), which keeps the
 * publisher from outrunning the subscriber (see there why that matters).
 *
 * <p>Measured: the primary score is messages published per second; the numbers to read are the
 * {@link ReceivedCounters} beside it, {@code receivedMessages} (msgs/s) and {@code receivedMbits}
 * (payload Mbit/s) as received by the subscriber, with JMH's error over iterations. After every
 * iteration the subscriber must have every message, in order, or the benchmark fails.
 *
 * <p>Recorded ({@code measurements.jsonl}) per trial: {@code lost_messages}, {@code out_of_order}
 * (both 0 or the run fails), {@code window_messages}, {@code batch_messages}. The Redis ÷ TCP ratio at
 * each size is not measured here: the report's section ({@link PubSubSection}) derives it from the JMH
 * results of both cases, whatever order they ran in; the ledger compares 16 B with the write-up's ~10 kHz.
 *
 * <p>Differences from the write-up: one machine, loopback (no Gigabit Ethernet: the TCP ceiling here is
 * memory bandwidth, and publisher, server and subscriber share 2 cores); Java clients, not C++.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubThroughput}
 * ({@code -Dkensho.args="-p messageBytes=16,1024"} to narrow), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 2)
public class PubSubThroughputBenchmark {

    public static final ParamRules RULES = PubSubParams.windowBytes(PubSubParams.messageBytes(
            ParamRules.of().oneOf("transport", Transport.class))).preflight(RedisTargets::validate);

    @Param({"TCP", "JEDIS", "LETTUCE"})
    public Transport transport;

    @Param({"16", "64", "256", "1024", "4096", "16384", "65536", "262144", "1048576"})
    public int messageBytes;

    @Param({"8388608"})
    public long windowBytes;

    private RedisTarget target;
    private Transport.Link link;
    private Receiver receiver;
    private Flow flow;
    private Case benchCase;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** Opens target, subscriber and publisher for {@code c} (tests call this directly). */
    public void open(Case c) {
        RULES.check(Map.of("transport", transport.name(), "messageBytes", Integer.toString(messageBytes),
                "windowBytes", Long.toString(windowBytes)));
        benchCase = c;
        try {
            if (transport.needsRedis()) {
                target = RedisTargets.open(PubSubParams.WRITE_UP_CONFIG);
                target.record();
            }
            receiver = new Receiver("sub-0");
            link = transport.open(target, PubSubParams.channel(target, "throughput"), receiver, messageBytes);
            flow = new Flow(target == null ? "tcp loopback" : target.describe(), link.publisher(), List.of(receiver), messageBytes, windowBytes);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        flow.mark();
    }

    /** Publishes one message (waiting while the window is full); the counters say what was received. */
    @Benchmark
    public void publish(ReceivedCounters counters) {
        flow.publishOne();
        flow.countSinceMark(counters);
    }

    /** Ends the timed part, then waits until the subscriber has every message and checks order and count. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        flow.drain();
    }

    @TearDown(Level.Trial)
    public void close() {
        try {
            if (flow != null) {
                recordTrial();
            }
        } finally {
            if (link != null) {
                link.close();
            }
            if (target != null) {
                target.close();
            }
        }
    }

    Flow flow() {
        return flow;
    }

    RedisTarget target() {
        return target;
    }

    Receiver receiver() {
        return receiver;
    }

    /** The trial's bookkeeping; rates and the Redis ÷ TCP ratio come from JMH's counters, at report time. */
    private void recordTrial() {
        String b = benchCase.benchmark();
        Map<String, String> p = benchCase.params();
        Recorder.measurement(b, p, "lost_messages", flow.lost(), "messages");
        Recorder.measurement(b, p, "out_of_order", flow.outOfOrder(), "messages");
        Recorder.measurement(b, p, "window_messages", flow.window(), "messages");
        Recorder.measurement(b, p, "batch_messages", flow.batch(), "messages");
    }

    public static void main(String[] args) {
        Bench.main(PubSubThroughputBenchmark.class, args);
    }
}
