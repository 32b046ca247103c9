package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * A kv benchmark state opened from its case: JMH's params as a {@link Case} at the trial's setup, and the same
 * {@link #open} outside JMH (the sanity tests call it with a case of their own). The base of {@link KvTrialState}
 * and {@link CalibrationState}.
 */
public abstract class CaseState {

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** Everything of a trial's setup, for this case. */
    abstract void open(Case c);
}
