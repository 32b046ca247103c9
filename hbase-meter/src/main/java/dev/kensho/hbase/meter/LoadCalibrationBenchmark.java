package dev.kensho.hbase.meter;

import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HBaseTargets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.PerformanceEvaluation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.util.ToolRunner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Is the suite's load path the bottleneck? Calibration against HBase's own load tool: the same number
 * of rows written by HBase's {@code PerformanceEvaluation sequentialWrite --nomapred} (from
 * {@code hbase-mapreduce}'s test jar, run in this JVM against the same cluster) and by the suite's
 * {@link MeterLoader} with the same client threads, BufferedMutator, the same region count and a value
 * of the same size (5 bytes). The two rows/s side by side are the calibration row of the report.
 *
 * <ul>
 * <li>{@code performanceEvaluation} — single shot: {@code PerformanceEvaluation --nomapred --oneCon=true
 *     --rows=<rows/threads> --valueSize=5 --table=<ns>:pe_calibration sequentialWrite <threads>}
 *     through {@code ToolRunner}. The time includes PE's own set-up per run (one connection, a
 *     table-exists check: tens of ms), which PE's own report excludes.</li>
 * <li>{@code meterLoader} — single shot: {@code rows} meter readings (rows/48 meters × 1 day) with
 *     {@code threads} BufferedMutator clients, 10,000 rows per request (≈ PE's 2 MB write buffer).</li>
 * </ul>
 * Both write into a table that exists before the first iteration and overwrite the same rows each
 * iteration, {@code regions} regions, NONE/NONE. The first iteration is a warm-up. After every iteration
 * (warm-up included) a key-only scan must count exactly {@code rows} rows, each with a cell written in that
 * iteration (its server-assigned timestamp later than any the previous check saw), else the run fails.
 *
 * <p>Recorded (metric: unit): {@code work} — rows per operation, giving {@code records/s}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=LoadCalibration}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LoadCalibrationBenchmark extends AbstractMeterBenchmark {

    public static final ParamRules RULES = ParamRules.of()
            .intRange("threads", 1, 64)
            .intRange("rows", 48, 100_000_000)
            .intRange("regions", 1, MeterRowKey.MAX_SALT_BUCKETS)
            .preflight(HBaseTargets::preflight)
            .classServer(HBaseTargets.SHARE_KEY, HBaseTargets::forClass);

    static final int PE_VALUE_SIZE = 5;
    static final int LOADER_ROWS_PER_REQUEST = 10_000;

    @Param({"1", "4"})
    int threads;

    @Param("96000")
    int rows;

    @Param("8")
    int regions;

    HBaseTarget target;
    Case label;
    TableName peTable;
    TableName meterTable;
    MeterSchema schema;
    MeterReadings readings;
    ExecutorService pool;
    boolean pe;
    /** Iterations whose rows were counted and found right. */
    int checks;
    /** Newest cell timestamp (ms, region server clock) the previous check saw: later cells were written since. */
    long writtenAfter;

    /** Trial set-up for one case (the sanity tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        MeterBench.require(rows % (48 * threads) == 0, "rows", rows, "a multiple of 48 × threads (" + 48 * threads + ")");
        target = MeterBench.target();
        pe = label.benchmark().endsWith(".performanceEvaluation");
        if (pe) {
            peTable = target.table("pe_calibration");
            // created by the suite (so it may drop it) with PE's schema: PE finds it and writes into it
            byte[][] splits = new byte[regions - 1][];
            for (int i = 1; i < regions; i++) {
                splits[i - 1] = PerformanceEvaluation.format((long) rows * i / regions);
            }
            target.createTable(TableDescriptorBuilder.newBuilder(peTable)
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.of(PerformanceEvaluation.FAMILY_ZERO)).build(), splits);
        } else {
            schema = new MeterSchema("NONE", "NONE", regions);
            meterTable = schema.tableName(target, "calibration");
            schema.create(target, meterTable);
            readings = new MeterReadings(MeterBench.SEED);
            pool = MeterBench.pool("calibration", threads);
        }
        Recorder.work(label.benchmark(), label.params(), rows, 0);
    }

    @Benchmark
    public int performanceEvaluation() throws Exception {
        Configuration conf = new Configuration(target.configuration());
        String[] args = {"--nomapred", "--oneCon=true", "--rows=" + rows / threads, "--valueSize=" + PE_VALUE_SIZE,
                "--table=" + peTable.getNameAsString(), "sequentialWrite", Integer.toString(threads)};
        int rc = ToolRunner.run(conf, new PerformanceEvaluation(conf), args);
        if (rc != 0) {
            throw new TargetFailure("PerformanceEvaluation " + String.join(" ", args) + " exited with " + rc);
        }
        return rc;
    }

    @Benchmark
    public long meterLoader() {
        return MeterLoader.load(target.connection(), meterTable, schema.rowKey(), readings, rows / 48, 1, threads,
                LOADER_ROWS_PER_REQUEST, LoadClient.BUFFERED_MUTATOR, pool, System.err).rows();
    }

    /**
     * After every iteration (warm-up included): the table must hold exactly {@code rows} rows, and every one
     * of them must carry a cell written in this iteration, else the run fails. Both loaders rewrite the same
     * row keys each iteration, so a row count alone would pass an iteration that wrote nothing (the previous
     * iteration's rows are still there). What tells this iteration's writes apart is the cell timestamp:
     * neither PE ({@code put.addColumn} without a timestamp) nor {@link MeterLoader} sets one, so the
     * region server stamps each cell with its clock when it applies the write. A row counts as written in
     * this iteration when its newest cell is later than the newest cell the previous check saw
     * ({@link #writtenAfter}); this iteration's writes all happen after that check finished. So the
     * measured operation is unchanged (same keys, values and client calls); only this check's scan reads
     * timestamps too. A region-server clock stepped back between iterations would fail the check (never
     * pass a wrong iteration).
     */
    @TearDown(Level.Iteration)
    public void checkRows() throws IOException {
        TableName tn = pe ? peTable : meterTable;
        long[] count = countRows(target, tn, writtenAfter);
        requireWritten(tn.getNameAsString(), rows, count[0], count[1]);
        writtenAfter = Math.max(writtenAfter, count[2]);
        checks++;
    }

    /** {rows, rows whose newest cell is later than {@code after} (ms), newest cell timestamp seen} of a table. */
    static long[] countRows(HBaseTarget target, TableName table, long after) throws IOException {
        long n = 0;
        long fresh = 0;
        long newest = 0;
        // one cell per row (both tables have one column), key and timestamp only
        Scan scan = new Scan().setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()))
                .setCaching(10_000).setCacheBlocks(false);
        try (Table t = target.connection().getTable(table); ResultScanner rs = t.getScanner(scan)) {
            for (Result r = rs.next(); r != null; r = rs.next()) {
                long ts = 0;
                for (Cell c : r.rawCells()) {
                    ts = Math.max(ts, c.getTimestamp());
                }
                n++;
                if (ts > after) {
                    fresh++;
                }
                newest = Math.max(newest, ts);
            }
        }
        return new long[]{n, fresh, newest};
    }

    /**
     * The iteration's answer: the table holds {@code expected} rows ({@code found}) and all of them were
     * written in this iteration ({@code writtenNow}); else a one-line {@link IllegalStateException} naming
     * expected vs found.
     */
    static void requireWritten(String table, long expected, long found, long writtenNow) {
        if (found != expected || writtenNow != expected) {
            throw new IllegalStateException(table + " holds " + found + " rows after a calibration run, " + writtenNow
                    + " of them written in this iteration (cell timestamps), expected " + expected + " and " + expected);
        }
    }

    @Override
    protected void close() {
        MeterBench.shutdown(pool);
        TableName tn = pe ? peTable : meterTable;
        if (tn != null) {
            target.dropTable(tn);
        }
    }

    public static void main(String[] args) {
        Kensho.main(LoadCalibrationBenchmark.class, args);
    }
}
