package dev.kensho.common.export;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.testing.FixtureRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bmf.json} and {@code gab-*.json} against the formats' documented shapes (Bencher's BMF JSON schema:
 * an object of benchmarks, each an object of measures, each with a numeric {@code value} and optional numeric
 * {@code lower_value}/{@code upper_value}; github-action-benchmark's custom tools: an array of
 * {@code name}/{@code unit}/{@code value} with optional string {@code range} and {@code extra}), on the
 * checked-in JMH JSON (src/test/resources/report-fixture) and on a fixture with intervals and CPU.
 */
class CiFormatsTest {

    /** Duplicate keys fail the read: a name given twice would be one metric lost. */
    private static final ObjectMapper STRICT = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final String CLS = "dev.kensho.redis.kv.KvBenchmark";

    private static Path checkedIn(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        for (String f : new String[]{"jmh/SetImportBenchmark.json", "jmh/UserIdGeneratorBenchmark.json", "measurements.jsonl",
                "status.json"}) {
            try (InputStream in = CiFormatsTest.class.getResourceAsStream("/report-fixture/" + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    /** A thrpt case in ops/ms with CPU and recorded percentiles, and an avgt case in us/op on 2 threads. */
    private static Path withIntervals(Path dir) throws IOException {
        Map<String, String> p = FixtureRun.params("clients", "8", "client", "JEDIS");
        new FixtureRun(dir)
                .jmh(CLS + ".get", p, "thrpt", "ops/ms", 150, 15)
                .secondary("cpu.client", "cores", 0.9, 0.09)
                .secondary("cpu.client.limit", "cores", 2, Double.NaN)
                .measurement(CLS + ".get", p, "latency_p99", 250, "us")
                .measurement(CLS + ".get", p, "latency_p99", 350, "us")
                .jmh(CLS + ".set", p, "avgt", "us/op", 20, 2)
                .secondary("cpu.server", "cores", 0.5, 0.05);
        // two JMH threads: CPU per operation is cores × time per op ÷ threads
        Path f = dir.resolve("jmh/KvBenchmark.json");
        Files.writeString(f, Files.readString(f).replaceFirst("(?s)(\"benchmark\" : \"" + CLS + "\\.set\".*?\"threads\" : )1", "$12"));
        return dir;
    }

    @Test
    void checkedInJmhJsonGivesBenchersShapeWithHonestUnits(@TempDir Path tmp) throws IOException {
        Path run = checkedIn(tmp.resolve("run"));
        JsonNode bmf = checkBmf(BencherFormat.of(run, Results.load(run)).toString());
        assertEquals(16333195.910244264, bmf.at("/UserIdGeneratorBenchmark.generateIds?memberBytes=64/throughput/value").asDouble(), 1e-6);
        JsonNode jedis = bmf.get("SetImportBenchmark.importSets?attributes=2&batch=1000&client=JEDIS&connections=1&memberBytes=64&users=2000");
        assertEquals(45_490_849, jedis.at("/latency/value").asDouble(), 1e-3, "0.045490849 s/op in ns");
        assertFalse(jedis.get("latency").has("lower_value"), "one iteration: JMH gives no interval, neither do we");
        assertTrue(jedis.has("records-per-s") && jedis.has("mib-per-s"), jedis.toString());
        assertEquals(4, bmf.size());
    }

    @Test
    void intervalsConvertedUnitsAndCpuPerOperation(@TempDir Path tmp) throws IOException {
        Path run = withIntervals(tmp.resolve("run"));
        JsonNode bmf = checkBmf(BencherFormat.of(run, Results.load(run)).toString());
        JsonNode get = bmf.get("KvBenchmark.get?client=JEDIS&clients=8");
        assertEquals(150_000, get.at("/throughput/value").asDouble(), 1e-6);
        assertEquals(135_000, get.at("/throughput/lower_value").asDouble(), 1e-6);
        assertEquals(165_000, get.at("/throughput/upper_value").asDouble(), 1e-6);
        // 0.9 cores ÷ 150,000 ops/s = 6 µs of CPU per operation; relative half-widths 10% and 10%
        assertEquals(6000, get.at("/cpu-client/value").asDouble(), 1e-6);
        assertEquals(848.528137, get.at("/cpu-client/upper_value").asDouble() - 6000, 1e-6, "by hand: 6000 × √(0.1² + 0.1²)");
        assertFalse(get.has("cpu-client-limit"), "limits are not costs");
        assertEquals(300_000, get.at("/latency-p99/value").asDouble(), 1e-6, "mean of 250 and 350 µs, in ns");
        JsonNode set = bmf.get("KvBenchmark.set?client=JEDIS&clients=8");
        assertEquals(20_000, set.at("/latency/value").asDouble(), 1e-6);
        assertEquals(5_000, set.at("/cpu-server/value").asDouble(), 1e-6, "0.5 cores × 20 µs ÷ 2 threads");

        JsonNode bigger = checkGab(GithubBenchmarkFormat.of(run, Results.load(run), true).toString());
        JsonNode smaller = checkGab(GithubBenchmarkFormat.of(run, Results.load(run), false).toString());
        assertEquals(1, bigger.size(), bigger.toString());
        assertEquals("KvBenchmark.get?client=JEDIS&clients=8 [throughput]", bigger.get(0).get("name").asText());
        assertEquals("ops/s", bigger.get(0).get("unit").asText());
        assertEquals("± 15000.0", bigger.get(0).get("range").asText());
        assertEquals(Set.of("cpu-client", "latency-p99", "latency", "cpu-server"), measures(smaller));
    }

    @Test
    void everyExportWritesTheFilesEvenAfterAFailedClass(@TempDir Path tmp) throws IOException {
        Path run = withIntervals(tmp.resolve("run"));
        Files.writeString(run.resolve("status.json"), "{\"state\":\"failed\",\"classes\":{\"KvBenchmark\":\"done\","
                + "\"SetImportBenchmark\":\"failed: connection refused\"}}");
        Files.writeString(run.resolve("jmh/SetImportBenchmark.json"), "[ { \"benchmark\" : "); // cut off by the failure
        RunFolder.at(run).export();
        assertEquals(2, checkBmf(Files.readString(run.resolve(BencherFormat.FILE))).size());
        assertEquals(1, checkGab(Files.readString(run.resolve(GithubBenchmarkFormat.BIGGER_FILE))).size());
        assertEquals(4, checkGab(Files.readString(run.resolve(GithubBenchmarkFormat.SMALLER_FILE))).size());

        Path empty = tmp.resolve("empty");
        Files.createDirectories(empty.resolve("jmh"));
        Files.writeString(empty.resolve("status.json"), "{\"state\":\"failed\",\"classes\":{\"launcher\":\"failed: x\"}}");
        RunFolder.at(empty).export();
        assertEquals(0, checkBmf(Files.readString(empty.resolve(BencherFormat.FILE))).size());
        assertEquals(0, checkGab(Files.readString(empty.resolve(GithubBenchmarkFormat.SMALLER_FILE))).size());
    }

    @Test
    void jmhsGcProfilerFiguresGoWithTheirUnits(@TempDir Path tmp) throws IOException {
        Map<String, String> p = FixtureRun.params("clients", "8", "client", "JEDIS");
        new FixtureRun(tmp.resolve("run"))
                .jmh(CLS + ".get", p, "thrpt", "ops/ms", 150, 15)
                .secondary("gc.alloc.rate", "MB/sec", 300, 30)
                .secondary("gc.alloc.rate.norm", "B/op", 2048, 4)
                .secondary("gc.count", "counts", 12, Double.NaN)
                .secondary("gc.time", "ms", 40, Double.NaN);
        Path run = tmp.resolve("run");
        JsonNode get = checkBmf(BencherFormat.of(run, Results.load(run)).toString()).get("KvBenchmark.get?client=JEDIS&clients=8");
        assertEquals(2048, get.at("/gc-alloc-bytes-per-op/value").asDouble(), 1e-9, get.toString());
        assertEquals(2044, get.at("/gc-alloc-bytes-per-op/lower_value").asDouble(), 1e-9);
        assertEquals(300, get.at("/gc-alloc-rate-mb-per-s/value").asDouble(), 1e-9);
        assertEquals(12, get.at("/gc-count/value").asDouble(), 1e-9);
        assertEquals(40, get.at("/gc-time-ms/value").asDouble(), 1e-9);
        JsonNode smaller = checkGab(GithubBenchmarkFormat.of(run, Results.load(run), false).toString());
        Map<String, String> units = new java.util.HashMap<>();
        smaller.forEach(e -> units.put(e.get("name").asText().replaceAll(".*\\[(.*)]$", "$1"), e.get("unit").asText()));
        assertEquals("B/op", units.get("gc-alloc-bytes-per-op"), units.toString());
        assertEquals("MB/sec", units.get("gc-alloc-rate-mb-per-s"));
        assertEquals("counts", units.get("gc-count"));
        assertEquals("ms", units.get("gc-time-ms"));
    }

    /** BMF JSON schema, plus lower ≤ value ≤ upper and Bencher's name lengths. */
    private static JsonNode checkBmf(String text) throws IOException {
        JsonNode doc = STRICT.readTree(text);
        assertTrue(doc.isObject(), text);
        for (Iterator<Map.Entry<String, JsonNode>> b = doc.fields(); b.hasNext(); ) {
            Map.Entry<String, JsonNode> bench = b.next();
            assertTrue(!bench.getKey().isEmpty() && bench.getKey().length() <= 1024, bench.getKey());
            assertTrue(bench.getValue().isObject() && bench.getValue().size() > 0, bench.getKey());
            for (Iterator<Map.Entry<String, JsonNode>> m = bench.getValue().fields(); m.hasNext(); ) {
                Map.Entry<String, JsonNode> measure = m.next();
                JsonNode v = measure.getValue();
                String where = bench.getKey() + " " + measure.getKey() + " " + v;
                assertTrue(!measure.getKey().isEmpty() && measure.getKey().length() <= 64, where);
                assertTrue(v.path("value").isNumber(), where);
                Set<String> keys = new HashSet<>();
                v.fieldNames().forEachRemaining(keys::add);
                assertTrue(Set.of("value", "lower_value", "upper_value").containsAll(keys), where);
                assertEquals(v.has("lower_value"), v.has("upper_value"), where);
                if (v.has("lower_value")) {
                    assertTrue(v.get("lower_value").isNumber() && v.get("upper_value").isNumber(), where);
                    assertTrue(v.get("lower_value").asDouble() <= v.get("value").asDouble()
                            && v.get("value").asDouble() <= v.get("upper_value").asDouble(), where);
                }
            }
        }
        return doc;
    }

    /** github-action-benchmark's custom entries, names unique within a file. */
    private static JsonNode checkGab(String text) throws IOException {
        JsonNode doc = STRICT.readTree(text);
        assertTrue(doc.isArray(), text);
        Set<String> names = new HashSet<>();
        for (JsonNode e : doc) {
            assertTrue(e.path("name").isTextual() && names.add(e.get("name").asText()), e.toString());
            assertTrue(e.path("unit").isTextual() && !e.get("unit").asText().isEmpty(), e.toString());
            assertTrue(e.path("value").isNumber() && Double.isFinite(e.get("value").asDouble()), e.toString());
            assertTrue(!e.has("range") || e.get("range").asText().matches("± [0-9.eE+-]+"), e.toString());
            assertTrue(!e.has("extra") || e.get("extra").isTextual(), e.toString());
            Set<String> keys = new HashSet<>();
            e.fieldNames().forEachRemaining(keys::add);
            assertTrue(Set.of("name", "unit", "value", "range", "extra").containsAll(keys), e.toString());
        }
        return doc;
    }

    private static Set<String> measures(JsonNode gab) {
        Set<String> out = new HashSet<>();
        gab.forEach(e -> out.add(e.get("name").asText().replaceAll(".*\\[(.*)]$", "$1")));
        return out;
    }
}
