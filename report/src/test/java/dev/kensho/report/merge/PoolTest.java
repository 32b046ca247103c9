package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.latency.LogPercentiles;
import dev.kensho.common.runfiles.Case;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** N runs of one commit pooled into one folder: every case's forks from all runs, the ledger says it rests on them. */
class PoolTest {

    private static final String[] FILES = {"jmh/SetImportBenchmark.json", "jmh/UserIdGeneratorBenchmark.json",
            "measurements.jsonl", "servers.jsonl", "status.json", "notes.jsonl"};

    private static Path run(Path dir, String commit) throws Exception {
        Files.createDirectories(dir.resolve("jmh"));
        for (String f : FILES) {
            try (InputStream in = PoolTest.class.getResourceAsStream("/report-fixture/" + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        Files.writeString(dir.resolve("env.json"), "{\"host\":{\"commit\":\"" + commit + "\",\"scale\":\"default\",\"cores\":2}}");
        return dir;
    }

    @Test
    void everyRunsForksSideBySide(@TempDir Path tmp) throws Exception {
        Path a = run(tmp.resolve("aa1"), "abc");
        Path b = run(tmp.resolve("aa2"), "abc");
        JsonNode one = new ObjectMapper().readTree(a.resolve("jmh/UserIdGeneratorBenchmark.json").toFile());
        RunFolder pooled = Pool.pool(tmp.resolve("pooled"), List.of(a, b));

        JsonNode both = new ObjectMapper().readTree(pooled.dir().resolve("jmh/UserIdGeneratorBenchmark.json").toFile());
        assertEquals(one.size(), both.size(), "the same cases");
        for (int i = 0; i < one.size(); i++) {
            assertEquals(2 * one.get(i).path("primaryMetric").path("rawData").size(),
                    both.get(i).path("primaryMetric").path("rawData").size(), "each run's forks");
            assertEquals(0, both.get(i).path("kenshoRounds").asInt(), "runs are not rounds: nothing is paired");
        }
        long lines = Files.readAllLines(a.resolve("measurements.jsonl")).size();
        assertEquals(2 * lines, Files.readAllLines(pooled.dir().resolve("measurements.jsonl")).size());
        JsonNode env = new ObjectMapper().readTree(pooled.dir().resolve("env.json").toFile());
        assertEquals(List.of("aa1", "aa2"), List.of(env.path("pooled").path("runs").get(0).asText(), env.path("pooled").path("runs").get(1).asText()));
        assertTrue(Files.readString(pooled.dir().resolve("report.md")).contains("pooled from 2 runs of commit abc"));
        assertTrue(Files.readString(pooled.dir().resolve("claims-by-run.md")).contains("| `aa1` | `aa2` | pooled |"),
                "each run's verdicts beside the pool's, generated");
    }

    /** Pooled percentiles are those of every run's histograms merged, not the first run's copied. */
    @Test
    void latencyPercentilesComeFromEveryRunsHistograms(@TempDir Path tmp) throws Exception {
        Path a = run(tmp.resolve("aa1"), "abc");
        Path b = run(tmp.resolve("aa2"), "abc");
        hlog(a, 100, 1000); // run 1: 1,000 requests at 100 µs
        hlog(b, 300, 3000); // run 2: 3,000 at 300 µs, in a log of the same name (the same pid)
        RunFolder pooled = Pool.pool(tmp.resolve("pooled"), List.of(a, b));
        List<LogPercentiles.CaseLog> logs = LogPercentiles.read(pooled.dir());
        assertEquals(1, logs.size(), "one case, its logs from both runs together");
        assertEquals(2, logs.get(0).intervals().size(), "an interval of each run");
        assertEquals(4000, logs.get(0).merged().getTotalCount());
        double p50 = logs.get(0).percentiles().stream().filter(p -> p.metric().endsWith("p50")).findFirst().orElseThrow().value();
        assertEquals(300, p50, 1, "the merged p50, not the first run's 100");
    }

    private static void hlog(Path run, long micros, int count) {
        Histogram h = new Histogram(3600_000_000_000L, 3);
        h.recordValueWithCount(micros * 1000, count);
        h.setStartTimeStamp(System.currentTimeMillis() - 1000);
        h.setEndTimeStamp(System.currentTimeMillis());
        Case c = new Case("dev.kensho.redis.kv.KeyValueThroughputBenchmark.getSetMix", Map.of("clients", "100"));
        Path dir = run.resolve(IntervalLog.DIR);
        try (IntervalLog log = IntervalLog.open(dir, c, "service", "latency_", "test")) {
            log.write(h);
        }
    }

    @Test
    void refusesOneRunOtherCommitsAndAFolderInUse(@TempDir Path tmp) throws Exception {
        Path a = run(tmp.resolve("aa1"), "abc");
        Path c = run(tmp.resolve("other"), "def");
        assertThrows(BadInput.class, () -> Pool.pool(tmp.resolve("p1"), List.of(a)));
        BadInput e = assertThrows(BadInput.class, () -> Pool.pool(tmp.resolve("p2"), List.of(a, c)));
        assertTrue(e.getMessage().contains("runs of one commit and scale"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("p2")), "nothing written");
        assertThrows(BadInput.class, () -> Pool.pool(a, List.of(a, a)), "never into a run");
    }

    @Test
    void refusesToPoolAProfiledRunWithAPlainOneUnlessAsked(@TempDir Path tmp) throws Exception {
        Path a = run(tmp.resolve("aa1"), "abc");
        Path b = run(tmp.resolve("aa2"), "abc");
        Files.writeString(b.resolve("env.json"), "{\"host\":{\"commit\":\"abc\",\"scale\":\"default\",\"cores\":2},"
                + "\"profiling\":{\"profiled\":true}}");
        Files.writeString(b.resolve(dev.kensho.common.profile.Profiling.FILE), "{\"profiled\":true,\"profilers\":[]}");
        BadInput e = assertThrows(BadInput.class, () -> Pool.pool(tmp.resolve("p"), List.of(a, b)));
        assertTrue(e.getMessage().contains("--mix-profiled"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("p")), "nothing written");
        RunFolder mixed = Pool.pool(tmp.resolve("p2"), List.of(a, b), true);
        JsonNode env = new ObjectMapper().readTree(mixed.dir().resolve("env.json").toFile());
        assertTrue(env.path("profiling").path("profiled").asBoolean(), "a pool with a profiled run is profiled: " + env.path("profiling"));
    }
}
