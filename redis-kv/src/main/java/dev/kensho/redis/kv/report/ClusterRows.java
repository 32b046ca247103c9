package dev.kensho.redis.kv.report;

import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.stats.Ratios;

import java.util.List;
import java.util.function.Predicate;

/**
 * The Redis Cluster block of redis-kv's report section ({@code ClusterThroughputBenchmark}): requests/s in
 * total by shard count, the least and most loaded shard (INFO commandstats), the CPU of all shards, and
 * {@code shards_gain} — each cluster case over the 1-shard case of the same client and load, with its interval
 * propagated ({@link Ratios}). No published figure exists for clusters: context only, no verdict. The shards
 * ran on the cores the rows' {@code cores_available} names (2 here): they share cores, so a gain above 1 is not
 * expected on this machine.
 */
final class ClusterRows {

    static final String BENCH = "ClusterThroughputBenchmark";

    private ClusterRows() {
    }

    static List<ChartSpec> charts() {
        return List.of(
                ChartSpec.bar("kv-cluster-rps", "Redis Cluster: requests/s of all shards (shards share this machine's cores)",
                        BENCH, "getSetMix", "thrpt", "shards", "requests/s", "client"),
                ChartSpec.bar("kv-cluster-shard-rps", "Redis Cluster: requests/s of the least and most loaded shard",
                        BENCH, "getSetMix", "shard_rps_(min|max)", "shards", "requests/s", "client", "metric"),
                ChartSpec.bar("kv-cluster-cpu", "Redis Cluster: server CPU of all shards", BENCH, "getSetMix",
                        "server_cpu", "shards", "cores", "client"));
    }

    /** {@code shards_gain}: requests/s of every cluster case ÷ the 1-shard case with the same other params. */
    static List<Results.Row> derived(List<Results.Row> rows) {
        Predicate<Results.Row> rps = Ratios.rows(BENCH, "getSetMix", "thrpt");
        Predicate<Results.Row> one = r -> "1".equals(r.param("shards"));
        return Ratios.against(rows, rps.and(one.negate()), rps.and(one), r -> Ratios.others(r, "shards"), "shards_gain");
    }
}
