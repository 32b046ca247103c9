package dev.kensho.redis.kv;

import dev.kensho.api.BenchmarkState;
import dev.kensho.redis.kv.trial.KvTrial;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The JMH life cycle of the three kv benchmark classes ({@link KeyValueThroughputBenchmark}, its curve
 * {@link KeyValueThroughputLatencyBenchmark} and {@link ClusterThroughputBenchmark}), written once: the trial
 * ({@link KvTrial}) opened from its case ({@link BenchmarkState}), each iteration started on it (shards aligned, a new
 * open-loop schedule) and ended on it (answers checked, a warm-up's timings dropped), and the trial ended once. A
 * class says how its trial opens ({@link #open}) and ends ({@link #endTrial}), and what it reads around each
 * iteration besides the trial.
 */
public abstract class KvTrialState extends BenchmarkState {

    /** The trial this state holds: server, workload, connections, timings. */
    KvTrial trial;

    @Setup(Level.Iteration)
    public void iterationStart() {
        beforeIteration();
        trial.iterationStart();
    }

    @TearDown(Level.Iteration)
    public void iteration(IterationParams ip) {
        boolean measured = ip.getType() != IterationType.WARMUP;
        afterIteration(measured);
        trial.iteration(measured);
    }

    /** Ends the trial (a trial that failed to open is already closed). */
    @Override
    protected final void close() {
        if (trial == null) {
            return;
        }
        try {
            endTrial(trial);
        } finally {
            trial = null;
        }
    }

    /** Before each iteration, ahead of the trial's own start. */
    void beforeIteration() {
    }

    /** After each iteration, ahead of the trial's own end of it. */
    void afterIteration(boolean measured) {
    }

    /** The trial's results checked and recorded; then closed, or kept for another point. */
    abstract void endTrial(KvTrial t);
}
