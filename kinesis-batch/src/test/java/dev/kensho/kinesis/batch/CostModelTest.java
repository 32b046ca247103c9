package dev.kensho.kinesis.batch;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.report.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The least-squares fit recovers known coefficients, and its prediction is the model's arithmetic; the
 * kinesis report section's names exist and it draws from a fixture run.
 */
class CostModelTest {

    @Test
    void recoversKnownCoefficients() {
        double a = 2.0;
        double k = 1.02;
        double b = 0.01;
        double d = 0.0001;
        List<CostModel.Point> pts = new ArrayList<>();
        for (double rtt : new double[]{0, 20, 100}) {
            for (int batch : new int[]{1, 10, 100, 500}) {
                for (int bytes : new int[]{50, 1024}) {
                    double per = batch * (bytes + 4.0);
                    pts.add(new CostModel.Point(rtt, batch, per, a + k * rtt + b * batch + d * per));
                }
            }
        }
        CostModel.Fit f = CostModel.fit(pts);
        assertEquals(a, f.a(), 1e-6);
        assertEquals(k, f.k(), 1e-6);
        assertEquals(b, f.b(), 1e-6);
        assertEquals(d, f.d(), 1e-9);
        assertEquals(1.0, f.r2(), 1e-9);
    }

    @Test
    void ratioOfTheWriteUpsCase() {
        // no per-record cost: 1,000 calls vs 2 calls of the same cost -> 500x
        CostModel.Fit f = new CostModel.Fit(0, 1, 0, 0, 0, 1);
        assertEquals(500, f.ratio(320), 1e-9);
        // per-call 324 ms vs 1,300 ms as the write-up's CLI: its 125x
        CostModel.Fit cli = new CostModel.Fit(4, 1, (1298.5 - 324) / 499.0, 0, 0, 1);
        assertEquals(124.8, cli.ratio(320), 1.0);
    }

    /** A run folder as JMH and the benchmarks write it: the section fits it at report time and shows the prediction. */
    @Test
    void fitsFromARunFolder(@TempDir Path dir) throws IOException {
        FixtureRun f = new FixtureRun(dir.resolve("run"));
        String sweep = "dev.kensho.kinesis.batch.BatchSweepBenchmark.putRecords";
        for (String rtt : new String[]{"0", "20", "100"}) {
            for (int batch : new int[]{1, 10, 100, 500}) {
                double msPerCall = 9 + Double.parseDouble(rtt) + 0.02 * batch;
                Map<String, String> p = Map.of("batchSize", Integer.toString(batch), "recordBytes", "50", "roundTripMs", rtt,
                        "shards", "1", "threads", "1", "calls", "20");
                f.jmh(sweep, p, "ss", "ms/op", 20 * msPerCall, msPerCall).work(sweep, p, 20L * batch, 20L * batch * 50);
            }
        }
        Map<String, String> four = Map.of("batchSize", "100", "recordBytes", "50", "roundTripMs", "20", "shards", "1",
                "threads", "4", "calls", "20");
        f.jmh(sweep, four, "ss", "ms/op", 800, 40).work(sweep, four, 8000, 400000); // not a point of the fit: 4 producers
        String vs = "dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark.";
        for (String rtt : new String[]{"0", "40", "160", "320"}) { // the round-trip sweep SpeedupModel fits on
            double at = Double.parseDouble(rtt) / 320; // PutRecord's and PutRecords' times grow linearly with it
            Map<String, String> single = Map.of("putRecordCalls", "100", "records", "1000", "recordBytes", "50",
                    "roundTripMs", rtt, "connection", "REUSED");
            Map<String, String> batched = Map.of("records", "1000", "recordBytes", "50", "roundTripMs", rtt, "connection", "REUSED");
            f.jmh(vs + "putRecord", single, "ss", "s/op", 0.902 + at * (32.9 - 0.902), 0.05 + at * 0.95)
                    .work(vs + "putRecord", single, 100, 5000);
            f.jmh(vs + "putRecords", batched, "ss", "s/op", 0.038 + at * (0.658 - 0.038), 0.004 + at * 0.046)
                    .work(vs + "putRecords", batched, 1000, 50000);
        }
        List<Results.Row> rows = f.rows();
        SectionCheck.check(new KinesisSection(), "dev.kensho.kinesis.batch", rows);

        CostModel.Fit fit = CostModel.fit(CostModel.points(rows));
        assertEquals(9.0, fit.a(), 1e-6);
        assertEquals(1.0, fit.k(), 1e-9);
        assertEquals(0.02, fit.b(), 1e-9);
        assertEquals(12, fit.points());
        String table = CostModel.table(rows).markdown();
        // 1,000 × (9 + 320 + 0.02) ms vs 2 × (9 + 320 + 10) ms
        assertTrue(table.contains("| PutRecord ÷ PutRecords | " + Export.fmt(329.02 * 1000 / (2 * 339.0)) + " | "
                + Export.fmt(324.014 / 2.597) + " |"), table);
        Results.Row speedup = new KinesisSection().derived(rows).stream()
                .filter(r -> r.metric().equals("putrecords_speedup") && "320".equals(r.param("roundTripMs"))).findFirst().orElseThrow();
        assertEquals((1000 / 0.658) / (100 / 32.9), speedup.score(), 1e-9);

        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        for (var c : new KinesisSection().charts()) {
            assertTrue(md.contains("(charts/" + c.id() + ".png)"), c.id());
        }
        assertTrue(md.contains("Cost model fitted from the sweep"), md);
        assertTrue(md.contains("Speed-up model, connection=REUSED"), md);
    }
}
