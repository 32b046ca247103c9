package dev.kensho.redis.kv;

import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * How does latency grow with the load offered to one Redis, and where is the knee? The throughput–latency
 * curve of {@link KeyValueThroughputBenchmark}'s GET/SET mix (users of these tools ask for it: valkey#1201,
 * redis#9543, OMB#247): the same trial, open loop, at a sweep of offered rates given as fractions of the
 * case's closed-loop maximum ({@code rate=0.25x,0.5x,0.75x,0.9x,1.0x}), for both clients, 100 and 800
 * clients, io-threads 1 and 2. Each point is a trial: JMH's score is the achieved rate (with its 99.9%
 * interval), beside intended-time and service-time p50/p99/p99.9 and {@code schedule_behind}; the report
 * draws one chart per case and finds the knee ({@link Knee}). The write-up (002, ElastiCache) gives no
 * curve; it claims "p50 down up to 47%" with io-threads, which a curve can qualify (docs/redis-kv.md).
 *
 * <p>Cheap by construction: the closed-loop maximum a point's rate is a fraction of is measured once per
 * case, not per point ({@link ClosedLoopMax}) — {@link KeyValueThroughputBenchmark}'s closed-loop score of
 * the same case when it ran earlier in the run (it does in a module run: classes run in name order), else a
 * probe in the case's first point, reused by the others. Points are shorter than the closed-loop cases
 * (one fork, one 1 s warm-up, six 1 s iterations at the default scale, see {@code kensho-scale.properties}).
 *
 * <p>Cases and params: those of {@link KeyValueThroughputBenchmark} (any {@code rate} it accepts; the curve
 * uses fractions). Recorded: as there, and {@code rate_closed_loop_max} for every relative point.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=KeyValueThroughputLatencyBenchmark} (add
 * {@code -Dkensho.scale=smoke}; {@code -Dkensho.args="-p rate=0.5x,1.0x -p clients=100"}), or this class's
 * {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Threads(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 6, time = 1)
public class KeyValueThroughputLatencyBenchmark extends KeyValueThroughputBenchmark {

    /** The case's closed-loop maximum from the run folder when one was measured, else this trial's probe. */
    @Override
    double closedLoopMax(Case c) {
        return ClosedLoopMax.known(c).orElseGet(this::probeClosedLoopMax);
    }

    public static void main(String[] args) {
        Bench.main(KeyValueThroughputLatencyBenchmark.class, args);
    }
}
