package dev.kensho.redis.kv;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.kv.load.Halves;
import dev.kensho.redis.kv.load.JedisLoad;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.report.KvCostTable;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.OfferedRate;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How many GET/SET requests per second does one Redis serve at 100 and 800 concurrent clients, with
 * single-threaded network I/O ({@code io-threads 1}) and with I/O threads ({@code io-threads 2|4},
 * {@code io-threads-do-reads yes}, the open-source analogue of ElastiCache "enhanced I/O")? Compared with
 * the seed's table (r5 nodes, 100 clients: 208k–259k → 245k–407k RPS, +13…56%; 800 clients up to +83%)
 * — but on a 2-core machine client and server share the cores, and extra I/O threads there cost more
 * than they give: the results record the cores and must be read that way.
 *
 * <p>Workload (per request): a random key of {@code keyspace} (16 bytes, {@code <prefix><index>}), uniform
 * or Zipf-skewed ({@code distribution}, see {@link KeyDistribution}), GET with probability {@code getRatio}, else SET of its 200-byte value.
 * One invocation is {@value #REQUESTS} requests spread over {@code clients} real connections, each with
 * one batch of {@code pipeline} requests in flight (redis-benchmark's {@code -n}/{@code -c}/{@code -P});
 * JMH reports requests/s with its error bars, and HdrHistograms of every request's latency give
 * p50/p99/p99.9/max of the measurement iterations (and one {@code .hlog} interval per iteration).
 *
 * <p>Closed or open loop ({@code rate}, see {@link OfferedRate}): {@code 0} is a closed loop — a
 * connection sends when its last batch was answered, so a server stall delays the requests that would
 * have seen it and the tail is under-reported (coordinated omission). {@code 50000} or {@code 0.5x} (of
 * this trial's measured closed-loop maximum) is an open loop: request {@code s} is due at
 * {@code start + s/rate} regardless of replies, spread over the connections; latency is recorded from the
 * due time (corrected, {@code latency_intended_*}) and from the actual send (service time,
 * {@code latency_*}); a batch sent more than 1 ms late counts as behind schedule ({@code schedule_behind}).
 * The schedule runs on across the rounds of an iteration. JMH's score is then the achieved rate, beside
 * {@code rate_offered}. The throughput–latency curve is its own class, {@link KeyValueThroughputLatencyBenchmark}.
 *
 * <p>Load generators: {@link LoadGenerator.Client#LETTUCE} drives every connection with async callbacks on
 * Lettuce's event loop (one thread per core; open loop: one pacer thread per core sends due batches);
 * {@link LoadGenerator.Client#JEDIS}, a blocking client, gets one thread per connection, so its latency is
 * its request's own, not a wait for a shared driver — virtual threads where the fork's JVM has them (Java 21+), else
 * platform threads, which its bottleneck line then says; {@link LoadGenerator.Client#JEDIS_PLATFORM} (only with
 * {@code -p}) keeps platform threads on any JVM (see {@link JedisLoad}). The yardsticks are
 * {@link RedisBenchmarkCalibration} and {@link MemtierCalibration}.
 *
 * <p>Answers are checked, and a wrong one fails the run: every GET must return the value its key was SET
 * to, or nil only if no SET of that key had been acknowledged when the GET was sent (a lost write
 * otherwise, see {@link Workload}); every SET must answer OK; in a PRELOADED trial every GET must hit.
 *
 * <p>The trial itself — server, keyspace, connections, offered rate, timings, answer checks, records — is a
 * {@link KvTrial} this state holds: the same engine the curve and {@link ClusterThroughputBenchmark} hold.
 *
 * <table>
 * <caption>Cases ({@code @Param}s; defaults per scale in {@code kensho-scale.properties})</caption>
 * <tr><th>param</th><th>values</th><th>meaning</th></tr>
 * <tr><td>client</td><td>LETTUCE, JEDIS (JEDIS_PLATFORM with {@code -p})</td><td>client library (enum carrying the load generator)</td></tr>
 * <tr><td>clients</td><td>100, 800</td><td>connections, each with one batch in flight</td></tr>
 * <tr><td>ioThreads</td><td>1, 2 (seed: 1, 2, 4)</td><td>server {@code io-threads} (with {@code io-threads-do-reads yes} when &gt; 1);
 * set at start on the embedded server, read back and recorded on an external one</td></tr>
 * <tr><td>getRatio</td><td>0.8</td><td>share of GETs, 0 … 1</td></tr>
 * <tr><td>pipeline</td><td>1</td><td>requests per batch (redis-benchmark {@code -P})</td></tr>
 * <tr><td>keyspace</td><td>1,000,000 (seed: 14,700,000)</td><td>distinct keys</td></tr>
 * <tr><td>start</td><td>PRELOADED (default scale), EMPTY</td><td>every key SET before the trial (steady state:
 * the hit ratio cannot drift across iterations), or an empty database as published (the keyspace fills as it
 * runs; too slowly at 1M keys for a warm-up to reach steady state)</td></tr>
 * <tr><td>rate</td><td>0</td><td>offered load: 0 closed loop, requests/s, or {@code <f>x} of the closed-loop maximum</td></tr>
 * <tr><td>distribution</td><td>uniform (smoke, full: also zipf:0.99)</td><td>which keys requests draw: {@code uniform}
 * or {@code zipf:<s>}, s in (0, 5] ({@link KeyDistribution})</td></tr>
 * </table>
 *
 * <p>Also recorded ({@link Recorder}): {@code latency_p50|p99|p999|max} (µs, from the actual send) and
 * {@code latency_count}; open loop also {@code latency_intended_p50|p99|p999|max} (µs, from the due time),
 * {@code schedule_lag_p50|p99|max} (µs), {@code schedule_behind} (requests) and {@code schedule_behind_ratio},
 * {@code rate_offered} and, for {@code …x} rates, {@code rate_closed_loop_max} (requests/s);
 * {@code rate_achieved} (requests/s, mean of the iterations by the suite's clock); {@code get_hit_ratio};
 * {@code halves_drift} and {@code halves_drift_halfwidth} (closed loop: first vs second half of the measured rounds, see
 * {@link Halves}); {@code jedis_threads}; {@code cores_client} and {@code cores_server} (cores);
 * {@code server_io_threads} (as read back from the server); {@code jedis_virtual_threads}, {@code jedis_carriers},
 * {@code jvm_feature}; {@code hot_key_share} (the hottest key's exact share of
 * requests) and, for zipf, {@code hot_key_share_observed}. The redis-benchmark yardstick is its own
 * class, {@link RedisBenchmarkCalibration}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv} (add {@code -Dkensho.scale=smoke|seed},
 * {@code -Dkensho.args="-p clients=800 -p client=LETTUCE"}), or this class's {@code main} with JMH flags.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Fork(2)
@Threads(1)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 6, time = 4)
public class KeyValueThroughputBenchmark extends KvTrialState {

    /**
     * Requests per invocation: a multiple of 100 and 800 (50 per connection at 800), ~0.7-2 s at this
     * machine's 20-60k req/s. An iteration ends with its last invocation, so this is also how far a 4 s
     * iteration overshoots (half an invocation on average); 80,000 cost ~1 min per run.
     */
    public static final int REQUESTS = 40_000;

    public static final ParamRules RULES = ParamRules.of()
            .oneOf("client", LoadGenerator.Client.class)
            .intRange("clients", 1, 10_000)
            .intRange("ioThreads", 1, 128)
            .doubleRange("getRatio", 0.0, 1.0)
            .intRange("pipeline", 1, 10_000)
            .intRange("keyspace", 1, 1_000_000_000)
            .oneOf("start", Start.class)
            .rule("rate", OfferedRate::parse)
            .rule(KeyDistribution.PARAM, KeyDistribution::check)
            .preflight(RedisTargets::validate)
            .preflight(JedisLoad::validate)
            .preflight(KvCostTable::checkPrices);

    @Param
    public LoadGenerator.Client client;
    @Param({"100", "800"})
    public int clients;
    @Param({"1", "2", "4"})
    public int ioThreads;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1"})
    public int pipeline;
    @Param({"1000000"})
    public int keyspace;
    @Param
    public Start start;
    @Param({"0"})
    public String rate;
    @Param({KeyDistribution.UNIFORM})
    public String distribution;

    @Override
    protected void open(Case c) {
        trial = KvTrial.server(client, clients, ioThreads, getRatio, pipeline, keyspace, start, distribution)
                .begin(c, rate, 0, REQUESTS);
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long getSetMix() {
        return trial.run(REQUESTS);
    }

    /** Checks the answers, records the trial's results, and closes it. */
    @Override
    void endTrial(KvTrial t) {
        try {
            t.endPoint();
        } finally {
            t.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(KeyValueThroughputBenchmark.class, args);
    }
}
