package dev.kensho.redis.kv;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.report.Knee;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.OfferedRate;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.redis.kv.trial.SweptCase;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How does latency grow with the load offered to one Redis, and where is the knee? The throughput–latency
 * curve of {@link KeyValueThroughputBenchmark}'s GET/SET mix (users of these tools ask for it: valkey#1201,
 * redis#9543, OMB#247): the same trial (the {@link KvTrial} engine that class holds too), first closed loop ({@code rate=0}), then
 * open loop at a sweep of offered rates given as fractions of that closed-loop point's achieved rate
 * ({@code rate=0.25x,0.5x,0.75x,0.9x,1.0x}), for both clients, 100 and 800 clients, io-threads 1 and 2. Each
 * point is a trial: JMH's score is the achieved rate (with its 99.9% interval), beside intended-time and
 * service-time p50/p99/p99.9 and {@code schedule_behind}; the report draws one chart per case, finds the
 * knee ({@link Knee}) and judges whether the generator offered the case's maximum: the {@code 1.0x} point's
 * achieved rate ÷ the closed-loop point's, measured alike. The write-up (002, ElastiCache) gives no
 * curve; it claims "p50 down up to 47%" with io-threads, which a curve can qualify (docs/redis-kv.md).
 *
 * <p>Cheap by construction: the closed-loop maximum a point's rate is a fraction of is measured once per
 * case, not per point, and only by the curve itself: the case's closed-loop point ({@code rate=0}), which runs
 * first, kept in the case's trial ({@link SweptCase}) for its open-loop points. Like for like: the same JVM,
 * warm-up, iteration length, server and connections as the open-loop points. Else (a sweep without {@code 0}, or
 * forks, where every point is a JVM of its own) the case's trial probes ({@value OfferedRate#PROBE_ROUNDS}
 * closed-loop rounds) and a note says so. {@link KeyValueThroughputBenchmark}'s forked, longer-warmed score of the
 * same case is never used (the 1.0x of run reference-89ec53f: 7 of 8 points offered it achieved 83–95% of it,
 * which could not tell a lagging generator from a server this JVM does not drive as fast), and nothing is read
 * back from the run folder. The server, keyspace and connections are set up
 * once per case too when the points share a JVM ({@code -f 0}, the default scale's setting; {@link SweptCase}).
 * Points are shorter than the closed-loop cases (two 1 s warm-ups, four 1 s iterations at the default scale,
 * see {@code kensho-scale.properties}), and so are invocations ({@value #REQUESTS} requests); the open-loop
 * schedule runs on across the invocations of an iteration, so their boundaries neither pause the offered
 * load nor drain the queue.
 *
 * <p>Params: those of {@link KeyValueThroughputBenchmark}, checked by the same rules (any {@code rate} it
 * accepts; the curve uses 0 and fractions); defaults are the sweep. Recorded: as there, and
 * {@code rate_closed_loop_max} for every relative point.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=KeyValueThroughputLatencyBenchmark} (add
 * {@code -Dkensho.scale=smoke}; {@code -Dkensho.args="-p rate=0.5x,1.0x -p clients=100"}), or this class's
 * {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Threads(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 6, time = 1)
public class KeyValueThroughputLatencyBenchmark extends KvTrialState {

    /**
     * Requests per invocation: a multiple of 100 and 800, a tenth of the closed-loop class's so that an
     * iteration at 0.25x of a slow case (~7k requests/s on 2 shared cores) still lasts about a second.
     */
    public static final int REQUESTS = 8_000;

    public static final ParamRules RULES = KeyValueThroughputBenchmark.RULES;

    @Param
    public LoadGenerator.Client client;
    @Param({"100", "800"})
    public int clients;
    @Param({"1", "2"})
    public int ioThreads;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1"})
    public int pipeline;
    @Param({"1000000"})
    public int keyspace;
    @Param({"PRELOADED"})
    public Start start;
    @Param({"0", "0.25x", "0.5x", "0.75x", "0.9x", "1.0x"})
    public String rate;
    @Param({KeyDistribution.UNIFORM})
    public String distribution;

    private Case cse;

    /** The trial of this point: the case's kept trial pointed at this rate, or a new one ({@link SweptCase}). */
    @Override
    protected void open(Case c) {
        cse = c;
        trial = SweptCase.take(c, rate, REQUESTS, () -> KvTrial.server(client, clients, ioThreads, getRatio, pipeline, keyspace,
                start, distribution));
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long getSetMix() {
        return trial.run(REQUESTS);
    }

    /** Records the point's results; the trial stays open for the case's next point. */
    @Override
    void endTrial(KvTrial t) {
        SweptCase.release(cse, t);
    }

    public static void main(String[] args) {
        Kensho.main(KeyValueThroughputLatencyBenchmark.class, args);
    }
}
