package dev.kensho.redis.kv;

import dev.kensho.api.BenchmarkState;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The JMH life cycle of the two calibrations against a C tool ({@link RedisBenchmarkCalibration},
 * {@link MemtierCalibration}), written once: the trial opened from its case ({@link BenchmarkState}), and whether the
 * iteration running is measured — a calibration records its tool's results itself, only in measured iterations.
 */
public abstract class CalibrationState extends BenchmarkState {

    /** Whether the iteration running is a measurement iteration. */
    boolean measuring;

    @Setup(Level.Iteration)
    public void iteration(IterationParams ip) {
        measuring = ip.getType() == IterationType.MEASUREMENT;
    }
}
