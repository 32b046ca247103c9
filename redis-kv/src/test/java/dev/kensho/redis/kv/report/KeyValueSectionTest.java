package dev.kensho.redis.kv.report;

import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Ratios;
import dev.kensho.report.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The section's names exist in this module, and against a small run folder every chart and figure draws. */
class KeyValueSectionTest {

    private static final String B = "dev.kensho.redis.kv.KeyValueThroughputBenchmark.";

    @Test
    void namesExistAndEveryChartAndFigureDraws(@TempDir Path tmp) throws Exception {
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        for (String clients : new String[]{"100", "800"}) {
            for (String io : new String[]{"1", "2", "4"}) {
                // the shapes the benchmark and RedisBenchmarkCalibration record
                Map<String, String> p = new HashMap<>(Map.of("client", "JEDIS", "clients", clients, "ioThreads", io,
                        "start", "PRELOADED", "rate", "0", "getRatio", "0.8", "keyspace", "1000000", "pipeline", "1"));
                f.jmh(B + "getSetMix", p, "thrpt", "ops/s", io.equals("1") ? 150_000 : 100_000, 5_000)
                        .measurement(B + "getSetMix", p, "latency_p50", io.equals("1") ? 500 : 700, "us")
                        .measurement(B + "getSetMix", p, "latency_p50", io.equals("1") ? 510 : 710, "us")
                        .measurement(B + "getSetMix", p, "latency_p99", 2000, "us");
                Map<String, String> c = new HashMap<>(p);
                c.remove("client");
                c.remove("rate");
                f.measurement(B + "redisBenchmarkMix", c, "requests/s", 140_000, "requests/s")
                        .measurement(B + "redisBenchmarkMix", c, "requests/s", 142_000, "requests/s");
            }
        }
        String cb = "dev.kensho.redis.kv.ClusterThroughputBenchmark.getSetMix";
        for (String shards : new String[]{"1", "3"}) { // the Redis Cluster block
            Map<String, String> p = Map.of("client", "LETTUCE", "shards", shards, "clients", "100", "getRatio", "0.8",
                    "keyspace", "1000000", "start", "PRELOADED");
            f.jmh(cb, p, "thrpt", "ops/s", shards.equals("1") ? 150_000 : 120_000, 5_000)
                    .measurement(cb, p, "shard_rps_min", 40_000, "requests/s")
                    .measurement(cb, p, "shard_rps_max", 41_000, "requests/s")
                    .measurement(cb, p, "server_cpu", 1.1, "cores");
        }
        String mc = "dev.kensho.redis.kv.MemtierCalibration."; // the memtier calibration's shapes
        Map<String, String> mp = Map.of("client", "LETTUCE", "clients", "100", "memtierThreads", "1", "ioThreads", "1",
                "getRatio", "0.8", "keyspace", "1000000", "requests", "200000");
        for (String side : new String[]{"memtier", "kensho"}) {
            f.measurement(mc + side, mp, "requests/s", 70_000, "requests/s").measurement(mc + side, mp, "requests/s", 71_000, "requests/s")
                    .measurement(mc + side, mp, "cpu_per_request", 13, "us").measurement(mc + side, mp, "cpu_per_request", 14, "us");
        }
        f.measurement(mc + "kensho", mp, "kensho_over_memtier", 1.0, "x").measurement(mc + "kensho", mp, "kensho_over_memtier_cpu", 1.0, "x");
        List<Results.Row> rows = f.rows();
        assertEquals(1, new KeyValueSection().derived(rows).stream().filter(r -> r.metric().equals("shards_gain")).count());
        SectionCheck.check(new KeyValueSection(), "dev.kensho.redis.kv", rows);
        Results.Row gain = new KeyValueSection().derived(rows).stream()
                .filter(r -> r.metric().equals("io_threads_gain") && "2".equals(r.param("ioThreads")) && "100".equals(r.param("clients")))
                .findFirst().orElseThrow();
        assertEquals(100_000.0 / 150_000, gain.score(), 1e-12);
        assertEquals("lower", Ratios.reading(gain));
        assertEquals(6, new KeyValueSection().derived(rows).stream().filter(r -> r.metric().equals("suite_over_calibration")).count(),
                "every closed-loop case is matched with the calibration of its server config");

        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        for (var c : new KeyValueSection().charts()) {
            assertTrue(md.contains("(charts/" + c.id() + ".png)"), c.id());
        }
        assertTrue(md.contains("not reproducible here: needs ≥ 4 cores for the server alone (this machine has 2)"), md);
    }

