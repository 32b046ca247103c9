package dev.kensho.redis.kv.report;

import com.google.auto.service.AutoService;
import dev.kensho.common.export.Results;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.trial.TrialRecords;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Plot;
import dev.kensho.report.Published;
import dev.kensho.report.RunData;
import dev.kensho.report.Section;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Experiment 3's report section: requests/s and latency with and without io-threads. Derived at report
 * time, each case over its counterpart with {@code ioThreads=1} and the same other params:
 * {@code io_threads_gain} (requests/s) and {@code io_threads_p50_ratio} (p50 latency), and the gain at 800 clients
 * over the gain at 100 ({@code io_gain_800_over_100}); and the suite
 * over {@code redis-benchmark} on the same server ({@code suite_over_calibration}, requests/s of the
 * same client count); and per case of the throughput–latency curve its knee ({@code knee_rate}, or
 * {@code knee_rate_at_least|at_most} when the sweep does not bracket it, see {@link Knee}), with one chart
 * per case and a table of every point ({@link CurveReport}); the suite's clients against memtier_benchmark on one
 * server ({@link MemtierRows}); the cost tables ({@link KvCostTable}); and on a Jedis case's bottleneck line, which
 * threads drove its connections ({@link #bottleneckNote}).
 */
@AutoService(Section.class)
public final class KeyValueSection implements Section {

    private static final String BENCH = "KeyValueThroughputBenchmark";

    @Override
    public String id() {
        return "redis-kv";
    }

    @Override
    public int order() {
        return 3;
    }

    @Override
    public String title() {
        return "3. Redis GET/SET 80/20 with and without io-threads";
    }

    @Override
    public String seed() {
        return "write-up 3 (AWS blog; 2019)";
    }

    @Override
    public String question() {
        return "What do multithreaded I/O and client count do to requests/s and latency?";
    }

    @Override
    public List<ChartSpec> charts() {
        List<ChartSpec> charts = new ArrayList<>(List.of(
                ChartSpec.bar("kv-rps", "Requests/s, 80% GET / 20% SET", BENCH, "getSetMix", "thrpt", "ioThreads",
                        "requests/s", "client", "clients"),
                ChartSpec.bar("kv-io-gain", "io-threads gain: requests/s ÷ the same case with io-threads 1", BENCH,
                        "getSetMix", "io_threads_gain", "ioThreads", "ratio", "client", "clients"),
                ChartSpec.bar("kv-p50", "Latency p50", BENCH, "getSetMix", "latency_p50", "ioThreads", "µs", "client",
                        "clients"),
                ChartSpec.bar("kv-p99", "Latency p99", BENCH, "getSetMix", "latency_p99", "ioThreads", "µs", "client",
                        "clients")));
        charts.addAll(ClusterRows.charts()); // Redis Cluster: shards 1, 3, … (ClusterThroughputBenchmark)
        return charts;
    }

    @Override
    public List<Published> published() {
        return Published.load(KeyValueSection.class);
    }

    @Override
    public List<Results.Row> derived(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        Predicate<Results.Row> rps = Ratios.rows(BENCH, "getSetMix", "thrpt");
        Predicate<Results.Row> p50 = Ratios.rows(BENCH, "getSetMix", "latency_p50");
        Predicate<Results.Row> one = r -> "1".equals(r.param("ioThreads"));
        out.addAll(Ratios.against(rows, rps.and(one.negate()), rps.and(one), r -> Ratios.others(r, "ioThreads"),
                "io_threads_gain"));
        out.addAll(Ratios.against(rows, p50.and(one.negate()), p50.and(one), r -> Ratios.others(r, "ioThreads"),
                "io_threads_p50_ratio"));
        // the write-up's "a larger gain at 800 clients": one gain over the other, the same client and io-threads
        List<Results.Row> gains = out.stream().filter(r -> r.metric().equals("io_threads_gain")).toList();
        out.addAll(Ratios.pairs(gains, r -> true, "clients", "800", "100", "io_gain_800_over_100"));
        // redis-benchmark (RedisBenchmarkCalibration) records one rate per server config; it is matched with
        // both clients' closed-loop rows of the same config (the params both sides have)
        Predicate<Results.Row> closed = r -> r.param("rate") == null || "0".equals(r.param("rate"));
        out.addAll(Ratios.against(rows, rps.and(closed), Ratios.rows(BENCH, "redisBenchmarkMix", "requests/s"),
                KeyValueSection::serverConfig, "suite_over_calibration"));
        out.addAll(ClusterRows.derived(rows));
        out.addAll(CurveReport.knees(rows));
        return out;
    }

    /** The throughput–latency curve: one chart per case ({@link CurveReport}). */
    @Override
    public List<Plot> plots(RunData run) {
        return CurveReport.plots(run.rows());
    }

    /**
     * The curve's points, and whether the generator offered each case's closed-loop maximum; the hottest key's share
     * per skewed case ({@link HotKeys}); then the cost of the server-bound points on ElastiCache and the sizing for
     * {@code kensho.target.rps} ({@link KvCostTable}).
     */
    @Override
    public List<Table> tables(RunData run) {
        List<Table> out = new ArrayList<>(CurveReport.tables(run.rows()));
        out.addAll(HotKeys.tables(run.rows()));
        out.addAll(MemtierRows.tables(run));
        out.addAll(KvCostTable.tables(run.rows(), run.env().path("host").path("cores").asInt(0)));
        return out;
    }

    /**
     * A Jedis case's threads: on virtual threads, or on platform threads and why ({@code jedis_virtual_threads},
     * {@code jedis_threads}, {@code jvm_feature}, recorded by {@link TrialRecords#clientThreads}); null for other cases.
     */
    @Override
    public String bottleneckNote(Results.Row result, List<Results.Row> rows) {
        Map<String, Double> rec = new TreeMap<>();
        for (Results.Row r : rows) {
            if (r.cls().equals(result.cls()) && r.method().equals(result.method()) && r.params().equals(result.params())
                    && (r.metric().equals("jedis_virtual_threads") || r.metric().equals("jedis_threads") || r.metric().equals("jvm_feature")
                    || r.metric().equals("jedis_carriers"))) {
                rec.put(r.metric(), r.score());
            }
        }
        if (!rec.containsKey("jedis_virtual_threads") || !rec.containsKey("jedis_threads") || !rec.containsKey("jvm_feature")) {
            return null;
        }
        long threads = Math.round(rec.get("jedis_threads"));
        long jvm = Math.round(rec.get("jvm_feature"));
        if (rec.get("jedis_virtual_threads") >= 0.5) {
            Double carriers = rec.get("jedis_carriers");
            return result.param("client") + " drove its connections with " + threads + " virtual threads"
                    + (carriers == null ? "" : " on " + Math.round(carriers) + " carrier thread" + (Math.round(carriers) == 1 ? "" : "s"))
                    + " (Java " + jvm + ")";
        }
        if (LoadGenerator.Client.JEDIS_PLATFORM.name().equals(result.param("client"))) {
            return "JEDIS_PLATFORM drove its connections with " + threads + " platform threads, as asked (the Jedis client"
                    + " of earlier versions: a kernel thread switch per blocked read; JEDIS uses virtual threads on Java 21+)";
        }
        return TrialRecords.platformThreadsWhy(threads, jvm);
    }

    /** The params a suite row and a calibration row share: the server, keyspace and load shape. */
    static String serverConfig(Results.Row r) {
        Map<String, String> p = new TreeMap<>();
        for (String k : new String[]{"clients", "getRatio", "ioThreads", "keyspace", "pipeline", "start"}) {
            String v = r.param(k);
            p.put(k, v == null && k.equals("pipeline") ? "1" : v);
        }
        return p.toString();
    }
}
