package dev.kensho.hbase.meter;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.shard.Shard;
import dev.kensho.targets.hbase.EmbeddedHBase;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.TableName;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

/**
 * Read-only data sets the query benchmarks share: {@code meters × days} readings with a schema,
 * loaded, flushed and major-compacted once per cluster and reused by every trial that needs the same one.
 * In a benchmark run the forks of a class share the embedded cluster the launcher started: the first fork
 * loads a data set and, when it is complete, leaves a mark in the cluster's folder
 * ({@code datasets/<table>.<rows>}); a later fork that finds the mark and the table reuses it (a fork that
 * died mid-load left no mark, so the next one loads again). On an embedded or container target they live as
 * long as it; on an external cluster {@link #release} drops them at the end of each trial so nothing is
 * left behind.
 */
final class MeterDatasets {

    /** Loader settings for data sets (not measured): enough threads to keep both cores busy. */
    static final int LOAD_THREADS = 4;
    static final int LOAD_ROWS_PER_REQUEST = 2_000;

    private static final Map<TableName, Long> LOADED = new ConcurrentHashMap<>();

    private MeterDatasets() {
    }

    static synchronized TableName get(HBaseTarget target, MeterSchema schema, int meters, int days) {
        return get(target, schema, new MeterShard(Shard.WHOLE, 1, 0, meters, 1), meters, days);
    }

    /** The data set of {@code totalMeters} × {@code days} readings, or a shard's {@code part} of its meters in a table of the shard's. */
    static synchronized TableName get(HBaseTarget target, MeterSchema schema, MeterShard part, int totalMeters, int days) {
        TableName tn = schema.tableName(target, "ds" + totalMeters + "x" + days + part.tablePart());
        int meters = part.meters();
        long rows = (long) meters * days * MeterReadings.SLOTS_PER_DAY;
        Long have = LOADED.get(tn);
        if (have != null && have == rows && target.exists(tn)) {
            return tn;
        }
        Path mark = mark(target, tn, rows);
        if (mark != null && Files.exists(mark) && target.exists(tn)) {
            LOADED.put(tn, rows);
            return tn;
        }
        schema.create(target, tn);
        ExecutorService pool = MeterBench.pool("dataset", LOAD_THREADS);
        try {
            MeterLoader.load(target.connection(), tn, schema.rowKey(), new MeterReadings(MeterBench.SEED), part.firstMeter(), meters, days,
                    LOAD_THREADS, LOAD_ROWS_PER_REQUEST, LoadClient.BUFFERED_MUTATOR, pool, System.err);
        } finally {
            MeterBench.shutdown(pool);
        }
        target.flushAndCompact(tn);
        LOADED.put(tn, rows);
        if (mark != null) {
            try {
                Files.createDirectories(mark.getParent());
                Files.writeString(mark, rows + " rows loaded, flushed and major-compacted\n");
            } catch (IOException e) {
                throw new TargetFailure("cannot write " + mark + " (" + e.getMessage() + ")", e);
            }
        }
        return tn;
    }

    /** The completion mark of a data set in a cluster the class's forks share, or null if it is not shared. */
    private static Path mark(HBaseTarget target, TableName tn, long rows) {
        if (target instanceof EmbeddedHBase e && e.attached()) {
            return e.dir().resolve("datasets").resolve(tn.getNameAsString().replace(':', '_') + "." + rows);
        }
        return null;
    }

    static synchronized void release(HBaseTarget target, TableName tn) {
        if (target.kind() == HBaseTarget.Kind.EXTERNAL) {
            target.dropTable(tn);
            LOADED.remove(tn);
        }
    }
}