    @Test
    void theCurveDrawsOneChartPerCaseAndItsKneeIsADerivedRowWithItsPointsInterval(@TempDir Path tmp) throws Exception {
        String c = "dev.kensho.redis.kv.KeyValueThroughputLatencyBenchmark.getSetMix";
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        String[] rates = {"0.25x", "0.5x", "0.75x", "0.9x", "1.0x"};
        double[] p99 = {200, 300, 1_500, 2_500, 40_000}; // bound 10 × 200: the knee is 0.75x
        for (String client : new String[]{"LETTUCE", "JEDIS"}) {
            for (int i = 0; i < rates.length; i++) {
                double fraction = Double.parseDouble(rates[i].replace("x", ""));
                Map<String, String> p = new HashMap<>(Map.of("client", client, "clients", "100", "ioThreads", "1",
                        "start", "PRELOADED", "rate", rates[i], "getRatio", "0.8", "keyspace", "1000000", "pipeline", "1"));
                double achieved = client.equals("JEDIS") && i == rates.length - 1 ? 0.8 * fraction * 100_000 : fraction * 100_000;
                f.jmh(c, p, "thrpt", "ops/s", achieved, 1_000 + i)
                        .measurement(c, p, "rate_offered", fraction * 100_000, "requests/s")
                        .measurement(c, p, "schedule_behind_ratio", i == rates.length - 1 ? 0.2 : 0, "ratio");
                for (String m : new String[]{"latency_intended_p50", "latency_intended_p99", "latency_intended_p999",
                        "latency_p50", "latency_p99", "latency_p999"}) {
                    f.measurement(c, p, m, m.endsWith("p99") && m.contains("intended") ? p99[i] : 100, "us");
                }
            }
        }
        List<Results.Row> rows = f.rows();
        List<Results.Row> knees = new KeyValueSection().derived(rows).stream().filter(r -> r.metric().equals("knee_rate")).toList();
        assertEquals(2, knees.size(), knees.toString());
        for (Results.Row k : knees) {
            assertEquals("0.75x", k.param("rate"));
            assertEquals(75_000, k.score(), 1e-9, "the knee is the point's achieved rate");
            Results.Row point = rows.stream().filter(r -> r.metric().equals("thrpt") && r.cls().equals(k.cls())
                    && r.param("client").equals(k.param("client")) && "0.75x".equals(r.param("rate"))).findFirst().orElseThrow();
            assertTrue(point.halfWidth() > 0);
            assertEquals(point.halfWidth(), k.halfWidth(), 1e-9, "with that point's achieved-rate interval");
        }
        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        assertTrue(md.contains("(charts/kv-curve-jedis.png)") && md.contains("(charts/kv-curve-lettuce.png)"), md);
        assertTrue(md.contains("knee_rate"), md);
        assertTrue(md.contains("Throughput–latency curve, every point"), md);
        assertTrue(md.contains("NO: achieved 80% ± 1% of the closed-loop maximum"), "the section says when the generator fell short");
    }

    @Test
    void whetherTheGeneratorReachedTheMaximumIsChosenByTheInterval() {
        assertTrue(CurveReport.keptUp(0.99, 0.03, 0).startsWith("yes"), "all of [0.96, 1.02] at or above 95%");
        assertTrue(CurveReport.keptUp(0.80, 0.10, 0).startsWith("NO"), "all of [0.70, 0.90] below");
        assertTrue(CurveReport.keptUp(0.84, 0.19, 0).startsWith("not resolved at this noise"),
                "[0.65, 1.03] holds 95%: a mean of 84% alone is no verdict (run 20261124-184226, Jedis 100 io-threads 1)");
        assertTrue(CurveReport.keptUp(0.99, 0.03, 0.3).startsWith("rate reached, but 30% of requests left > 1 ms late"));
        assertTrue(CurveReport.keptUp(0.90, Double.NaN, 0).contains("one sample, no interval"));
    }

    @Test
    void skewedCasesShowTheHottestKeysShareInOneTable(@TempDir Path tmp) throws Exception {
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        for (String d : new String[]{"uniform", "zipf:0.99"}) {
            Map<String, String> p = Map.of("client", "LETTUCE", "clients", "100", "ioThreads", "1", "start", "PRELOADED",
                    "rate", "0", "getRatio", "0.8", "keyspace", "1000000", "pipeline", "1", "distribution", d);
            f.jmh(B + "getSetMix", p, "thrpt", "ops/s", 150_000, 5_000)
                    .measurement(B + "getSetMix", p, "hot_key_share", KeyDistribution.of(d, 1_000_000).hottestShare(), "ratio");
            if (!d.equals("uniform")) {
                f.measurement(B + "getSetMix", p, "hot_key_share_observed", 0.0651, "ratio");
            }
        }
        List<Table> tables = HotKeys.tables(f.rows());
        assertEquals(1, tables.size());
        assertEquals(1, tables.get(0).rows().size(), "uniform cases are left out");
        assertEquals(List.of("KeyValueThroughputBenchmark", "client=LETTUCE clients=100 getRatio=0.8 ioThreads=1 pipeline=1"
                + " rate=0 start=PRELOADED", "zipf:0.99", "1000000", "6.50%", "6.51%"), tables.get(0).rows().get(0));
        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        assertTrue(md.contains("| zipf:0.99 | 1000000 | 6.50% | 6.51% |"), md);
        assertTrue(HotKeys.tables(List.of()).get(0).isEmpty(), "no skewed case, no table");
    }
}
