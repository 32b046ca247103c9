package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HFiles;
import org.apache.hadoop.hbase.TableName;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

/**
 * The NONE/NONE table of the compression matrix's rows: the HFile bytes every cell's {@code hfile_ratio_to_none} is
 * divided by. Loaded, flushed, major-compacted, checked and full-scanned once per JVM and data shape (this record's
 * fields: the rows and the regime they are loaded in), untimed, before the first {@code load} trial — so this pass is
 * also the JVM's first over every code path, which NONE/NONE would otherwise pay alone as the matrix's first cell.
 */
record MatrixBaseline(int meters, int days, int saltBuckets, int flushesPerRegion, int threads, int rowsPerRequest) {

    /** NONE/NONE HFile bytes per data shape and regime, measured once per JVM. */
    private static final Map<MatrixBaseline, Long> BYTES = new ConcurrentHashMap<>();

    /** The NONE/NONE bytes of these rows in this regime, loaded on {@code target} by {@code pool} the first time. */
    long bytes(HBaseTarget target, MeterReadings readings, ExecutorService pool) {
        return BYTES.computeIfAbsent(this, k -> {
            long rows = (long) meters * days * MeterReadings.SLOTS_PER_DAY;
            MeterSchema none = new MeterSchema("NONE", "NONE", saltBuckets);
            MatrixRegime noneRegime = new MatrixRegime(none, readings, rows, flushesPerRegion);
            TableName tn = none.tableName(target, "baseline");
            noneRegime.create(target, tn);
            MeterLoader.load(target.connection(), tn, none.rowKey(), readings, meters, days, threads,
                    rowsPerRequest, LoadClient.BUFFERED_MUTATOR, pool, System.err);
            target.flushAndCompact(tn);
            List<HFiles.StoreFile> files = target.storeFiles(tn);
            MatrixRegime.verify(files, "NONE", "NONE", rows);
            long n = MatrixScan.rows(target, tn, none.rowKey(), readings);
            target.dropTable(tn);
            if (n != rows) {
                throw new IllegalStateException("full scan of " + tn + " returned " + n + " rows, expected " + rows);
            }
            return HFiles.totalBytes(files);
        });
    }
}
