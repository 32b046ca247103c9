package dev.kensho.hbase.meter;

import dev.kensho.api.Kensho;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.Windows;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How fast can meter readings be put into HBase, and what does that depend on? Part 1 of the write-up
 * (summarised in part 2): 64 client threads and 10,000 rows per request, 400 regions; more client
 * threads raised put throughput about <b>7×</b>. Here: rows/s vs client threads, rows per request,
 * {@code BufferedMutator} vs {@code Table.put(List)}, and salt buckets (0 = no salt: one region takes
 * every write — the hot spot).
 *
 * <p>One operation = load {@code meters × days × 48} readings into an empty pre-split table
 * (single-shot; the table is re-created before each iteration, outside the measured time). The answer is
 * checked after every iteration: a scan must count exactly the rows written, else the run fails.
 *
 * <p>Cases: {@code client} {BUFFERED_MUTATOR, TABLE_PUT} × {@code threads} {1, 4, 16, 64} ×
 * {@code rowsPerRequest} {1, 100, 1000, 10000} × {@code saltBuckets} {0, 8}; data {@code meters} × {@code days};
 * schema {@code encoding}/{@code codec} (NONE/NONE: the load path alone). Scale files trim the product.
 *
 * <p>Recorded beside JMH's time (metric: unit):
 * <ul>
 * <li>{@code work} — rows and key+value bytes per operation: the export derives {@code records/s} (rows/s) and MiB/s;</li>
 * <li>{@code max_region_write_share}: fraction — the busiest region's share of the table's write requests
 *     (1.0 without salt; ≈ 1/saltBuckets with it);</li>
 * <li>{@code regions}: count — regions of the table.</li>
 * </ul>
 *
 * <p>Client threads and the mini cluster's handlers share this machine's cores: on 2 cores the
 * published 7× from 64 clients cannot appear; the curve's shape (where it flattens) is the result.
 *
 * <p>Sharded ({@code -Dkensho.shard=i/N}, {@link MeterShard}): {@code meters} and {@code threads} are the whole run's;
 * each shard loads its own consecutive part of the meters with its share of the threads into a table of its own, and
 * checks its own rows (count, and every row key one of its meters). With {@code -Dkensho.startAt} every shard's load
 * starts on the same boundary of the region server's clock ({@link dev.kensho.targets.hbase.HBaseClock}); {@code Merge}
 * takes the longest shard's time per aligned iteration and the sum of their rows, so the merged rows/s is what the
 * N machines loaded together. Recorded per trial: {@code rows_written} and {@code rows_read_back} (records), summed
 * by {@code Merge}; {@code effective_threads} (count: this shard's threads at work).
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=MeterLoad} (add
 * {@code -Dkensho.args="-p threads=64 -p rowsPerRequest=10000"}), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class MeterLoadBenchmark extends AbstractMeterBenchmark {

    public static final ParamRules RULES = MeterBench.schemaRules()
            .oneOf("client", LoadClient.class)
            .intRange("threads", 1, 256)
            .intRange("rowsPerRequest", 1, 100_000)
            .intRange("meters", 1, 10_000_000)
            .intRange("days", 1, MeterReadings.MAX_DAYS);

    @Param({"BUFFERED_MUTATOR", "TABLE_PUT"})
    LoadClient client;

    @Param({"1", "4", "16", "64"})
    int threads;

    @Param({"1", "100", "1000", "10000"})
    int rowsPerRequest;

    @Param({"0", "8"})
    int saltBuckets;

    @Param("1000")
    int meters;

    @Param("2")
    int days;

    @Param("NONE")
    String encoding;

    @Param("NONE")
    String codec;

    HBaseTarget target;
    MeterSchema schema;
    TableName table;
    ExecutorService pool;
    MeterReadings readings;
    Case label;
    MeterLoader.Loaded last;
    /** Iterations whose rows were counted and found right. */
    int checks;
    MeterShard part;
    /** The table was made for the next iteration already (by the trial's set-up, before the shards' common start). */
    boolean fresh;
    long rowsWritten;
    long rowsReadBack;

    /** Trial set-up for one case (the sanity tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        schema = new MeterSchema(encoding, codec, saltBuckets);
        target = MeterBench.target();
        table = schema.tableName(target, "load");
        readings = new MeterReadings(MeterBench.SEED);
        part = MeterShard.of(meters, threads);
        pool = MeterBench.pool("load", Math.max(1, part.threads()));
        part.record(label, Math.min(part.threads(), part.meters()));
        part.declareIdle(label);
    }

    /** In a JMH trial: the first iteration's empty table, made before the shards' common start, not after it. */
    @Override
    protected void begin() {
        schema.create(target, table);
        fresh = true;
        MeterShard.beginTrial(target);
    }

    @Setup(Level.Iteration)
    public void emptyTable() {
        if (!fresh) {
            schema.create(target, table);
        }
        fresh = false;
        Windows.begin(); // shards: every load starts on the same boundary
    }

    @Benchmark
    public long load() {
        last = MeterLoader.load(target.connection(), table, schema.rowKey(), readings, part.firstMeter(), part.meters(),
                days, part.threads(), rowsPerRequest, client, pool, System.err);
        return last.rows();
    }

    /** After every iteration (warm-up included): the window of a shard's measured one, then {@link #checkRows()}. */
    @TearDown(Level.Iteration)
    public void endIteration(IterationParams ip) throws IOException {
        Windows.end(label, ip.getType() == IterationType.MEASUREMENT);
        checkRows();
    }

    /**
     * After every iteration (warm-up included): the table must hold exactly the rows written, else the
     * run fails. The work and the region share are recorded once (they are the same every iteration).
     */
    void checkRows() throws IOException {
        if (last == null) {
            throw new IllegalStateException(table + ": the iteration ended without a load");
        }
        long expected = (long) part.meters() * days * MeterReadings.SLOTS_PER_DAY;
        rowsWritten += last.rows();
        long counted = countRows(target, table, schema.rowKey(), part);
        rowsReadBack += counted;
        MeterLoader.Loaded done = last;
        last = null; // the next iteration must load again to pass
        if (counted != expected || done.rows() != expected) {
            throw new IllegalStateException(table + " holds " + counted + " rows after a load that reported "
                    + done.rows() + ", expected " + expected);
        }
        checks++;
        if (checks == 1) {
            Recorder.work(label.benchmark(), label.params(), done.rows(), done.bytes());
            recordRegionShare();
        }
    }

    private void recordRegionShare() throws IOException {
        long total = 0;
        long max = 0;
        int regions = 0;
        try (Admin admin = target.connection().getAdmin()) {
            for (ServerName sn : admin.getRegionServers()) {
                for (RegionMetrics rm : admin.getRegionMetrics(sn, table)) {
                    total += rm.getWriteRequestCount();
                    max = Math.max(max, rm.getWriteRequestCount());
                    regions++;
                }
            }
        }
        MeterBench.measurement(label, "regions", regions, "count");
        if (total > 0) {
            MeterBench.measurement(label, "max_region_write_share", (double) max / total, "fraction");
        }
    }

    /** Rows of a table, by a key-only scan. */
    static long countRows(HBaseTarget target, TableName table) throws IOException {
        return countRows(target, table, null, null);
    }

    /** As above; with {@code part}, every row key must be one of its meters (a shard's rows are its own). */
    static long countRows(HBaseTarget target, TableName table, MeterRowKey keys, MeterShard part) throws IOException {
        long n = 0;
        Scan scan = new Scan().setFilter(new FirstKeyOnlyFilter()).setCaching(10_000).setCacheBlocks(false);
        try (Table t = target.connection().getTable(table); ResultScanner rs = t.getScanner(scan)) {
            for (Result r = rs.next(); r != null; r = rs.next()) {
                if (part != null && !part.owns(keys.meterId(r.getRow()))) {
                    throw new IllegalStateException(table + " holds " + keys.toString(r.getRow()) + ", not one of meters "
                            + part.firstMeter() + " … " + (part.firstMeter() + part.meters() - 1) + " of shard " + part.shard());
                }
                n++;
            }
        }
        return n;
    }

    @Override
    protected void close() {
        if (label != null && rowsWritten > 0) {
            MeterBench.measurement(label, "rows_written", rowsWritten, "records");
            MeterBench.measurement(label, "rows_read_back", rowsReadBack, "records");
        }
        MeterBench.shutdown(pool);
        if (target != null && table != null) {
            target.dropTable(table);
        }
    }

    public static void main(String[] args) {
        Kensho.main(MeterLoadBenchmark.class, args);
    }
}
