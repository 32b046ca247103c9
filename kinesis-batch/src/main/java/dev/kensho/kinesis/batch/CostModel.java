package dev.kensho.kinesis.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A cost model of one producer writing N records, fitted from {@link BatchSweepBenchmark}:
 * <pre>
 *   time per call = a + k · roundTrip + b · recordsPerCall + d · bytesPerCall        (ms)
 *   time(N, batch) = ceil(N / batch) · time per call
 * </pre>
 * {@code a} is the per-call overhead of client and server, {@code k} how much of the proxy's round trip
 * a call pays (≈ 1), {@code b} and {@code d} the per-record and per-byte costs. Least squares over the
 * single-producer cases (mean single-shot time ÷ calls per invocation). It then predicts the write-up's
 * case — 1,000 × 50 B, PutRecord × 1,000 vs PutRecords × 2, at its ~320 ms round trip — and records the
 * prediction beside the measured ratio of {@link PutRecordVsPutRecordsBenchmark} and the published 125×
 * ({@code Recorder.record("kinesis_cost_model", …)}).
 *
 * <p>Run: after a bench run by the module's Maven {@code bench} profile, or
 * {@code java -cp … dev.kensho.kinesis.batch.CostModel <run folder>}.
 */
public final class CostModel {

    /** The write-up's case. */
    public static final int PUBLISHED_RECORDS = 1000;
    public static final int PUBLISHED_RECORD_BYTES = 50;
    public static final double PUBLISHED_ROUND_TRIP_MS = 320;
    public static final double PUBLISHED_PUT_RECORD_S = 324.014;
    public static final double PUBLISHED_PUT_RECORDS_S = 2.597;

    private static final ObjectMapper JSON = new ObjectMapper();

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

    private CostModel() {
    }

    public static void main(String[] args) {
        Path dir = args.length > 0 ? Paths.get(args[0])
                : Settings.resultsRoot().resolve(Settings.get(Settings.RUN_ID_PROPERTY, "?"));
        if (!Files.isDirectory(dir.resolve("jmh"))) {
            System.err.println("kensho: cost model: no run folder at " + dir + "; nothing to fit");
            return;
        }
        System.setProperty(Settings.RUN_DIR_PROPERTY, dir.toString());
        Map<String, Object> out = fitAndPredict(dir);
        System.err.println("kensho: cost model " + out);
        if (!out.containsKey("skipped")) {
            Recorder.record("kinesis_cost_model", out);
        }
        RunFolder.at(dir).export();
    }

