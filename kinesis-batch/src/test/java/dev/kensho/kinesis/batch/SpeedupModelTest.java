package dev.kensho.kinesis.batch;

import dev.kensho.common.export.Results;
import dev.kensho.report.Table;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fit recovers known parameters from synthetic points; the published derivation is the write-up's arithmetic. */
class SpeedupModelTest {

    private static final double F = 35;
    private static final double H = 4;
    private static final double B = 0.02;

    private static List<SpeedupModel.Point> synthetic(double noiseMs, long seed) {
        Random rnd = new Random(seed);
        List<SpeedupModel.Point> pts = new ArrayList<>();
        for (double r : new double[]{0, 40, 160, 320}) {
            for (int n : new int[]{1, 500}) {
                double truth = F + H * r + B * n;
                pts.add(new SpeedupModel.Point(r, n, truth + noiseMs * rnd.nextGaussian(), noiseMs / Math.sqrt(5)));
            }
        }
        return pts;
    }

    @Test
    void exactPointsGiveTheParametersBack() {
        SpeedupFit fit = SpeedupModel.fit(synthetic(0, 1));
        assertEquals(F, fit.f(), 1e-6);
        assertEquals(H, fit.h(), 1e-9);
        assertEquals(B, fit.b(), 1e-9);
        assertEquals(8, fit.points());
        assertEquals(5, fit.dof());
        assertTrue(!fit.weighted(), "exact points carry no standard error: unweighted");
    }

    @Test
    void noisyPointsGiveIntervalsThatHoldTheParametersAndTheSpeedup() {
        SpeedupFit fit = SpeedupModel.fit(synthetic(0.5, 42));
        assertTrue(fit.weighted(), "every point has a standard error");
        double[] truth = {F, H, B};
        for (int i = 0; i < 3; i++) {
            double c = new double[]{fit.f(), fit.h(), fit.b()}[i];
            assertTrue(Math.abs(c - truth[i]) <= fit.half(i), "coefficient " + i + ": " + c + " ± " + fit.half(i) + " vs " + truth[i]);
        }
        double call = F + H * 320;
        double speedup = 1000 * (call + B) / (2 * (call + 500 * B));
        assertTrue(Math.abs(fit.speedup(320) - speedup) <= fit.speedupHalf(320),
                fit.speedup(320) + " ± " + fit.speedupHalf(320) + " vs " + speedup);
        assertTrue(fit.speedupHalf(320) > 0);
    }

    @Test
    void thePredictionIsMadeOnlyInsideTheSweptRoundTrips() {
        List<SpeedupModel.Point> upTo160 = synthetic(0, 1).stream().filter(p -> p.rttMs() <= 160).toList();
        assertTrue(SpeedupModel.contains(synthetic(0, 1), 320));
        assertTrue(!SpeedupModel.contains(upTo160, 320));
    }

    @Test
    void oneRoundTripCannotSeparateTheRoundTripFromTheFixedCost() {
        List<SpeedupModel.Point> one = synthetic(0, 1).stream().filter(p -> p.rttMs() == 160).toList();
        assertNull(SpeedupModel.fit(one));
    }

    @Test
    void theSplitOfAFreshTlsCallIsBuildPlusHandshakePlusTheRest() {
        Map<String, String> p = Map.of("connection", "FRESH_TLS", "roundTripMs", "320", "putRecordCalls", "10",
                "records", "1000", "recordBytes", "50");
        String cls = "PutRecordVsPutRecordsBenchmark";
        List<Results.Row> rows = List.of(
                new Results.Row("kinesis-batch", cls, "putRecord", p, "ss", 13.0, 1.0, "s/op", 5, "jmh"),
                new Results.Row("kinesis-batch", cls, "putRecord", p, "client_build_ms_per_call", 20, 2, "ms", 6, Results.RECORDED),
                new Results.Row("kinesis-batch", cls, "putRecord", p, "connect_tls_ms_per_call", 980, 5, "ms", 6, Results.RECORDED));
        Table t = SpeedupModel.split(rows);
        assertEquals(1, t.rows().size());
        // 13 s / 10 calls = 1,300 ms per call; 1,300 − 20 − 980 = 300 ms for the request
        assertEquals("300.0", t.rows().get(0).get(4));
        assertEquals("1,300 ± 100.0", t.rows().get(0).get(1));
    }

    @Test
    void theWriteUpsTwoFiguresImplyItsPerCallAndPerRecordCosts() {
        // 324.014 s / 1,000 calls = 324.014 ms = C + b; 2.597 s / 2 calls = 1,298.5 ms = C + 500 b
        assertEquals(1.9529, SpeedupModel.PUBLISHED_RECORD_MS, 1e-4);
        assertEquals(322.061, SpeedupModel.PUBLISHED_CALL_MS, 1e-3);
        // the model at those costs gives the published ratio back
        SpeedupFit pub = new SpeedupFit(new double[]{SpeedupModel.PUBLISHED_CALL_MS, 0, SpeedupModel.PUBLISHED_RECORD_MS},
                new double[3][3], 2, 0, Double.NaN, 1, false);
        assertEquals(324.014 / 2.597, pub.speedup(0), 1e-9);
    }
}
