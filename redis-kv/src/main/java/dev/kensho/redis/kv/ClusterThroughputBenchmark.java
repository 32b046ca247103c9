package dev.kensho.redis.kv;

import dev.kensho.common.BadInput;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.kv.load.JedisClusterLoad;
import dev.kensho.redis.kv.load.JedisLoad;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LettuceClusterLoad;
import dev.kensho.redis.kv.load.LettuceLoad;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.load.Timings;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.ShardCounters;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisEndpoint;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import dev.kensho.targets.redis.servers.EmbeddedCluster;
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

import java.util.List;
import java.util.Map;

/**
 * How does the 80/20 GET/SET workload of {@link KeyValueThroughputBenchmark} scale across 1, 3, … shards
 * of a Redis Cluster? The same requests (random 16-byte keys, uniform or Zipf-skewed as {@code distribution}
 * says ({@link KeyDistribution}), 200-byte values, GET with probability {@code getRatio}), the same checked answers, driven through the cluster clients users run: Lettuce's
 * {@code RedisClusterClient} ({@link LettuceClusterLoad}) and Jedis's {@code JedisCluster}
 * ({@link JedisClusterLoad}), which route each key to the master of its slot. {@code shards=1} is the single
 * embedded server driven by the single-node generators ({@link LettuceLoad}, {@link JedisLoad}) — the
 * baseline a cluster is weighed against, so the ratio includes the cluster clients' own routing cost.
 *
 * <p>Each trial starts its own embedded cluster of {@code shards} masters ({@link EmbeddedCluster}: the
 * bundled redis-server, io-threads 1 on every node, no replicas), or measures the external target
 * ({@code kensho.redis.uri}) whose master count must equal {@code shards}; {@code kensho.redis.cluster} does
 * not size these trials, the param does. Recorded beside JMH's requests/s (all shards): per shard
 * {@code shard<i>_rps} (GET + SET calls from each node's {@code INFO commandstats}, deltas over the measurement
 * iterations) and {@code shard<i>_server_cpu} (cores, from {@code INFO cpu}), {@code shard_rps_min|max},
 * {@code server_requests_rps}, {@code server_cpu} ({@link ShardCounters}); {@code cores_available} and
 * the latency percentiles of {@link Timings}. The trial — target, keyspace, connections, timings, answer checks — is
 * a {@link KvTrial} this state holds, the engine of the single-server classes too; this class adds the target's
 * shards and their counters.
 *
 * <p><b>Cores.</b> A shard is one single-threaded redis-server: on a machine with more free cores than shards
 * a cluster multiplies what one server can do. Here every shard and the load generator share the cores the
 * JVM sees ({@code cores_available}, 2 on the machines this suite is built on): 3 shards on 2 cores share
 * cores with each other and with the client, so the total cannot grow with the shard count, and the result
 * says what a cluster costs on one small machine — not what it gains on many. No published figure exists
 * for clusters (the write-up of experiment 3 measured single nodes): these rows are context, never a verdict.
 *
 * <table>
 * <caption>Cases ({@code @Param}s; defaults per scale in {@code kensho-scale.properties})</caption>
 * <tr><th>param</th><th>values</th><th>meaning</th></tr>
 * <tr><td>client</td><td>LETTUCE, JEDIS</td><td>client library (cluster client for shards &gt; 1)</td></tr>
 * <tr><td>shards</td><td>1, 3 (seed: 1, 3, 6; smoke: 3)</td><td>masters: 1 = the single server, else 3 … 64</td></tr>
 * <tr><td>clients</td><td>100</td><td>closed loops, each with one request in flight</td></tr>
 * <tr><td>getRatio</td><td>0.8</td><td>share of GETs</td></tr>
 * <tr><td>keyspace</td><td>1,000,000</td><td>distinct keys</td></tr>
 * <tr><td>start</td><td>PRELOADED, EMPTY</td><td>every key SET before the trial, or an empty keyspace</td></tr>
 * <tr><td>distribution</td><td>uniform (smoke, full: also zipf:0.99)</td><td>which keys requests draw
 * ({@link KeyDistribution}); with zipf a cluster's hottest key loads one shard</td></tr>
 * </table>
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-kv -Dkensho.bench=ClusterThroughput} (add
 * {@code -Dkensho.scale=smoke|seed}, {@code -Dkensho.args="-p shards=1,3,6"}), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Fork(2)
@Threads(1)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 6, time = 4)
public class ClusterThroughputBenchmark extends KvTrialState {

    /** Requests per invocation, as {@link KeyValueThroughputBenchmark#REQUESTS}. */
    public static final int REQUESTS = KeyValueThroughputBenchmark.REQUESTS;

    public static final ParamRules RULES = ParamRules.of()
            .oneOf("client", LoadGenerator.Client.class)
            .rule("shards", ClusterThroughputBenchmark::checkShards)
            .unavailableWhen("shards", v -> "1".equals(v) ? null : RedisTargets.whyNoCluster())
            .intRange("clients", 1, 10_000)
            .doubleRange("getRatio", 0.0, 1.0)
            .intRange("keyspace", 1, 1_000_000_000)
            .oneOf("start", Start.class)
            .rule(KeyDistribution.PARAM, KeyDistribution::check)
            .preflight(RedisTargets::validate);

    @Param
    public LoadGenerator.Client client;
    @Param({"1", "3"})
    public int shards;
    @Param({"100"})
    public int clients;
    @Param({"0.8"})
    public double getRatio;
    @Param({"1000000"})
    public int keyspace;
    @Param
    public Start start;
    @Param({KeyDistribution.UNIFORM})
    public String distribution;

    ShardCounters shardCounters;
    private Case cse;

    static void checkShards(String v) {
        String allowed = "1 (the single server) or " + RedisSettings.MIN_MASTERS + " … " + RedisSettings.MAX_MASTERS
                + " (cluster masters)";
        int n;
        try {
            n = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of("shards", v, allowed);
        }
        if (n != 1 && (n < RedisSettings.MIN_MASTERS || n > RedisSettings.MAX_MASTERS)) {
            throw BadInput.of("shards", v, allowed);
        }
    }

    @Override
    protected void open(Case c) {
        cse = c;
        trial = KvTrial.cluster(client, clients, getRatio, keyspace, start, distribution).open(this::openTarget);
        try {
            trial.point(c, "0"); // closed loop: server_io_threads and cores recorded, timings and interval logs
            RedisTarget target = trial.target();
            int cores = Runtime.getRuntime().availableProcessors();
            Recorder.measurement(cse.benchmark(), cse.params(), "cores_available", cores, "cores");
            if (target.kind() == RedisTarget.Kind.EMBEDDED && shards > 1) {
                Recorder.note("redis-kv cluster", shards + " embedded shards and the load generator shared " + cores
                        + " cores: " + (shards >= cores ? "shards share cores with each other and with the client, so"
                        + " the total cannot grow with the shard count" : "the client takes cores the shards could use"));
            }
            shardCounters = new ShardCounters(target instanceof RedisCluster rc ? rc.servers() : List.of(target));
        } catch (RuntimeException e) {
            closeTrial();
            throw e;
        }
    }

    /** The single server for 1 shard, else a cluster of {@code shards} masters (external: it must have that many). */
    private RedisTarget openTarget() {
        Map<String, String> config = KvTrial.serverConfig(1);
        if (shards == 1) {
            return RedisTargets.openNode(config);
        }
        if (RedisEndpoint.current().external()) {
            RedisCluster c = RedisTargets.openCluster(config, 0);
            try {
                c.requireMasters("shards", shards);
                return c;
            } catch (RuntimeException e) {
                c.close();
                throw e;
            }
        }
        return RedisTargets.openCluster(config, shards);
    }

    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public long getSetMix() {
        return trial.run(REQUESTS);
    }

    @Override
    void beforeIteration() {
        shardCounters.start();
    }

    @Override
    void afterIteration(boolean measured) {
        shardCounters.stop(measured);
    }

    @Override
    void endTrial(KvTrial t) {
        try {
            if (t.load() != null) {
                t.endPoint();
                shardCounters.record(cse);
            }
        } finally {
            closeTrial();
        }
    }

    /** Closes the shard counters, then the trial: connections, the suite's keys (only on an external target), servers. */
    private void closeTrial() {
        if (shardCounters != null) {
            shardCounters.close();
            shardCounters = null;
        }
        if (trial != null) {
            trial.close();
            trial = null;
        }
    }

    public static void main(String[] args) {
        Kensho.main(ClusterThroughputBenchmark.class, args);
    }
}
