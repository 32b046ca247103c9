package dev.kensho.kinesis.batch;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
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
        SpeedupModel.Fit fit = SpeedupModel.fit(synthetic(0, 1));
        assertEquals(F, fit.f(), 1e-6);
        assertEquals(H, fit.h(), 1e-9);
        assertEquals(B, fit.b(), 1e-9);
        assertEquals(8, fit.points());
        assertEquals(5, fit.dof());
        assertTrue(!fit.weighted(), "exact points carry no standard error: unweighted");
    }

    @Test
    void noisyPointsGiveIntervalsThatHoldTheParametersAndTheSpeedup() {
        SpeedupModel.Fit fit = SpeedupModel.fit(synthetic(0.5, 42));
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
    void oneRoundTripCannotSeparateTheRoundTripFromTheFixedCost() {
        List<SpeedupModel.Point> one = synthetic(0, 1).stream().filter(p -> p.rttMs() == 160).toList();
        assertNull(SpeedupModel.fit(one));
    }

    @Test
    void theWriteUpsTwoFiguresImplyItsPerCallAndPerRecordCosts() {
        // 324.014 s / 1,000 calls = 324.014 ms = C + b; 2.597 s / 2 calls = 1,298.5 ms = C + 500 b
        assertEquals((1298.5 - 324.014) / 499, SpeedupModel.PUBLISHED_RECORD_MS, 1e-9);
        assertEquals(1.9529, SpeedupModel.PUBLISHED_RECORD_MS, 1e-4);
        assertEquals(322.061, SpeedupModel.PUBLISHED_CALL_MS, 1e-3);
        // the model at those costs gives the published ratio back
        SpeedupModel.Fit pub = new SpeedupModel.Fit(new double[]{SpeedupModel.PUBLISHED_CALL_MS, 0, SpeedupModel.PUBLISHED_RECORD_MS},
                new double[3][3], 2, 0, Double.NaN, 1, false);
        assertEquals(324.014 / 2.597, pub.speedup(0), 1e-9);
    }
}
