package dev.kensho.hbase.meter;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.Windows;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The state both query benchmarks hold ({@link MeterScanBenchmark}, Query 1; {@link LatestReadingGetBenchmark},
 * Query 2): the schema params, a shared query data set ({@link MeterDatasets}) read by a pool of client threads,
 * the value check, and the timing both are reported with. Subclasses add their own params and the query.
 *
 * <p>Sharded ({@code -Dkensho.shard=i/N}, {@link MeterShard}): the data set's meters and the client threads are the
 * whole run's; each shard loads its own part of the meters into a table of its own and queries only those, with its
 * share of the threads. With {@code -Dkensho.startAt} the trials start together on the region server's clock and
 * every iteration on the same boundary; {@code Merge} adds the shards' rows/s per aligned iteration.
 */
@State(Scope.Benchmark) // JMH takes @Param fields only in a @State class; the subclasses are the states
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class MeterQuery extends AbstractMeterBenchmark {

    @Param("FAST_DIFF")
    String encoding;

    @Param("GZ")
    String codec;

    @Param("8")
    int saltBuckets;

    HBaseTarget target;
    MeterRowKey keys;
    MeterReadings readings;
    TableName table;
    ExecutorService pool;
    int workers;
    /** The data set's last half-hour slot: where every meter's series ends. */
    int lastSlot;
    Case label;
    /** This shard's meters and threads (the whole run's unsharded). */
    MeterShard part;

    /**
     * Trial set-up shared by both queries: the data set of {@code datasetMeters} × {@code datasetDays} with this
     * case's schema, {@code workers} threads named {@code poolName}, {@code rowsPerOperation} as the work.
     */
    void openQuery(Case c, String poolName, MeterShard part, int datasetMeters, int datasetDays, int workers, long rowsPerOperation) {
        label = c;
        this.part = part;
        MeterSchema schema = new MeterSchema(encoding, codec, saltBuckets);
        target = MeterBench.target();
        keys = schema.rowKey();
        readings = new MeterReadings(MeterBench.SEED);
        table = part.idle() ? null : MeterDatasets.get(target, schema, part, datasetMeters, datasetDays);
        this.workers = workers;
        pool = MeterBench.pool(poolName, Math.max(1, workers));
        lastSlot = datasetDays * MeterReadings.SLOTS_PER_DAY - 1;
        Recorder.work(label.benchmark(), label.params(), rowsPerOperation, 0);
        part.record(label, workers);
        part.declareIdle(label);
    }

    /** In a JMH trial: the shards' common start awaited ({@code kensho.startAt}). */
    @Override
    protected void begin() {
        MeterShard.beginTrial(target);
    }

    /** An idle shard's operation ({@link MeterShard#idle}): a millisecond's wait, no query (its score is left out). */
    static long idle() {
        LockSupport.parkNanos(1_000_000L);
        return 0;
    }

    /** At an iteration's start: a shard waits for the shards' common boundary ({@code kensho.startAt}). */
    @Setup(Level.Iteration)
    public void beginIteration() {
        Windows.begin();
    }

    /** At an iteration's end: a shard's measured window, for {@code Merge}. */
    @TearDown(Level.Iteration)
    public void endIteration(IterationParams ip) {
        Windows.end(label, ip.getType() == IterationType.MEASUREMENT);
    }

    /** The value of a row must be the generator's for its meter and slot (also checks the matrix's full scans). */
    static void checkValue(MeterRowKey keys, MeterReadings readings, Result r) {
        byte[] row = r.getRow();
        byte[] want = readings.value(keys.meterId(row), keys.slot(row));
        byte[] got = r.getValue(MeterSchema.FAMILY, MeterSchema.QUALIFIER);
        if (!Arrays.equals(want, got)) {
            throw new IllegalStateException(keys.toString(row) + " holds "
                    + (got == null ? "nothing" : new String(got, StandardCharsets.US_ASCII))
                    + ", expected " + new String(want, StandardCharsets.US_ASCII));
        }
    }

    @Override
    protected void close() {
        MeterBench.shutdown(pool);
        if (table != null) {
            MeterDatasets.release(target, table);
        }
    }
}
