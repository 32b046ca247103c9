package dev.kensho.common.latency;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.export.Results;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Percentiles read back from a run's interval logs equal those of one histogram of every recorded value,
 * the forks' files of a case are merged, HistogramLogProcessor still reads the files, and the run's results
 * take these percentiles instead of the per-fork recorded ones.
 */
class LogPercentilesTest {

    private static final String BENCH = "dev.kensho.x.SomeBenchmark.op";
    private static final Map<String, String> PARAMS = Map.of("clients", "100", "rate", "0.5x");

    @Test
    void mergedIntervalsOfEveryForkGiveThePercentilesOfAllRecordedValues(@TempDir Path run) throws Exception {
        Case c = new Case(BENCH, PARAMS);
        Histogram all = new Histogram(3600_000_000_000L, 3);
        Random rnd = new Random(17);
        Path dir = run.resolve(IntervalLog.DIR);
        for (int fork = 0; fork < 2; fork++) {
            Latencies lat = new Latencies();
            Path file;
            try (IntervalLog log = IntervalLog.open(dir, c, "intended", "latency_intended_", "due → reply")) {
                file = log.file();
                for (int i = 0; i < 3; i++) {
                    for (int k = 0; k < 5_000; k++) {
                        long v = 50_000 + (long) (Math.abs(rnd.nextGaussian()) * 400_000 * (fork + 1) * (i + 1));
                        lat.record(v);
                        all.recordValue(v);
                    }
                    log.write(lat.interval());
                }
            }
            // each fork is its own JVM (the pid in the name): give this one's file a name of its own
            Files.move(file, file.resolveSibling(file.getFileName().toString().replace(".hlog", "-" + fork + ".hlog")));
        }

        List<LogPercentiles.CaseLog> logs = LogPercentiles.read(run);
        assertEquals(1, logs.size(), "one case and kind, two files");
        LogPercentiles.CaseLog log = logs.get(0);
        assertEquals(BENCH, log.benchmark());
        assertEquals(PARAMS, log.params());
        assertEquals(6, log.intervals().size());
        Histogram merged = log.merged();
        assertEquals(all.getTotalCount(), merged.getTotalCount());
        for (double p : new double[]{50, 90, 99, 99.9, 100}) {
            assertEquals(all.getValueAtPercentile(p), merged.getValueAtPercentile(p), "p" + p);
        }
        Map<String, LogPercentiles.Percentile> ps = new java.util.HashMap<>();
        log.percentiles().forEach(p -> ps.put(p.metric(), p));
        assertEquals(all.getValueAtPercentile(99) / 1e3, ps.get("latency_intended_p99").value());
        assertEquals(all.getValueAtPercentile(50) / 1e3, ps.get("latency_intended_p50").value());
        assertEquals(all.getValueAtPercentile(99.9) / 1e3, ps.get("latency_intended_p999").value());
        assertEquals(all.getMaxValue() / 1e3, ps.get("latency_intended_max").value());
        assertEquals(6, ps.get("latency_intended_p99").intervals());
        assertTrue(ps.get("latency_intended_p99").sd() > 0, "the intervals differ, so their p99s do");

        // the results take the merged percentiles, not the per-fork recorded ones
        ObjectMapper json = new ObjectMapper();
        StringBuilder lines = new StringBuilder();
        for (double v : new double[]{1, 2}) {
            lines.append(json.writeValueAsString(Recorder.measurementLine(BENCH, PARAMS, "latency_intended_p99", v, "us")))
                    .append('\n');
        }
        lines.append(json.writeValueAsString(Recorder.measurementLine(BENCH, PARAMS, "latency_count", 3, "requests")))
                .append('\n');
        Files.writeString(run.resolve(Recorder.MEASUREMENTS_FILE), lines, StandardCharsets.UTF_8);
        List<Results.Row> p99 = Results.load(run).stream().filter(r -> r.metric().equals("latency_intended_p99")).toList();
        assertEquals(1, p99.size(), p99.toString());
        assertEquals(all.getValueAtPercentile(99) / 1e3, p99.get(0).score());
        assertEquals(6, p99.get(0).samples());
        assertTrue(p99.get(0).halfWidth() > 0);
        assertTrue(Results.load(run).stream().anyMatch(r -> r.metric().equals("latency_count")), "other recorded rows stay");

        // still HdrHistogram's own format: its processor reads the file with the case line
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Path out = run.resolve(f.getFileName() + ".out");
                new HistogramLogProcessor(new String[]{"-v", "-i", f.toString(), "-o", out.toString()}).run();
                String hgrm = Files.readString(Path.of(out + ".hgrm"), StandardCharsets.UTF_8);
                assertTrue(hgrm.matches("(?s).*Total count\\s*=\\s*15000\\D.*"), f + ": " + hgrm);
            }
        }
    }

    @Test
    void aLogWithoutAMetricPrefixIsReadButReplacesNothing(@TempDir Path run) {
        Case c = new Case(BENCH, PARAMS);
        Latencies lat = new Latencies();
        try (IntervalLog log = IntervalLog.open(run.resolve(IntervalLog.DIR), c, "service", "send → reply")) {
            lat.record(1_000);
            log.write(lat.interval());
        }
        List<LogPercentiles.CaseLog> logs = LogPercentiles.read(run);
        assertEquals(1, logs.size());
        assertNull(logs.get(0).metricPrefix());
        assertTrue(Results.load(run).isEmpty());
    }
}
