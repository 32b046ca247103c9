package dev.kensho.hbase.meter;

import dev.kensho.report.cost.Prices;
import dev.kensho.common.export.Results;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.report.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage and CPU table from the section's fixture run plus one case with sizes and server CPU: 100 × 2 days ×
 * 48 = 9,600 readings in 960,000 bytes is 100 B per reading; 10M meters for a year are 1.752e13 bytes; 1.8 cores ×
 * 10 s to load 9,600 rows is 1,875 core-seconds per million rows (±5% each side: delta, ±7.07%).
 */
class MeterCostTableTest {

    @Test
    void knownAnswers(@TempDir Path tmp) {
        FixtureRun f = MeterSectionTest.fixture(tmp.resolve("run"));
        String p = "dev.kensho.hbase.meter.CompressionMatrixBenchmark.";
        Map<String, String> c = FixtureRun.params("encoding", "PREFIX", "codec", "SNAPPY", "meters", "100", "days", "2");
        f.jmh(p + "load", c, "ss", "s/op", 10, 0.5).secondary("cpu.server", "cores", 1.8, 0.09);
        for (double b : new double[]{950_000, 960_000, 970_000}) {
            f.measurement(p + "load", c, "hfile_bytes", b, "bytes");
        }
        f.jmh(p + "fullScan", c, "ss", "s/op", 20, 1).secondary("cpu.server", "cores", 1.0, 0.05);
        List<Results.Row> rows = f.rows();
        SectionCheck.check(new MeterSection(), "dev.kensho.hbase.meter", rows);

        String md = MeterCostTable.table(rows, Prices.load(MeterCostTable.class, "hbase-meter", MeterCostTable.EBS, MeterCostTable.S3))
                .markdown();
        String row = md.lines().filter(l -> l.startsWith("| PREFIX + SNAPPY |")).findFirst().orElseThrow(() -> new AssertionError(md));
        String[] cells = row.split(" \\| ");
        // by hand: 100 B a reading × 1e7 meters × 48 a day × 365 days ÷ 2^30 = 16,317 GB a year; × 3 replicas × 0.08 USD
        // = 3,916; × 0.023 = 375.3; 1,875 ± √(5%² + 5%²) = [1,742, 2,008]; 20 s per 9,600 rows a million = 2,083
        assertTrue(cells[1].startsWith("100.0 ["), row);
        assertTrue(cells[2].startsWith("16,317 ["), row);
        assertTrue(cells[3].startsWith("3,916 ["), row);
        assertTrue(cells[4].startsWith("375.3 ["), row);
        assertEquals("1,875 [1,742, 2,008]", cells[5], row);
        assertTrue(cells[6].startsWith("2,083 ["), row);
        assertTrue(md.contains("set by the suite"), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| NONE + NONE |")) == false, "no size row, no cost row");
        assertEquals(0.001, MeterCostTable.seconds("ms/op"));
    }
}