    /** Reads the run folder's JMH results and measurements; returns what is recorded. */
    public static Map<String, Object> fitAndPredict(Path dir) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<Point> points = sweepPoints(dir);
        if (points.size() < 3) {
            out.put("skipped", "fewer than 3 single-producer sweep cases in " + dir);
            return out;
        }
        Fit fit = fit(points);
        out.put("model", "ms per call = a + k*roundTripMs + b*recordsPerCall + d*bytesPerCall");
        out.put("a_ms", fit.a());
        out.put("k", fit.k());
        out.put("b_ms_per_record", fit.b());
        out.put("d_ms_per_byte", fit.d());
        out.put("points", fit.points());
        out.put("r2", fit.r2());
        out.put("roundTripMs", PUBLISHED_ROUND_TRIP_MS);
        out.put("predicted_putRecord_x1000_s", fit.seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES, 1, PUBLISHED_ROUND_TRIP_MS));
        out.put("predicted_putRecords_x2_s", fit.seconds(PUBLISHED_RECORDS, PUBLISHED_RECORD_BYTES, 500, PUBLISHED_ROUND_TRIP_MS));
        out.put("predicted_ratio", fit.ratio(PUBLISHED_ROUND_TRIP_MS));
        out.put("published_putRecord_x1000_s", PUBLISHED_PUT_RECORD_S);
        out.put("published_putRecords_x2_s", PUBLISHED_PUT_RECORDS_S);
        out.put("published_ratio", PUBLISHED_PUT_RECORD_S / PUBLISHED_PUT_RECORDS_S);
        // the same model solved for the write-up's two numbers: per call and per record as its script paid them
        double pubCallMs = PUBLISHED_PUT_RECORD_S * 1000 / PUBLISHED_RECORDS;
        out.put("published_implied_ms_per_call", pubCallMs);
        out.put("published_implied_ms_per_record", (PUBLISHED_PUT_RECORDS_S * 1000 / 2 - pubCallMs) / (PutRecordsBatcher.MAX_RECORDS - 1));
        out.putAll(measuredRatio(dir));
        return out;
    }

    static List<Point> sweepPoints(Path dir) {
        Path f = dir.resolve("jmh").resolve("BatchSweepBenchmark.json");
        List<Point> points = new ArrayList<>();
        if (!Files.exists(f)) {
            return points;
        }
        Map<String, Double> callsPerInvocation = new HashMap<>();
        for (JsonNode m : Results.jsonl(dir.resolve(Recorder.MEASUREMENTS_FILE))) {
            if ("putrecords_calls_per_invocation".equals(m.path("metric").asText())) {
                callsPerInvocation.merge(key(m.path("params")), m.path("value").asDouble(), (x, y) -> (x + y) / 2);
            }
        }
        JsonNode arr;
        try {
            arr = JSON.readTree(f.toFile());
        } catch (IOException e) {
            return points;
        }
        for (JsonNode b : arr) {
            JsonNode p = b.path("params");
            if (p.path("threads").asInt() != 1) {
                continue; // one producer: its calls are sequential, so time = calls × time per call
            }
            int batch = p.path("batchSize").asInt();
            int bytes = p.path("recordBytes").asInt();
            int calls = p.path("calls").asInt();
            double rtt = p.path("roundTripMs").asDouble();
            double ms = toMs(b.path("primaryMetric").path("score").asDouble(), b.path("primaryMetric").path("scoreUnit").asText());
            long records = (long) calls * batch;
            double actualCalls = callsPerInvocation.getOrDefault(key(p), (double) calls);
            double pk = 4; // mean decimal partition key length at these ids
            points.add(new Point(rtt, records / actualCalls, records * (bytes + pk) / actualCalls, ms / actualCalls));
        }
        return points;
    }

    private static String key(JsonNode params) {
        Map<String, String> m = new java.util.TreeMap<>();
        params.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asText()));
        // JMH writes "20.0"? keep numbers comparable
        m.replaceAll((k, v) -> v.endsWith(".0") ? v.substring(0, v.length() - 2) : v);
        return m.toString();
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
     * Least squares of {@code ms = a + k·rtt + b·records + d·bytes}; a column without spread (one round
     * trip, one record size) is left out and its coefficient fixed (k = 1: a call pays the proxy's round
     * trip once; d = 0: bytes folded into b).
     */
    public static Fit fit(List<Point> pts) {
        boolean useK = spread(pts, Point::rttMs);
        boolean useD = spread(pts, Point::bytesPerCall) && spread(pts, p -> p.bytesPerCall() / Math.max(1, p.recordsPerCall()));
        int n = 2 + (useK ? 1 : 0) + (useD ? 1 : 0);
        double[][] ata = new double[n][n];
        double[] aty = new double[n];
        for (Point p : pts) {
            double[] x = row(p, useK, useD);
            double y = p.msPerCall() - (useK ? 0 : p.rttMs());
            for (int i = 0; i < n; i++) {
                aty[i] += x[i] * y;
                for (int j = 0; j < n; j++) {
                    ata[i][j] += x[i] * x[j];
                }
            }
        }
        double[] c = solve(ata, aty);
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

    private static boolean spread(List<Point> pts, java.util.function.ToDoubleFunction<Point> f) {
        double min = pts.stream().mapToDouble(f).min().orElse(0);
        double max = pts.stream().mapToDouble(f).max().orElse(0);
        return max - min > 1e-9 * Math.max(1, Math.abs(max));
    }

    /** Gaussian elimination with partial pivoting (the systems here are 2×2 … 4×4). */
    static double[] solve(double[][] m, double[] v) {
        int n = v.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++) {
            a[i] = java.util.Arrays.copyOf(m[i], n + 1);
            a[i][n] = v[i];
        }
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) {
                    piv = r;
                }
            }
            double[] t = a[col];
            a[col] = a[piv];
            a[piv] = t;
            if (Math.abs(a[col][col]) < 1e-300) {
                throw new IllegalStateException("cost model: singular system (too few distinct sweep cases)");
            }
            for (int r = 0; r < n; r++) {
                if (r != col) {
                    double f = a[r][col] / a[col][col];
                    for (int c = col; c <= n; c++) {
                        a[r][c] -= f * a[col][c];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = a[i][n] / a[i][i];
        }
        return x;
    }

    /** Ratio measured by {@link PutRecordVsPutRecordsBenchmark}: time per record of putRecord ÷ of putRecords. */
    static Map<String, Object> measuredRatio(Path dir) {
        Map<String, Object> out = new LinkedHashMap<>();
        Path f = dir.resolve("jmh").resolve("PutRecordVsPutRecordsBenchmark.json");
        if (!Files.exists(f)) {
            return out;
        }
        try {
            double single = Double.NaN;
            double batch = Double.NaN;
            for (JsonNode b : JSON.readTree(f.toFile())) {
                String name = b.path("benchmark").asText();
                JsonNode p = b.path("params");
                double s = toMs(b.path("primaryMetric").path("score").asDouble(), b.path("primaryMetric").path("scoreUnit").asText()) / 1e3;
                if (name.endsWith(".putRecord")) {
                    int n = p.path("putRecordCalls").asInt();
                    single = s / n;
                    out.put("measured_putRecord_calls", n);
                    out.put("measured_putRecord_s", s);
                    out.put("measured_putRecord_x1000_s", single * PUBLISHED_RECORDS);
                    out.put("measured_roundTripMs", p.path("roundTripMs").asDouble());
                } else if (name.endsWith(".putRecords")) {
                    int n = p.path("records").asInt();
                    batch = s / n;
                    out.put("measured_putRecords_records", n);
                    out.put("measured_putRecords_s", s);
                }
            }
            if (!Double.isNaN(single) && !Double.isNaN(batch)) {
                out.put("measured_ratio", single / batch);
            }
        } catch (IOException e) {
            out.put("measured_ratio_error", e.getMessage());
        }
        return out;
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
