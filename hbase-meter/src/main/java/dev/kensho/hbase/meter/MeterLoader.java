package dev.kensho.hbase.meter;

import dev.kensho.common.TargetFailure;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Puts {@code meters × days × 48} readings into a meter table with {@code threads} client threads.
 * Rows go in time order (every meter's 00:00 reading, then every meter's 00:30 …), as meters report;
 * thread {@code t} owns the meters {@code m ≡ t (mod threads)} (counted from the first meter). Loads longer than 10 s print their
 * progress to stderr.
 */
public final class MeterLoader {

    static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private MeterLoader() {
    }

    /** What a load wrote. */
    public record Loaded(long rows, long bytes) {
    }

    public static Loaded load(Connection conn, TableName table, MeterRowKey keys, MeterReadings readings,
                              int meters, int days, int threads, int rowsPerRequest, LoadClient client,
                              ExecutorService pool, PrintStream progress) {
        return load(conn, table, keys, readings, 0, meters, days, threads, rowsPerRequest, client, pool, progress);
    }

    /** As above for the meters {@code firstMeter … firstMeter + meters − 1} (a shard's part of a run's meters). */
    public static Loaded load(Connection conn, TableName table, MeterRowKey keys, MeterReadings readings, long firstMeter,
                              int meters, int days, int threads, int rowsPerRequest, LoadClient client,
                              ExecutorService pool, PrintStream progress) {
        int slots = days * MeterReadings.SLOTS_PER_DAY;
        int workers = Math.min(threads, meters);
        long putHeap = samplePut(keys, readings).heapSize();
        AtomicLong rows = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        List<Future<?>> fs = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            final int t = w;
            fs.add(pool.submit(() -> {
                long n = 0;
                long b = 0;
                try (LoadClient.Writer out = client.open(conn, table, rowsPerRequest, putHeap)) {
                    for (int s = 0; s < slots; s++) {
                        for (long i = t; i < meters; i += workers) {
                            long m = firstMeter + i;
                            byte[] k = keys.key(m, s);
                            byte[] v = readings.value(m, s);
                            out.put(new Put(k).addColumn(MeterSchema.FAMILY, MeterSchema.QUALIFIER, v));
                            n++;
                            b += k.length + v.length;
                            if ((n & 1023) == 0) {
                                rows.addAndGet(1024);
                            }
                        }
                    }
                }
                rows.addAndGet(n & 1023);
                bytes.addAndGet(b);
                return null;
            }));
        }
        long total = (long) meters * slots;
        long start = System.nanoTime();
        for (Future<?> f : fs) {
            while (true) {
                try {
                    f.get(PROGRESS_EVERY_NANOS, TimeUnit.NANOSECONDS);
                    break;
                } catch (TimeoutException stillRunning) {
                    if (progress != null) {
                        double s = (System.nanoTime() - start) / 1e9;
                        progress.printf("kensho: loading %s: %,d of %,d rows (%,.0f rows/s)%n", table, rows.get(), total, rows.get() / s);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetFailure("interrupted while loading " + table);
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    throw new TargetFailure("loading " + table + " failed (" + c.getClass().getSimpleName() + ": "
                            + String.valueOf(c.getMessage()).lines().findFirst().orElse("") + ")", c);
                }
            }
        }
        if (rows.get() != total) {
            throw new IllegalStateException("loader wrote " + rows.get() + " rows, expected " + total);
        }
        return new Loaded(total, bytes.get());
    }

    static Put samplePut(MeterRowKey keys, MeterReadings readings) {
        return new Put(keys.key(0, 0)).addColumn(MeterSchema.FAMILY, MeterSchema.QUALIFIER, readings.value(0, 0));
    }
}
