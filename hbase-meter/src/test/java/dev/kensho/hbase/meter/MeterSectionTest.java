package dev.kensho.hbase.meter;

import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.report.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The section's names exist in this module, and against a small run folder every chart and figure draws. */
class MeterSectionTest {

    private static final String P = "dev.kensho.hbase.meter.";

    private static Map<String, String> p(String... kv) {
        return FixtureRun.params(kv);
    }

    static FixtureRun fixture(Path dir) {
        FixtureRun f = new FixtureRun(dir);
        String[][] cases = {{"NONE", "NONE", "10", "20", "1.0"}, {"DIFF", "NONE", "14", "19", "0.5"},
                {"NONE", "GZ", "15", "23", "0.2"}, {"DIFF", "GZ", "16", "23", "0.18"}};
        for (String[] c : cases) {
            Map<String, String> ps = p("encoding", c[0], "codec", c[1], "meters", "100", "days", "2");
            f.jmh(P + "CompressionMatrixBenchmark.load", ps, "ss", "s/op", Double.parseDouble(c[2]), 0.5)
                    .secondary("cpu.server.op", "s/op", Double.parseDouble(c[2]) * 1.5, 0.5)
                    .measurement(P + "CompressionMatrixBenchmark.load", ps, "hfile_ratio_to_none", Double.parseDouble(c[4]), "ratio")
                    .measurement(P + "CompressionMatrixBenchmark.load", ps, "hfile_ratio_to_none", Double.parseDouble(c[4]) * 1.01, "ratio");
            f.jmh(P + "CompressionMatrixBenchmark.fullScan", ps, "ss", "s/op", Double.parseDouble(c[3]), 0.5);
        }
        for (String[] c : new String[][]{{"NONE", "NONE", "1000"}, {"DIFF", "NONE", "500"}, {"PREFIX", "NONE", "800"},
                {"NONE", "GZ", "200"}, {"NONE", "SNAPPY", "400"}, {"DIFF", "GZ", "100"}}) {
            Map<String, String> ps = p("encoding", c[0], "codec", c[1], "meters", "100", "days", "2");
            f.measurement(P + "CodecSizeBenchmark.load", ps, "hfile_bytes", Double.parseDouble(c[2]), "bytes")
                    .measurement(P + "CodecSizeBenchmark.load", ps, "hfile_bytes", Double.parseDouble(c[2]) + 0.01, "bytes")
                    .measurement(P + "CodecSizeBenchmark.load", ps, "hfile_ratio_to_none", Double.parseDouble(c[2]) / 1000, "ratio")
                    .measurement(P + "CodecSizeBenchmark.load", ps, "hfile_ratio_to_none", Double.parseDouble(c[2]) / 1000 + 1e-4, "ratio");
        }
        for (String threads : new String[]{"1", "100"}) {
            double k = threads.equals("1") ? 1 : 7;
            for (String days : new String[]{"1", "180"}) {
                Map<String, String> q1 = p("meters", "100", "days", days, "threads", threads);
                f.jmh(P + "MeterScanBenchmark.scanSeries", q1, "ss", "ms/op", 100 / k, 5 / k)
                        .work(P + "MeterScanBenchmark.scanSeries", q1, 100L * Integer.parseInt(days) * 48, 0);
            }
            for (String meters : new String[]{"1000", "10000", "1000000", "10000000"}) {
                Map<String, String> q2 = p("meters", meters, "threads", threads);
                f.jmh(P + "LatestReadingGetBenchmark.multiGetLatest", q2, "ss", "ms/op", 100 / k, 5 / k)
                        .work(P + "LatestReadingGetBenchmark.multiGetLatest", q2, Integer.parseInt(meters), 0);
            }
            Map<String, String> load = p("client", "BUFFERED_MUTATOR", "threads", threads, "rowsPerRequest", "1000", "saltBuckets", "8");
            f.jmh(P + "MeterLoadBenchmark.load", load, "ss", "s/op", 10 / k, 1 / k).work(P + "MeterLoadBenchmark.load", load, 96000, 0);
            for (String m : new String[]{"performanceEvaluation", "meterLoader"}) {
                f.jmh(P + "LoadCalibrationBenchmark." + m, p("threads", threads), "ss", "s/op", 3, 0.1)
                        .work(P + "LoadCalibrationBenchmark." + m, p("threads", threads), 96000, 0);
            }
        }
        return f;
    }

    @Test
    void namesExistAndEveryChartAndFigureDraws(@TempDir Path tmp) throws Exception {
        FixtureRun f = fixture(tmp.resolve("run"));
        List<Results.Row> rows = f.rows();
        SectionCheck.check(new MeterSection(), "dev.kensho.hbase.meter", rows);

        List<Results.Row> derived = new MeterSection().derived(rows);
        Results.Row loadDiff = derived.stream().filter(r -> r.metric().equals("load_ratio_to_none")
                && "DIFF".equals(r.param("encoding")) && "NONE".equals(r.param("codec"))).findFirst().orElseThrow();
        assertEquals(1.4, loadDiff.score(), 1e-9, "the case over NONE/NONE with the same other params");
        Results.Row scanGet = derived.stream().filter(r -> r.metric().equals("scan_over_get") && "100".equals(r.param("threads")))
                .findFirst().orElseThrow();
        assertEquals("180", scanGet.param("days"), "Query 1 at its largest query, not its fastest");
        Results.Row days = derived.stream().filter(r -> r.metric().equals("days_gain") && "1".equals(r.param("threads")))
                .findFirst().orElseThrow();
        assertEquals(180, days.score(), 1e-6, "Query 1's rows/s at 180 days over 1 day, the same time per scan");
        Results.Row reads = derived.stream().filter(r -> r.metric().equals(Fastest.SCAN)).findFirst().orElseThrow();
        assertEquals(19.0 / 20, reads.score(), 1e-9, "DIFF's scan over the fastest other cell's (NONE/NONE)");
        assertTrue(derived.stream().filter(r -> r.metric().equals("codec_size_ratio")).noneMatch(
                r -> "NONE".equals(r.param("encoding")) && "NONE".equals(r.param("codec"))), "NONE/NONE is no codec");

        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        for (var c : new MeterSection().charts()) {
            assertTrue(md.contains("(charts/" + c.id() + ".png)"), c.id());
        }
        assertTrue(md.contains("Sum of changes") && md.contains(" | DIFF + GZ | "), "the ranking table");
    }
}
