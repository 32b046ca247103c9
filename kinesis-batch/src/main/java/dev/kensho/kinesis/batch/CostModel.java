package dev.kensho.kinesis.batch;

import dev.kensho.common.BadInput;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.SingularMatrixException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A cost model of one producer writing N records, fitted from {@link BatchSweepBenchmark}:
 * <pre>
 *   time per call = a + k · roundTrip + b · recordsPerCall + d · bytesPerCall        (ms)
 *   time(N, batch) = ceil(N / batch) · time per call
 * </pre>
 * {@code a} is the per-call overhead of client and server, {@code k} how much of the proxy's round trip
 * a call pays (≈ 1), {@code b} and {@code d} the per-record and per-byte costs. Least squares over the
 * single-producer cases (mean single-shot time ÷ calls per invocation). It then predicts the write-up's
 * case — 1,000 × 50 B, PutRecord × 1,000 vs PutRecords × 2, at its ~320 ms round trip. Computed at
 * report time from the run's rows, as a table of the module's report section ({@link KinesisSection}).
 */
public final class CostModel {

    /** The write-up's case. */
    public static final int PUBLISHED_RECORDS = 1000;
    public static final int PUBLISHED_RECORD_BYTES = 50;
    public static final double PUBLISHED_ROUND_TRIP_MS = 320;
    public static final double PUBLISHED_PUT_RECORD_S = 324.014;
    public static final double PUBLISHED_PUT_RECORDS_S = 2.597;

    /** Fitted coefficients (ms, ms per ms of round trip, ms per record, ms per byte), points and R². */
    public record Fit(double a, double k, double b, double d, int points, double r2) {

        public double callMs(double rttMs, double recordsPerCall, double bytesPerCall) {
            return a + k * rttMs + b * recordsPerCall + d * bytesPerCall;
        }

        /** Seconds for one producer to write {@code n} records of {@code bytes} in calls of {@code batch}. */
        public double seconds(int n, int bytes, int batch, double rttMs) {
            double pk = Payloads.partitionKey(n).length();
            long callsNeeded = (n + batch - 1) / batch;
            double perCall = (double) n / callsNeeded;
            return callsNeeded * callMs(rttMs, perCall, perCall * (bytes + pk)) / 1000.0;
        }

