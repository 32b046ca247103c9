package dev.kensho.hbase.meter;

import dev.kensho.report.cost.Estimate;
import dev.kensho.report.cost.Prices;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What each encoding × codec costs to keep and to process, at report time, from {@link CompressionMatrixBenchmark}'s
 * rows: bytes per reading ({@code hfile_bytes} after the major compaction ÷ the case's meters × days ×
 * {@value MeterReadings#SLOTS_PER_DAY} readings), the storage one year of a {@value #FLEET}-meter fleet needs (a
 * reading every 30 minutes: {@value MeterReadings#SLOTS_PER_DAY} a day, 365 days) and what that stock costs per
 * month on EBS gp3 under HDFS ({@value #HDFS_REPLICAS} replicas, HDFS's default) and on S3 Standard (one copy: HBase
 * on S3); beside it the server CPU each case cost per million rows loaded and scanned ({@code cpu.server} cores ×
 * the single-shot time of {@code load} / {@code fullScan}, ÷ rows).
 *
 * <p>Why here: the write-up ranks by size, load and scan time; this puts the same measurements in money and
 * core-seconds. The fleet, the replicas and the prices are set by the suite; the readings are synthetic
 * ({@link MeterReadings}), so real meter data may compress differently. Intervals: the recorded size's 99.9%
 * Student t interval scaled by those set numbers; CPU × time by {@link Estimate#times(Estimate)}.
 */
final class MeterCostTable {

    static final long FLEET = 10_000_000L;
    static final int HDFS_REPLICAS = 3;
    static final String EBS = "gp3-storage";
    static final String S3 = "standard-storage";
    private static final String MATRIX = "CompressionMatrixBenchmark";
    /** GB as AWS bills storage (2^30 bytes). */
    private static final double GB = 1024.0 * 1024 * 1024;

    private MeterCostTable() {
    }

    static Table table(List<Results.Row> rows) {
        return table(rows, prices());
    }

    /** The prices in use (hbase-meter's prices.csv, overridden by kensho.prices); a bad file is one line before the run. */
    static Prices.Table prices() {
        return Prices.load(MeterCostTable.class, "hbase-meter", EBS, S3);
    }

    static void checkPrices() {
        prices();
    }

    static Table table(List<Results.Row> rows, Prices.Table prices) {
        String cur = prices.currency();
        double readingsPerYear = FLEET * MeterReadings.SLOTS_PER_DAY * 365.0;
        Table t = Table.of("Storage and server CPU per encoding × codec for " + Export.fmt(FLEET) + " meters, a reading every 30"
                        + " minutes, one year kept (" + Export.fmt(readingsPerYear) + " readings; fleet set by the suite). Prices set by"
                        + " the suite: " + prices.get(EBS).setBySuite() + " × " + HDFS_REPLICAS + " HDFS replicas; "
                        + prices.get(S3).setBySuite() + " × 1 copy. GB = 2^30 bytes. Server CPU: cpu.server cores × the single-shot"
                        + " time, per million rows. [ ] is the 99.9% interval carried from the measurement; synthetic readings.",
                "encoding + codec", ">bytes per reading", ">GB per year (10M meters)", ">" + cur + "/month EBS gp3 ×" + HDFS_REPLICAS,
                ">" + cur + "/month S3", ">server CPU-s per million rows loaded", ">… scanned", "rests on");
        for (Results.Row size : rows) {
            if (!size.cls().equals(MATRIX) || !size.method().equals("load") || !size.metric().equals("hfile_bytes")) {
                continue;
            }
            double caseRows = Double.parseDouble(size.param("meters")) * Double.parseDouble(size.param("days"))
                    * MeterReadings.SLOTS_PER_DAY;
            Estimate perReading = Estimate.of(size).times(1 / caseRows);
            Estimate gb = perReading.times(readingsPerYear / GB);
            t.row(size.param("encoding") + " + " + size.param("codec"), perReading.shown(), gb.shown(),
                    gb.times(HDFS_REPLICAS * prices.price(EBS)).shown(), gb.times(prices.price(S3)).shown(),
                    cpuPerMillion(rows, size, "load", caseRows), cpuPerMillion(rows, size, "fullScan", caseRows),
                    MATRIX + " hfile_bytes, cpu.server, ss " + size.paramString());
        }
        if (t.rows().isEmpty()) {
            t.row("–", "–", "–", "–", "–", "–", "–", "no " + MATRIX + " hfile_bytes row in this run");
        }
        return t;
    }

    /** Server core-seconds per million rows of {@code method} for the case of {@code size}; "not measured" without CPU rows. */
    static String cpuPerMillion(List<Results.Row> rows, Results.Row size, String method, double caseRows) {
        Results.Row cores = find(rows, size, method, "cpu.server");
        Results.Row time = find(rows, size, method, "ss");
        if (cores == null || time == null) {
            return "not measured";
        }
        return Estimate.of(cores).times(Estimate.of(time).times(seconds(time.unit()))).times(1e6 / caseRows).shown();
    }

    private static Results.Row find(List<Results.Row> rows, Results.Row size, String method, String metric) {
        List<Results.Row> out = new ArrayList<>();
        for (Results.Row r : rows) {
            if (r.cls().equals(MATRIX) && r.method().equals(method) && r.metric().equals(metric) && r.params().equals(size.params())) {
                out.add(r);
            }
        }
        return out.isEmpty() ? null : out.get(0);
    }

    /** Seconds in one unit of a JMH time per operation ({@code ms/op} → 0.001). */
    static double seconds(String unit) {
        String u = unit.toLowerCase(Locale.ROOT);
        return u.startsWith("ns") ? 1e-9 : u.startsWith("us") ? 1e-6 : u.startsWith("ms") ? 1e-3
                : u.startsWith("min") ? 60 : 1;
    }
}
