package dev.kensho.hbase.meter;

import dev.kensho.api.Kensho;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Query 1 of the write-up: a few meters' consumption series, one Scan per meter (the row key makes each
 * meter's series contiguous). Published (10M meters × 180 days, FAST_DIFF+GZ, 400 regions): single
 * thread, 100 meters, 247 rows/s for 1 day → 51,128 rows/s for 180 days; 100 meters × 180 days,
 * 1 → 100 threads: 51,128 → <b>356,387 rows/s</b> (the Scan side of the 47× Scan-vs-Get ratio).
 *
 * <p>One operation = the whole query: the last {@code days} days of {@code meters} meters, their Scans
 * spread over {@code threads} client threads (at most one thread per meter, as in the write-up; the
 * effective count is recorded). Successive operations read different meters of the data set. Every
 * meter's answer is checked: exactly {@code days × 48} rows ending at the data set's last reading.
 *
 * <p>Cases: {@code meters} {1, 10, 100} × {@code days} {1, 30, 180} × {@code threads} {1, 5, 10, 25, 50,
 * 100}; the data set is {@code datasetMeters} × {@code datasetDays} readings with
 * {@code encoding}/{@code codec} (FAST_DIFF/GZ, the write-up's) and {@code saltBuckets} regions, loaded
 * once per cluster and shared by every case (see {@link MeterDatasets}). Blocks are cached as a reading
 * application would: the data set fits in the block cache here, so this measures HBase's read path, not
 * disks.
 *
 * <p>Recorded (metric: unit): {@code work} — rows per operation, giving {@code records/s} (rows/s, the
 * write-up's unit); {@code effective_threads}: count. Scan vs Get: this class's {@code records/s} at
 * meters=100, days=180 and the most threads, divided by {@link LatestReadingGetBenchmark}'s at its most
 * meters and threads.
 *
 * <p>Sharded ({@link MeterQuery}): each shard scans its share of {@code meters} per operation, from its own part of the
 * data set, with its share of {@code threads}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=MeterScan}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
public class MeterScanBenchmark extends MeterQuery {

    public static final ParamRules RULES = MeterBench.schemaRules()
            .intRange("meters", 1, 100_000)
            .intRange("days", 1, MeterReadings.MAX_DAYS)
            .intRange("threads", 1, 256)
            .intRange("datasetMeters", 1, 10_000_000)
            .intRange("datasetDays", 1, MeterReadings.MAX_DAYS);

    @Param({"1", "10", "100"})
    int meters;

    @Param({"1", "30", "180"})
    int days;

    @Param({"1", "5", "10", "25", "50", "100"})
    int threads;

    @Param("100")
    int datasetMeters;

    @Param("180")
    int datasetDays;

    int firstSlot;
    long next;

    /** Meters one operation scans in this shard: its share of {@code meters} (all of them unsharded). */
    int perOperation;

    /** Trial set-up for one case (the sanity tests call it directly). */
    @Override
    protected void open(Case c) {
        MeterBench.require(meters <= datasetMeters, "meters", meters, "at most datasetMeters=" + datasetMeters);
        MeterBench.require(days <= datasetDays, "days", days, "at most datasetDays=" + datasetDays);
        MeterShard p = MeterShard.of(datasetMeters, Math.min(threads, meters)); // no more threads work than meters per operation
        perOperation = p.share(meters);
        openQuery(c, "scan", p, datasetMeters, datasetDays, Math.min(p.threads(), perOperation),
                (long) perOperation * days * MeterReadings.SLOTS_PER_DAY);
        firstSlot = (datasetDays - days) * MeterReadings.SLOTS_PER_DAY;
    }

    @Benchmark
    public long scanSeries() throws InterruptedException, ExecutionException {
        if (part.idle()) {
            return idle();
        }
        long base = next;
        next += perOperation;
        List<Callable<Long>> tasks = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            final int t = w;
            tasks.add(() -> {
                long n = 0;
                // Table instances are not thread-safe: one per task (they are light; the connection is shared)
                try (Table ht = target.connection().getTable(table)) {
                    for (int i = t; i < perOperation; i += workers) {
                        n += scanMeter(ht, part.meter(base + i));
                    }
                }
                return n;
            });
        }
        long total = 0;
        for (Future<Long> f : pool.invokeAll(tasks)) {
            total += f.get();
        }
        return total;
    }

    /** One meter's last {@code days} days; checks count, last slot and one value. */
    long scanMeter(Table htable, long meter) throws IOException {
        Scan scan = new Scan().withStartRow(keys.key(meter, firstSlot)).withStopRow(keys.key(meter, lastSlot), true)
                .setCaching(Math.min(10_000, days * MeterReadings.SLOTS_PER_DAY + 1));
        long n = 0;
        Result lastRow = null;
        try (ResultScanner rs = htable.getScanner(scan)) {
            for (Result r = rs.next(); r != null; r = rs.next()) {
                n++;
                lastRow = r;
            }
        }
        long expected = (long) days * MeterReadings.SLOTS_PER_DAY;
        if (n != expected || keys.slot(lastRow.getRow()) != lastSlot || keys.meterId(lastRow.getRow()) != meter) {
            throw new IllegalStateException("meter " + meter + ": " + n + " rows ending at "
                    + (lastRow == null ? "nothing" : keys.toString(lastRow.getRow())) + ", expected " + expected
                    + " ending at slot " + lastSlot);
        }
        checkValue(keys, readings, lastRow);
        return n;
    }

    public static void main(String[] args) {
        Kensho.main(MeterScanBenchmark.class, args);
    }
}
