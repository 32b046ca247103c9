package dev.kensho.redis.pubsub;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.targets.redis.RedisTarget;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;

import java.util.ArrayList;
import java.util.List;

/**
 * The trial every flow-controlled publish benchmark runs ({@link PubSubThroughputBenchmark},
 * {@link PubSubFanoutBenchmark}, {@link ClusterPublishBenchmark}): open the target, its subscribers and one
 * publisher behind a {@link Flow} ({@link #connect}; whatever opened is closed again if it fails), mark the
 * received counts at each iteration's start, drain and check every message at its end, record the losses
 * and close publisher, subscribers and target at the trial's end. Subclasses hold the params, connect, and
 * add their own bookkeeping through the {@code iteration…} and {@link #recordTrial} hooks.
 */
@State(Scope.Benchmark)
public abstract class FlowBenchmark extends BenchmarkState {

    RedisTarget target;
    final List<Subscriber> subs = new ArrayList<>();
    final List<Receiver> receivers = new ArrayList<>();
    /** The publisher behind {@link #flow} (not {@code publisher}: a subclass's param may carry that name). */
    Publisher sender;
    Flow flow;
    Case benchCase;

    /** Opens target, subscribers, publisher and flow for {@code c} (tests call this directly). */
    @Override
    public void open(Case c) {
        benchCase = c;
        try {
            connect();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens {@link #target} (or not), the {@link #subs} with their {@link #receivers}, {@link #sender} and {@link #flow}. */
    abstract void connect();

    @Setup(Level.Iteration)
    public void startIteration() {
        beforeMark();
        flow.mark();
        iterationStarted();
    }

    /** Ends the timed part, then waits until every subscriber has every message and checks order and count. */
    @TearDown(Level.Iteration)
    public void endIteration(IterationParams ip) {
        iterationTimed(ip);
        drain();
        iterationEnded(ip);
    }

    /** Before the iteration's mark: a subclass's wait for its shards' common start. */
    void beforeMark() {
    }

    /** Right after the timed part, before the drain ({@code ip} is null outside JMH). */
    void iterationTimed(IterationParams ip) {
    }

    /** Waits until every subscriber has every message and checks them ({@link Flow#drain}). */
    void drain() {
        flow.drain();
    }

    /** {@link #endIteration(IterationParams)} outside JMH (tests). */
    public void endIteration() {
        endIteration(null);
    }

    /** After the iteration's mark: a subclass's own iteration start. */
    void iterationStarted() {
    }

    /** After the drain: a subclass's own iteration bookkeeping ({@code ip} is null outside JMH). */
    void iterationEnded(IterationParams ip) {
    }

    @Override
    public void close() {
        try {
            if (flow != null) {
                recordTrial();
            }
        } finally {
            closeClients();
        }
    }

    /** The trial's bookkeeping (rates come from JMH's counters, at report time). */
    void recordTrial() {
        measure("lost_messages", flow.lost(), "messages");
        measure("out_of_order", flow.outOfOrder(), "messages");
    }

    void measure(String metric, double value, String unit) {
        Recorder.measurement(benchCase.benchmark(), benchCase.params(), metric, value, unit);
    }

    /** Publisher, subscribers, then (after {@link #closeMore}) the target; each even if the one before failed. */
    private void closeClients() {
        try {
            if (sender != null) {
                sender.close();
            }
        } finally {
            try {
                subs.forEach(Subscriber::close);
                subs.clear();
                closeMore();
            } finally {
                if (target != null) {
                    target.close();
                }
            }
        }
    }

    /** What a subclass opened besides clients and target, closed before the target. */
    void closeMore() {
    }

    Flow flow() {
        return flow;
    }

    RedisTarget target() {
        return target;
    }

    List<Receiver> receivers() {
        return receivers;
    }
}
