package dev.kensho.redis.kv.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.redis.kv.MemtierCalibration;
import dev.kensho.report.RunData;
import dev.kensho.report.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The calibration's report rows: kensho ÷ memtier with intervals, "not measured" with its reason, Jedis's threads. */
class MemtierRowsTest {

    private static final String C = "dev.kensho.redis.kv.MemtierCalibration.";
    private static final Map<String, String> P = Map.of("client", "JEDIS", "clients", "100", "memtierThreads", "1",
            "ioThreads", "1", "getRatio", "0.8", "keyspace", "1000000", "requests", "200000");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSuiteOverMemtierInRateAndCpuPerRequestPairedByRound(@TempDir Path tmp) {
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        // five rounds: memtier means 51,000 req/s and 15 µs per request, kensho 45,900 and 16.5; the rounds' own ratios
        // average 0.9 and 1.1 (a round's ratio is recorded as measured, not recomputed from the means)
        double[][] sides = {{50_000, 52_000, 51_000, 50_500, 51_500}, {14, 16, 15, 14.5, 15.5},
                {45_500, 46_300, 45_900, 45_700, 46_100}, {16, 17, 16.5, 16.25, 16.75}};
        double[] rate = {0.88, 0.92, 0.90, 0.89, 0.91};
        double[] cpu = {1.05, 1.15, 1.10, 1.08, 1.12};
        for (int i = 0; i < 5; i++) {
            f.measurement(C + "memtier", P, "requests/s", sides[0][i], "requests/s").measurement(C + "memtier", P, "cpu_per_request", sides[1][i], "us")
                    .measurement(C + "kensho", P, "requests/s", sides[2][i], "requests/s").measurement(C + "kensho", P, "cpu_per_request", sides[3][i], "us")
                    .measurement(C + "kensho", P, "kensho_over_memtier", rate[i], "x")
                    .measurement(C + "kensho", P, "kensho_over_memtier_cpu", cpu[i], "x");
        }
        List<Table> tables = MemtierRows.tables(new RunData(f.rows(), List.of(), JSON.createObjectNode()));
        assertEquals(1, tables.size());
        assertEquals(1, tables.get(0).rows().size(), "one row per case: " + tables.get(0).rows());
        List<String> row = tables.get(0).rows().get(0);
        assertEquals("JEDIS", row.get(0));
        assertEquals("clients=100 getRatio=0.8 ioThreads=1 keyspace=1000000 memtierThreads=1 requests=200000", row.get(1));
        assertEquals(List.of("51,000", "45,900"), row.subList(2, 4));
        // sd of the rate ratios 0.0158, t(4) at 99.9% 8.61: 0.900 ± 0.0609
        assertEquals("0.900 [0.839, 0.961] paired rounds (5), Student t", row.get(4));
        assertEquals(List.of("15.00", "16.50"), row.subList(5, 7));
        assertTrue(row.get(7).startsWith("1.10 ["), row.get(7));
        assertEquals("5", row.get(8));
    }

    @Test
    void aTrialThatDidNotMeasureMemtierReadsNotMeasuredWithItsReason() {
        var series = JSON.createObjectNode();
        series.put("kind", MemtierRows.NOT_MEASURED);
        series.put("reason", "memtier_benchmark exited with status 3 (boom)");
        P.forEach(series.putObject("params")::put);
        List<Table> tables = MemtierRows.tables(new RunData(List.of(), List.of(series), JSON.createObjectNode()));
        assertEquals(List.of("JEDIS", "clients=100 getRatio=0.8 ioThreads=1 keyspace=1000000 memtierThreads=1 requests=200000"
                + " — not measured: memtier_benchmark exited with status 3 (boom)", "–", "", "", "", "", "", ""),
                tables.get(0).rows().get(0), "the reason in the text column: a number column never wraps");
        assertEquals(List.of(), dev.kensho.report.HtmlLayout.problems(tables.get(0).html()));
        assertTrue(MemtierRows.tables(new RunData(List.of(), List.of(), JSON.createObjectNode())).isEmpty(),
                "no calibration in the run, no table");
    }

    @Test
    void aJedisCasesBottleneckLineSaysWhichThreadsDroveIt(@TempDir Path tmp) {
        String b = "dev.kensho.redis.kv.KeyValueThroughputBenchmark.getSetMix";
        Map<String, String> jedis = Map.of("client", "JEDIS", "clients", "100");
        Map<String, String> platform = Map.of("client", "JEDIS_PLATFORM", "clients", "100");
        Map<String, String> lettuce = Map.of("client", "LETTUCE", "clients", "100");
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        f.jmh(b, jedis, "thrpt", "ops/s", 50_000, 1_000).jmh(b, platform, "thrpt", "ops/s", 40_000, 1_000)
                .jmh(b, lettuce, "thrpt", "ops/s", 70_000, 1_000);
        for (Map<String, String> p : List.of(jedis, platform)) {
            f.measurement(b, p, "jedis_threads", 100, "threads").measurement(b, p, "jedis_virtual_threads", 0, "boolean")
                    .measurement(b, p, "jvm_feature", 17, "release");
        }
        List<Results.Row> rows = f.rows();
        KeyValueSection s = new KeyValueSection();
        assertEquals("JEDIS drove its connections with 100 platform threads because this JVM (Java 17) has no virtual"
                + " threads: every blocked read is a kernel thread switch on cores the server shares, so it spends more"
                + " client CPU per request than on Java 21+ (JMH -jvm <a Java 21+ java> runs the forks there)",
                s.bottleneckNote(primary(rows, "JEDIS"), rows));
        assertTrue(s.bottleneckNote(primary(rows, "JEDIS_PLATFORM"), rows).startsWith("JEDIS_PLATFORM drove its connections"
                + " with 100 platform threads, as asked"));
        assertNull(s.bottleneckNote(primary(rows, "LETTUCE"), rows));

        FixtureRun v = new FixtureRun(tmp.resolve("run25"));
        v.jmh(b, jedis, "thrpt", "ops/s", 50_000, 1_000).measurement(b, jedis, "jedis_threads", 100, "threads")
                .measurement(b, jedis, "jedis_virtual_threads", 1, "boolean").measurement(b, jedis, "jvm_feature", 25, "release")
                .measurement(b, jedis, "jedis_carriers", 1, "threads");
        List<Results.Row> rows25 = v.rows();
        assertEquals("JEDIS drove its connections with 100 virtual threads on 1 carrier thread (Java 25)", s.bottleneckNote(primary(rows25, "JEDIS"), rows25));
    }

    private static Results.Row primary(List<Results.Row> rows, String client) {
        return rows.stream().filter(r -> r.metric().equals("thrpt") && client.equals(r.param("client"))).findFirst().orElseThrow();
    }
}
