package dev.kensho.redis.pubsub;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.StreamSpec;
import dev.kensho.redis.pubsub.flow.StreamTimings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Does a subscriber keep up with the write-up's real detector streams, and with what latency from the
 * time each message was due? The write-up measured the streams' rates (nGEM 1.5 kB at 1 kHz = 13.2 Mbit/s;
 * PSD ≈680 B at ≈3.3 kHz = 18.8 Mbit/s) with a counting subscriber; this replays them.
 *
 * <p>Cases: {@code stream} = {@code NGEM_1500B_1KHZ} | {@code PSD_680B_3300HZ} | {@code <bytes>B@<rate>Hz}
 * ({@link StreamSpec}); {@code client} = {@code JEDIS} | {@code LETTUCE}. The publisher sends one
 * message per benchmark call on a fixed-rate schedule (the schedule is the workload: a detector emits
 * at its rate, whatever the server does), each message published and its reply read before the next (no
 * batching: a live stream sends as data comes). If it falls behind schedule it sends at once to catch up;
 * no message is skipped, and each keeps its place on the schedule.
 *
 * <p>Measured: primary score = messages published/s (≈ the stream's rate, by construction);
 * {@link ReceivedCounters} = messages/s and payload Mbit/s received — these follow from the schedule the
 * suite sets (the write-up's 13.2 and 18.8 Mbit/s are shown beside them as "set by the suite", not as
 * findings). The findings are the latencies and whether the stream kept up ({@link StreamTimings}), recorded
 * per trial: {@code latency_intended_p50|p99|p999|max} (µs, from each message's intended send time on the
 * pacer's schedule to its receipt — corrected for coordinated omission), {@code latency_p50|p99|p999|max}
 * (µs, from its actual send: the service time), {@code latency_count}; {@code schedule_behind} (messages
 * sent more than 1 ms after they were due) and {@code schedule_behind_ratio}, {@code publisher_late_max}
 * (µs); {@code backlog_max} (most messages published but not yet received at any publish);
 * {@code kept_up} (1 when nothing was lost and every message arrived within 10 ms of its intended send
 * time); {@code lost_messages}, {@code out_of_order}. Both latencies also go to HdrHistogram interval logs
 * ({@code hlog/…-service-….hlog}, {@code …-intended-….hlog}: one interval per measurement iteration). A
 * subscriber more than 5 s behind ends the run with a message (the server's buffer would otherwise grow
 * without bound).
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubStreamLatency}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 3)
public class PubSubStreamLatencyBenchmark extends BenchmarkState {

    public static final ParamRules RULES = ParamRules.of()
            .rule("stream", StreamSpec::parse)
            .oneOf("client", Client.class)
            .preflight(RedisTargets::validate);

    @Param({"NGEM_1500B_1KHZ", "PSD_680B_3300HZ"})
    public String stream;

    @Param({"JEDIS", "LETTUCE"})
    public Client client;

    private StreamSpec spec;
    private RedisTarget target;
    private Subscriber subscriber;
    private Publisher publisher;
    private Receiver receiver;
    private Flow flow;
    private final StreamTimings timings = new StreamTimings();
    private Case benchCase;
    private long scheduleStart;
    private long scheduled;
    private long backlogMax;
    private boolean measuring;
    /** This iteration's schedule, read by the subscriber's thread: message {@code first + k} is due at {@code start + k × period}. */
    private volatile IterationSchedule schedule;

    private record IterationSchedule(long first, long start, long period) {
        long dueNanos(long seq) {
            return start + (seq - first) * period;
        }
    }

    @Override
    public void open(Case c) {
        spec = StreamSpec.parse(stream);
        benchCase = c;
        try {
            target = RedisTargets.open(PubSubParams.WRITE_UP_CONFIG);
            target.record();
            String channel = PubSubParams.channel(target, "stream");
            receiver = new Receiver("sub-0");
            receiver.latencies(timings.service);
            receiver.intendedLatencies(timings.intended, seq -> {
                IterationSchedule s = schedule;
                return s == null ? Receiver.Schedule.UNKNOWN : s.dueNanos(seq);
            });
            timings.openLogs(c);
            subscriber = client.subscribe(target, channel, PubSubMode.CLASSIC, receiver);
            publisher = client.publisher(target, channel, PubSubMode.CLASSIC, spec.messageBytes(), 1);
            // the window is never the limit here (rate-limited): it is only used for counting and drain checks
            flow = new Flow(target.describe(), publisher, List.of(receiver), spec.messageBytes(), PubSubParams.MAX_WINDOW_BYTES);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams ip) {
        startIteration(ip.getType() == IterationType.MEASUREMENT);
    }

    void startIteration(boolean measurement) {
        if (measurement && !measuring) {
            timings.reset(); // warm-up latencies are not reported
            backlogMax = 0;
        }
        measuring = measurement;
        flow.mark();
        scheduleStart = System.nanoTime();
        scheduled = 0;
        // nothing is in flight between iterations (endIteration drains), so the new schedule applies to every message that follows
        schedule = new IterationSchedule(flow.next(), scheduleStart, spec.periodNanos());
    }

    /** Waits for this message's slot in the stream's schedule, then publishes it and reads the reply. */
    @Benchmark
    public void publishAtStreamRate(ReceivedCounters counters) {
        long due = scheduleStart + scheduled++ * spec.periodNanos();
        long now;
        while ((now = System.nanoTime()) < due) {
            LockSupport.parkNanos(due - now);
        }
        timings.sent(due, now);
        flow.publishOne();
        flow.flush();
        long backlog = flow.next() - receiver.count();
        if (backlog > backlogMax) {
            backlogMax = backlog;
            if (backlog > spec.rateHz() * 5) {
                throw new TargetFailure(String.format(Locale.ROOT, "the subscriber is %,d messages (> 5 s of %s) behind: it cannot keep up",
                        backlog, spec.name()));
            }
        }
        flow.countSinceMark(counters);
    }

    /** Waits until every message of the iteration is received; a measurement iteration's latencies become one logged interval. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        flow.drain();
        if (measuring) {
            timings.interval();
        }
    }

    @Override
    public void close() {
        try {
            if (flow != null && flow.next() > 0) {
                String b = benchCase.benchmark();
                Map<String, String> p = benchCase.params();
                timings.export(benchCase);
                Recorder.measurement(b, p, "backlog_max", backlogMax, "messages");
                Recorder.measurement(b, p, "kept_up", keptUp() ? 1 : 0, "bool");
                Recorder.measurement(b, p, "lost_messages", flow.lost(), "messages");
                Recorder.measurement(b, p, "out_of_order", flow.outOfOrder(), "messages");
            }
        } finally {
            timings.close();
            if (publisher != null) {
                publisher.close();
            }
            if (subscriber != null) {
                subscriber.close();
            }
            if (target != null) {
                target.close();
            }
        }
    }

    /** Nothing lost or out of order, and every message received within 10 ms of its intended send time. */
    boolean keptUp() {
        return timings.keptUp(flow.lost() + flow.outOfOrder());
    }

    Receiver receiver() {
        return receiver;
    }

    StreamTimings timings() {
        return timings;
    }

    StreamSpec spec() {
        return spec;
    }

    public static void main(String[] args) {
        Kensho.main(PubSubStreamLatencyBenchmark.class, args);
    }
}
