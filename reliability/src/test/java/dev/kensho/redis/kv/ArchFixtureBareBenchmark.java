package dev.kensho.redis.kv;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A deliberately wrong class (test sources only): a benchmark with a life cycle of its own, beside the base state. */
@State(Scope.Benchmark)
public class ArchFixtureBareBenchmark {
    @Benchmark
    public long measured() {
        return 1;
    }
}
