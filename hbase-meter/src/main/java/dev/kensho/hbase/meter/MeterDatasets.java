package dev.kensho.hbase.meter;

import dev.kensho.common.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.TableName;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

/**
 * Read-only data sets the query benchmarks share: {@code meters × days} readings with a schema,
 * loaded, flushed and major-compacted once per JVM and reused by every trial in it that needs the same one.
 * A JMH fork is one trial with a cluster of its own, so a forked run loads its data set in every fork. On an embedded or container target they live as long as it; on
 * an external cluster {@link #release} drops them at the end of each trial so nothing is left behind.
 */
final class MeterDatasets {

    /** Loader settings for data sets (not measured): enough threads to keep both cores busy. */
    static final int LOAD_THREADS = 4;
    static final int LOAD_ROWS_PER_REQUEST = 2_000;

    private static final Map<TableName, Long> LOADED = new ConcurrentHashMap<>();

    private MeterDatasets() {
    }

    static synchronized TableName get(HBaseTarget target, MeterSchema schema, int meters, int days) {
        TableName tn = schema.tableName(target, "ds" + meters + "x" + days);
        long rows = (long) meters * days * MeterReadings.SLOTS_PER_DAY;
        Long have = LOADED.get(tn);
        if (have != null && have == rows && target.exists(tn)) {
            return tn;
        }
        schema.create(target, tn);
        ExecutorService pool = MeterBench.pool("dataset", LOAD_THREADS);
        try {
            MeterLoader.load(target.connection(), tn, schema.rowKey(), new MeterReadings(MeterBench.SEED), meters, days,
                    LOAD_THREADS, LOAD_ROWS_PER_REQUEST, LoadClient.BUFFERED_MUTATOR, pool, System.err);
        } finally {
            MeterBench.shutdown(pool);
        }
        target.flushAndCompact(tn);
        LOADED.put(tn, rows);
        return tn;
    }

    static synchronized void release(HBaseTarget target, TableName tn) {
        if (target.kind() == HBaseTarget.Kind.EXTERNAL) {
            target.dropTable(tn);
            LOADED.remove(tn);
        }
    }
}
