package dev.kensho.hbase.meter;

import dev.kensho.api.Kensho;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
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
 * Query 2 of the write-up: the latest reading of many meters, one Get per meter sent in batches
 * ({@code Table.get(List<Get>)}), over several client threads — the readings sit far apart in the key
 * order, so this is random access. Published: 10M meters, 1 → 100 threads: 1,002 → <b>7,574 rows/s</b>;
 * 1M and 10M meters gave about the same; Scan beat Get by 47× (356,387 vs 7,574 rows/s).
 *
 * <p>One operation = the latest reading of all {@code meters} meters of a fleet table holding
 * {@code meters} meters × {@code fleetDays} days, split over {@code threads} threads, {@code batch} Gets
 * per request. Every reading is checked: present, at the fleet's last half-hour slot, with the
 * generator's value.
 *
 * <p>Cases: {@code meters} {10k, 100k, 1M, 10M} (scale files trim to what loads in minutes) ×
 * {@code threads} {1, 5, 10, 25, 50, 100} × {@code batch}; schema {@code encoding}/{@code codec}
 * (FAST_DIFF/GZ) and {@code saltBuckets} regions. The fleet is loaded once per cluster per size.
 *
 * <p>Recorded (metric: unit): {@code work} — meters (rows) per operation, giving {@code records/s};
 * {@code effective_threads}: count. Scan vs Get = {@link MeterScanBenchmark}'s {@code records/s}
 * (100 meters × 180 days, most threads) ÷ this class's (most meters and threads).
 *
 * <p>Sharded ({@link MeterQuery}): {@code meters} is the whole fleet; each shard reads the latest readings of its own
 * part of it, with its share of {@code threads}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=LatestReadingGet}, or this class's
 * {@code main}.
 */
@State(Scope.Benchmark)
public class LatestReadingGetBenchmark extends MeterQuery {

    public static final ParamRules RULES = MeterBench.schemaRules()
            .intRange("meters", 1, 10_000_000)
            .intRange("threads", 1, 256)
            .intRange("batch", 1, 100_000)
            .intRange("fleetDays", 1, MeterReadings.MAX_DAYS);

    @Param({"10000", "100000", "1000000", "10000000"})
    int meters;

    @Param({"1", "5", "10", "25", "50", "100"})
    int threads;

    @Param("1000")
    int batch;

    @Param("1")
    int fleetDays;

    /** Trial set-up for one case (the sanity tests call it directly). */
    @Override
    protected void open(Case c) {
        MeterShard p = MeterShard.of(meters, threads);
        openQuery(c, "get", p, meters, fleetDays, Math.min(p.threads(), p.meters()), p.meters());
    }

    @Benchmark
    public long multiGetLatest() throws InterruptedException, ExecutionException {
        if (part.idle()) {
            return idle();
        }
        List<Callable<Long>> tasks = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            final int t = w;
            tasks.add(() -> latest(t));
        }
        long total = 0;
        for (Future<Long> f : pool.invokeAll(tasks)) {
            total += f.get();
        }
        if (total != part.meters()) {
            throw new IllegalStateException("got " + total + " latest readings, expected " + part.meters());
        }
        return total;
    }

    /** Worker {@code t}: meters {@code m ≡ t (mod workers)}, {@code batch} Gets per request, each checked. */
    long latest(int t) throws IOException {
        long n = 0;
        List<Get> gets = new ArrayList<>(batch);
        List<Long> ids = new ArrayList<>(batch);
        // Table instances are not thread-safe: one per task
        try (Table ht = target.connection().getTable(table)) {
            for (long m = part.firstMeter() + t; m < part.firstMeter() + part.meters(); m += workers) {
                gets.add(new Get(keys.key(m, lastSlot)).addColumn(MeterSchema.FAMILY, MeterSchema.QUALIFIER));
                ids.add(m);
                if (gets.size() == batch) {
                    n += send(ht, gets, ids);
                }
            }
            if (!gets.isEmpty()) {
                n += send(ht, gets, ids);
            }
        }
        return n;
    }

    private long send(Table ht, List<Get> gets, List<Long> ids) throws IOException {
        Result[] rs = ht.get(gets);
        for (int i = 0; i < rs.length; i++) {
            Result r = rs[i];
            if (r.isEmpty() || keys.meterId(r.getRow()) != ids.get(i) || keys.slot(r.getRow()) != lastSlot) {
                throw new IllegalStateException("meter " + ids.get(i) + ": latest reading "
                        + (r.isEmpty() ? "missing" : keys.toString(r.getRow())) + ", expected slot " + lastSlot);
            }
            checkValue(keys, readings, r);
        }
        gets.clear();
        ids.clear();
        return rs.length;
    }

    public static void main(String[] args) {
        Kensho.main(LatestReadingGetBenchmark.class, args);
    }
}
