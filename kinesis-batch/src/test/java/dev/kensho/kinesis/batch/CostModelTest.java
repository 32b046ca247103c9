package dev.kensho.kinesis.batch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The least-squares fit recovers known coefficients, and its prediction is the model's arithmetic. */
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

    /** A run folder as JMH and the benchmarks write it: the fit reads it back and records its prediction. */
    @Test
    void fitsFromARunFolder(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        StringBuilder sweep = new StringBuilder("[");
        for (String rtt : new String[]{"0", "20", "100"}) {
            for (int batch : new int[]{1, 10, 100, 500}) {
                double msPerCall = 9 + Double.parseDouble(rtt) + 0.02 * batch;
                if (sweep.length() > 1) {
                    sweep.append(',');
                }
                sweep.append(String.format(Locale.ROOT, "{\"benchmark\":\"dev.kensho.kinesis.batch.BatchSweepBenchmark.putRecords\","
                        + "\"mode\":\"ss\",\"params\":{\"batchSize\":\"%d\",\"recordBytes\":\"50\",\"roundTripMs\":\"%s\","
                        + "\"shards\":\"1\",\"threads\":\"1\",\"calls\":\"20\"},"
                        + "\"primaryMetric\":{\"score\":%f,\"scoreUnit\":\"ms/op\"}}", batch, rtt, 20 * msPerCall));
            }
        }
        Files.writeString(dir.resolve("jmh/BatchSweepBenchmark.json"), sweep.append(']').toString());
        Files.writeString(dir.resolve("jmh/PutRecordVsPutRecordsBenchmark.json"), "["
                + "{\"benchmark\":\"dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark.putRecord\",\"mode\":\"ss\","
                + "\"params\":{\"putRecordCalls\":\"100\",\"records\":\"1000\",\"recordBytes\":\"50\",\"roundTripMs\":\"320\"},"
                + "\"primaryMetric\":{\"score\":32.9,\"scoreUnit\":\"s/op\"}},"
                + "{\"benchmark\":\"dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark.putRecords\",\"mode\":\"ss\","
                + "\"params\":{\"records\":\"1000\",\"recordBytes\":\"50\",\"roundTripMs\":\"320\"},"
                + "\"primaryMetric\":{\"score\":0.658,\"scoreUnit\":\"s/op\"}}]");
        Map<String, Object> out = CostModel.fitAndPredict(dir);
        assertEquals(9.0, (double) out.get("a_ms"), 1e-6);
        assertEquals(1.0, (double) out.get("k"), 1e-9);
        assertEquals(0.02, (double) out.get("b_ms_per_record"), 1e-9);
        assertEquals(12, out.get("points"));
        // 1,000 × (9 + 320 + 0.02) ms vs 2 × (9 + 320 + 10) ms
        assertEquals(329.02 * 1000 / (2 * 339.0), (double) out.get("predicted_ratio"), 1e-6);
        assertEquals(32.9 / 100 / (0.658 / 1000), (double) out.get("measured_ratio"), 1e-9);
        assertEquals(324.014 / 2.597, (double) out.get("published_ratio"), 1e-9);
    }
}