        public double ratio(double rttMs) {
            return seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES, 1, rttMs)
                    / seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES, PutRecordsBatcher.MAX_RECORDS, rttMs);
        }
    }

    /** One sweep case reduced to a call: round trip, records and bytes per call, measured ms per call. */
    public record Point(double rttMs, double recordsPerCall, double bytesPerCall, double msPerCall) {
    }

    /** |R's diagonal| at or below which the fit's columns count as dependent (the elimination's old pivot bound). */
    private static final double SINGULAR = 1e-300;

    private CostModel() {
    }

    /** The single-producer sweep cases as calls (time per invocation ÷ calls actually made). */
    static List<Point> points(List<Results.Row> rows) {
        Map<String, Double> callsPerInvocation = new HashMap<>();
        for (Results.Row r : rows) {
            if (r.cls().equals("BatchSweepBenchmark") && r.metric().equals("putrecords_calls_per_invocation")) {
                callsPerInvocation.put(r.paramString(), r.score());
            }
        }
        List<Point> points = new ArrayList<>();
        for (Results.Row r : rows) {
            if (!r.cls().equals("BatchSweepBenchmark") || !r.metric().equals("ss") || !"1".equals(r.param("threads"))) {
                continue; // one producer: its calls are sequential, so time = calls × time per call
            }
            int batch = Integer.parseInt(r.param("batchSize"));
            int bytes = Integer.parseInt(r.param("recordBytes"));
            int calls = Integer.parseInt(r.param("calls"));
            double rtt = Double.parseDouble(r.param("roundTripMs"));
            long records = (long) calls * batch;
            double actualCalls = callsPerInvocation.getOrDefault(r.paramString(), (double) calls);
            double pk = 4; // mean decimal partition key length at these ids
            points.add(new Point(rtt, records / actualCalls, records * (bytes + pk) / actualCalls,
                    toMs(r.score(), r.unit()) / actualCalls));
        }
        return points;
    }

    static double toMs(double score, String unit) {
        return switch (unit) {
            case "s/op" -> score * 1e3;
            case "ms/op" -> score;
            case "us/op" -> score / 1e3;
            case "ns/op" -> score / 1e6;
            default -> throw new BadInput("unexpected JMH unit " + unit);
        };
    }

    /**
     * The fit and its prediction of the write-up's case as a table (empty when fewer than 3 sweep cases
     * ran). Means only: the fit's inputs are JMH means, its coefficients carry no interval.
     */
    public static Table table(List<Results.Row> rows) {
        Table t = Table.of("Cost model fitted from the sweep (ms per call = a + k·roundTripMs + b·recordsPerCall"
                + " + d·bytesPerCall; least squares over the single-producer cases, means only), and its prediction"
                + " of the write-up's case (1,000 × 50 B at " + Export.fmt(PUBLISHED_ROUND_TRIP_MS) + " ms):",
                "quantity", ">fitted / predicted", ">published");
        List<Point> points = points(rows);
        if (points.size() < 3) {
            return t;
        }
        Fit fit = fit(points);
        // the write-up's figures give only the whole per-call cost C (= a + k·R there), not a and R apart
        t.row("a: per-call overhead (ms)", Export.fmt(fit.a()), "C = a + k·R = " + Export.fmt(SpeedupModel.PUBLISHED_CALL_MS) + " (derived)");
        t.row("k: share of the round trip a call pays", Export.fmt(fit.k()), "");
        t.row("b: per-record cost (ms)", Export.fmt(fit.b()), Export.fmt(SpeedupModel.PUBLISHED_RECORD_MS) + " (derived)");
        t.row("d: per-byte cost (ms)", Export.fmt(fit.d()), "");
        t.row("points, R²", fit.points() + ", " + Export.fmt(fit.r2()), "");
        t.row("PutRecord × 1,000 (s)", Export.fmt(fit.seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES, 1, PUBLISHED_ROUND_TRIP_MS)),
                Export.fmt(PUBLISHED_PUT_RECORD_S));
        t.row("PutRecords × 2 (s)", Export.fmt(fit.seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES,
                PutRecordsBatcher.MAX_RECORDS, PUBLISHED_ROUND_TRIP_MS)), Export.fmt(PUBLISHED_PUT_RECORDS_S));
        t.row("PutRecord ÷ PutRecords", Export.fmt(fit.ratio(PUBLISHED_ROUND_TRIP_MS)),
                Export.fmt(PUBLISHED_PUT_RECORD_S / PUBLISHED_PUT_RECORDS_S));
        return t;
    }

    /**
     * Least squares of {@code ms = a + k·rtt + b·records + d·bytes}; a column without spread (one round
     * trip, one record size) is left out and its coefficient fixed (k = 1: a call pays the proxy's round
     * trip once; d = 0: bytes folded into b).
     */
    public static Fit fit(List<Point> pts) {
        boolean useK = spread(pts, Point::rttMs);
        boolean useD = spread(pts, Point::bytesPerCall) && spread(pts, p -> p.bytesPerCall() / Math.max(1, p.recordsPerCall()));
        double[][] x = new double[pts.size()][];
        double[] y = new double[pts.size()];
        for (int r = 0; r < pts.size(); r++) {
            Point p = pts.get(r);
            x[r] = row(p, useK, useD);
            y[r] = p.msPerCall() - (useK ? 0 : p.rttMs());
        }
        double[] c = solve(x, y);
        int i = 0;
        double a = c[i++];
        double k = useK ? c[i++] : 1.0;
        double b = c[i++];
        double d = useD ? c[i] : 0.0;
        Fit fit = new Fit(a, k, b, d, pts.size(), 0);
        double mean = pts.stream().mapToDouble(Point::msPerCall).average().orElse(0);
        double ssTot = 0;
        double ssRes = 0;
        for (Point p : pts) {
            double pred = fit.callMs(p.rttMs(), p.recordsPerCall(), p.bytesPerCall());
            ssRes += (p.msPerCall() - pred) * (p.msPerCall() - pred);
            ssTot += (p.msPerCall() - mean) * (p.msPerCall() - mean);
        }
        return new Fit(a, k, b, d, pts.size(), ssTot == 0 ? 1 : 1 - ssRes / ssTot);
    }

    private static double[] row(Point p, boolean useK, boolean useD) {
        List<Double> x = new ArrayList<>();
        x.add(1.0);
        if (useK) {
            x.add(p.rttMs());
        }
        x.add(p.recordsPerCall());
        if (useD) {
            x.add(p.bytesPerCall());
        }
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static boolean spread(List<Point> pts, ToDoubleFunction<Point> f) {
        double min = pts.stream().mapToDouble(f).min().orElse(0);
        double max = pts.stream().mapToDouble(f).max().orElse(0);
        return max - min > 1e-9 * Math.max(1, Math.abs(max));
    }

    /**
     * Least-squares solution of {@code x·c ≈ y} by commons-math3's QR decomposition (the systems here have
     * 2 … 4 unknowns); columns that depend on each other exactly are refused.
     */
    static double[] solve(double[][] x, double[] y) {
        try {
            return new QRDecomposition(MatrixUtils.createRealMatrix(x), SINGULAR).getSolver()
                    .solve(MatrixUtils.createRealVector(y)).toArray();
        } catch (SingularMatrixException e) {
            throw new IllegalStateException("cost model: singular system (too few distinct sweep cases)", e);
        }
    }

}
