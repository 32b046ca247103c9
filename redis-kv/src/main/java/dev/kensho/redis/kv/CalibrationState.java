package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The JMH life cycle of the two calibrations against a C tool ({@link RedisBenchmarkCalibration},
 * {@link MemtierCalibration}), written once: the trial opened from JMH's params, and whether the iteration running is
 * measured — a calibration records its tool's results itself, only in measured iterations.
 */
public abstract class CalibrationState {

    /** Whether the iteration running is a measurement iteration. */
    boolean measuring;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** The trial's setup, outside JMH too (the sanity tests call it with their own {@link Case}). */
    abstract void open(Case c);

    @Setup(Level.Iteration)
    public void iteration(IterationParams ip) {
        measuring = ip.getType() == IterationType.MEASUREMENT;
    }
}
