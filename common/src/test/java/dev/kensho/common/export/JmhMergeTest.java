package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two one-fork JMH results of a case (two rounds) become one result of two forks, recomputed as JMH would. */
class JmhMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BENCH = "dev.kensho.redis.kv.KeyValueThroughputBenchmark.set";

    /** A one-fork entry as JMH writes it: a throughput primary, an averaged cpu.client and a summed ·gc.count. */
    static JsonNode oneFork(String ioThreads, double[] ops, double[] cpu, double[] gc) throws Exception {
        String json = """
                {"benchmark":"%s","mode":"thrpt","threads":1,"forks":1,"params":{"ioThreads":"%s"},
                 "primaryMetric":{"score":%s,"scoreError":"NaN","scoreConfidence":[0,0],
                   "scorePercentiles":{"0.0":0,"50.0":0,"100.0":0},"scoreUnit":"ops/s","rawData":[%s]},
                 "secondaryMetrics":{
                   "cpu.client":{"score":%s,"scoreError":"NaN","scoreConfidence":[0,0],"scorePercentiles":{"50.0":0},
                     "scoreUnit":"cores","rawData":[%s]},
                   "·gc.count":{"score":%s,"scoreError":"NaN","scoreConfidence":[0,0],"scorePercentiles":{"50.0":0},
                     "scoreUnit":"counts","rawData":[%s]}}}
                """.formatted(BENCH, ioThreads, mean(ops), arr(ops), mean(cpu), arr(cpu), sum(gc), arr(gc));
        return JSON.readTree(json);
    }

    private static String arr(double[] v) {
        return JSON.valueToTree(v).toString();
    }

    private static double mean(double[] v) {
        return sum(v) / v.length;
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    @Test
    void twoRoundsBecomeTwoForksInRoundOrderWithJmhsScoreAndError() throws Exception {
        List<JsonNode> rounds = List.of(
                oneFork("1", new double[]{1, 2, 3}, new double[]{0.5, 0.5, 0.5}, new double[]{1, 0, 1}),
                oneFork("2", new double[]{10, 10, 10}, new double[]{1, 1, 1}, new double[]{0, 0, 0}),
                oneFork("1", new double[]{4, 5, 6}, new double[]{1.5, 1.5, 1.5}, new double[]{2, 0, 0}),
                oneFork("2", new double[]{20, 20, 20}, new double[]{1, 1, 1}, new double[]{0, 0, 0}));
        JsonNode merged = JmhMerge.merge(rounds, 2);
        assertEquals(2, merged.size());
        JsonNode one = merged.get(0);
        assertEquals("1", one.path("params").path("ioThreads").asText());
        assertEquals(2, one.path("forks").asInt());
        assertEquals(2, one.path(JmhMerge.ROUNDS_FIELD).asInt());
        JsonNode pm = one.path("primaryMetric");
        assertEquals("[[1.0,2.0,3.0],[4.0,5.0,6.0]]", pm.path("rawData").toString(), "round 1's fork first");
        // mean 3.5; sd = sqrt(17.5 / 5) = 1.870829; t(5 df, 0.9995) = 6.868827; 6.868827 · 1.870829 / sqrt(6) = 5.246153
        assertEquals(3.5, pm.path("score").asDouble(), 1e-12);
        assertEquals(5.246153, pm.path("scoreError").asDouble(), 1e-5);
        assertEquals(3.5 - 5.246153, pm.path("scoreConfidence").get(0).asDouble(), 1e-5);
        assertEquals(1.0, pm.path("scorePercentiles").path("0.0").asDouble(), 0, "JMH's 0th percentile is the minimum");
        assertEquals(3.5, pm.path("scorePercentiles").path("50.0").asDouble(), 1e-12);
        assertEquals(6.0, pm.path("scorePercentiles").path("100.0").asDouble(), 0);
        JsonNode cpu = one.path("secondaryMetrics").path("cpu.client");
        assertEquals(1.0, cpu.path("score").asDouble(), 1e-12, "cpu.* is averaged like the primary");
        assertEquals(2, cpu.path("rawData").size());
        assertEquals(4.0, one.path("secondaryMetrics").path("·gc.count").path("score").asDouble(), 0, "a summed metric stays a sum");
        assertTrue(Double.isNaN(one.path("secondaryMetrics").path("·gc.count").path("scoreError").asDouble(Double.NaN)));
    }

    @Test
    void aCaseMissingFromARoundIsNotMarkedAsRounds() throws Exception {
        JsonNode merged = JmhMerge.merge(List.of(
                oneFork("1", new double[]{1, 2, 3}, new double[]{1, 1, 1}, new double[]{0, 0, 0})), 2);
        assertEquals(0, merged.get(0).path(JmhMerge.ROUNDS_FIELD).asInt());
    }

    /** Looked-at rounds: each case keeps the rounds it ran (its first k), every case marked; rows carry the mark. */
    @Test
    void lookedRoundsGiveEachCaseItsOwnRoundsAndTheMark(@TempDir Path run) throws Exception {
        Path dir = Files.createDirectories(run.resolve("jmh").resolve("rounds"));
        List<Path> files = List.of(dir.resolve("C.r1.1.json"), dir.resolve("C.r1.2.json"), dir.resolve("C.r2.1.json"),
                dir.resolve("C.r3.1.json"));
        JSON.writeValue(files.get(0).toFile(), List.of(oneFork("1", new double[]{1, 2, 3}, new double[]{1, 1, 1}, new double[]{0, 0, 0})));
        JSON.writeValue(files.get(1).toFile(), List.of(oneFork("2", new double[]{9, 9, 9}, new double[]{1, 1, 1}, new double[]{0, 0, 0})));
        JSON.writeValue(files.get(2).toFile(), List.of(oneFork("1", new double[]{2, 2, 2}, new double[]{1, 1, 1}, new double[]{0, 0, 0})));
        JSON.writeValue(files.get(3).toFile(), List.of(oneFork("1", new double[]{3, 3, 3}, new double[]{1, 1, 1}, new double[]{0, 0, 0})));
        Path merged = run.resolve("jmh").resolve("C.json");
        JmhMerge.mergeLooked(files, merged);
        JsonNode m = JSON.readTree(merged.toFile());
        assertEquals(3, m.get(0).path(JmhMerge.ROUNDS_FIELD).asInt(), "ioThreads=1 ran three rounds");
        assertEquals(1, m.get(1).path(JmhMerge.ROUNDS_FIELD).asInt(), "ioThreads=2 stopped after one");
        assertTrue(m.get(0).path(JmhMerge.LOOKED_FIELD).asBoolean());
        List<Results.Row> rows = Results.load(run).stream().filter(r -> r.metric().equals("thrpt")).toList();
        assertTrue(rows.stream().allMatch(r -> r.forks().looked()));
        assertEquals(3, rows.get(0).forks().rounds());
        // merged again without looks (pooling runs): the mark goes, a fork is no longer one round
        assertTrue(!JmhMerge.merge(List.of(m.get(0), m.get(0)), 2).get(0).has(JmhMerge.LOOKED_FIELD));
    }

    @Test
    void theMergedFileLoadsAsRowsCarryingTheirForksAndRounds(@TempDir Path run) throws Exception {
        Path dir = Files.createDirectories(run.resolve("jmh").resolve("rounds"));
        Path r1 = dir.resolve("C.r1.1.json");
        Path r2 = dir.resolve("C.r2.1.json");
        JSON.writeValue(r1.toFile(), List.of(oneFork("1", new double[]{1, 2, 3}, new double[]{1, 1, 1}, new double[]{1, 1, 1})));
        JSON.writeValue(r2.toFile(), List.of(oneFork("1", new double[]{4, 5, 6}, new double[]{1, 1, 1}, new double[]{1, 1, 1})));
        JmhMerge.mergeFiles(List.of(r1, r2), 2, run.resolve("jmh").resolve("KeyValueThroughputBenchmark.json"));
        List<Results.Row> rows = Results.load(run);
        Results.Row thrpt = rows.stream().filter(r -> r.metric().equals("thrpt")).findFirst().orElseThrow();
        assertEquals(1, rows.stream().filter(r -> r.metric().equals("thrpt")).count(), "the round files are not read again");
        assertEquals(6, thrpt.samples());
        assertEquals(2, thrpt.forks().rounds());
        assertArrayEquals(new double[]{4, 5, 6}, thrpt.forks().iterations().get(1));
        Results.Row gc = rows.stream().filter(r -> r.metric().equals("·gc.count")).findFirst().orElseThrow();
        assertNull(gc.forks(), "a summed metric's iterations do not give its ratio");
    }
}
