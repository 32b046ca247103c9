package dev.kensho.redis.kv;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.runfiles.Case;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/** A deliberately wrong class (test sources only): a second trial-level setup beside the base state's. */
public class ArchFixtureSecondSetup extends BenchmarkState {

    @Override
    protected void open(Case c) {
    }

    @Setup(Level.Trial)
    public void again() {
    }
}
