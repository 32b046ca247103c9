package dev.kensho.kinesis.batch;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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
}
