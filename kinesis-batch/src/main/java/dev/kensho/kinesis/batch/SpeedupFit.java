package dev.kensho.kinesis.batch;

/**
 * {@link SpeedupModel}'s fit of ms per call = F + h·rtt + b·records: the coefficients (F, h, b), their covariance,
 * degrees of freedom and the 99.9% quantile used, and the speed-up it predicts with its interval (delta rule).
 */
public record SpeedupFit(double[] coef, double[][] cov, int points, int dof, double q, double r2, boolean weighted) {

    public double f() {
        return coef[0];
    }

    public double h() {
        return coef[1];
    }

    public double b() {
        return coef[2];
    }

    /** 99.9% half-width of coefficient {@code i} (NaN without degrees of freedom). */
    public double half(int i) {
        return q * Math.sqrt(cov[i][i]);
    }

    public double callMs(double rttMs) {
        return f() + h() * rttMs;
    }

    public double speedup(double rttMs) {
        return speedup(coef, rttMs);
    }

    /** 99.9% half-width of {@link #speedup} by the delta rule. */
    public double speedupHalf(double rttMs) {
        double[] g = new double[3];
        for (int j = 0; j < 3; j++) {
            double e = 1e-6 * Math.max(1e-3, Math.abs(coef[j]));
            double[] up = coef.clone();
            double[] dn = coef.clone();
            up[j] += e;
            dn[j] -= e;
            g[j] = (speedup(up, rttMs) - speedup(dn, rttMs)) / (2 * e);
        }
        double var = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                var += g[i] * cov[i][j] * g[j];
            }
        }
        return q * Math.sqrt(var);
    }

    private static double speedup(double[] c, double rttMs) {
        double call = c[0] + c[1] * rttMs;
        int n = CostModel.PUBLISHED_RECORDS;
        long batches = (n + SpeedupModel.BATCH - 1) / SpeedupModel.BATCH;
        double perBatch = (double) n / batches;
        return n * (call + c[2]) / (batches * (call + perBatch * c[2]));
    }
}
