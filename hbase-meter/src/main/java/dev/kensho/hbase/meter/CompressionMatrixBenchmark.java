package dev.kensho.hbase.meter;

import dev.kensho.api.Kensho;
import dev.kensho.common.cpu.OperationCpu;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HFiles;
import org.apache.hadoop.hbase.TableName;
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
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Which data block encoding and compression codec should meter data use? The write-up put 10,000,000
 * rows into an empty table and full-scanned them for every encoding × codec, and measured the total
 * HFile size, the load time and the full-scan time (its Figures 1–3), then ranked the combinations by
 * the "sum of changes" (Figure 4): {@code (size ratio − 1) + Δload + Δscan}, each relative to
 * NONE/NONE, lowest first. Published: DIFF 53% (load +48%, scan −3%); GZ 22% (+44%, +17%); DIFF+GZ
 * 19% (+63%, +17%); best balance PREFIX+SNAPPY, best size FAST_DIFF+GZ.
 *
 * <p>Cases: {@code encoding} {NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1} × {@code codec} {NONE, GZ,
 * SNAPPY, LZ4, ZSTD, LZO, BROTLI} (PREFIX_TREE is gone from HBase 2; ZSTD, LZO, BROTLI and ROW_INDEX_V1
 * go beyond the write-up). Data {@code meters} × {@code days} × 48 rows, {@code saltBuckets} regions,
 * loaded with {@code threads} BufferedMutator clients of {@code rowsPerRequest} rows.
 *
 * <p>The regime ({@link MatrixRegime}): each table's memstore flush size is set so that every region
 * flushes about {@code flushesPerRegion} times during the load at every scale (the write-up's 10M rows
 * passed HBase's 128 MiB flush size several times; 48k rows never would), minor compactions are held off
 * during the load, and the family's block cache is off.
 * <ul>
 * <li>{@code load} — single shot: put every row into an empty table, flush it <em>and major-compact it</em>: the
 *     time ends when every row is in one HFile per region written with the case's encoding and codec, so it holds
 *     every step the codec runs in (the region server's flush threads during and after the load, the compaction),
 *     as the write-up's load "includes the compression time". Between the flush and the compaction the store files
 *     are listed (~1 ms, inside the time): some region must have flushed during the load (more than one HFile) —
 *     else the trial fails. After each iteration (not timed) the compacted HFiles are read: every trailer must name
 *     the case's codec and its file info the case's encoding, and together they must hold exactly the rows
 *     written. The region server's CPU seconds of the shot (puts, flushes, compaction) are JMH's secondary result
 *     {@code cpu.server.op} ({@link OperationCpu}), read in 10 ms clock ticks.</li>
 * <li>{@code fullScan} — single shot: one Scan over the whole (loaded, flushed, major-compacted) table,
 *     {@code setCacheBlocks(false)} and the family's block cache off, so every data block is read from the
 *     HFile and decoded and decompressed inside the scan time (the OS page cache holds the files: they
 *     were just written); the row count is checked on every scan.</li>
 * </ul>
 * Every cell, NONE/NONE included, gets the same warm-up iterations; before the first {@code load} trial of
 * a JVM the NONE/NONE table of the same rows is loaded, flushed, compacted and scanned once (untimed: it
 * gives the size baseline, {@link MatrixBaseline}), so NONE/NONE does not pay the JVM's first-use costs alone ({@code fullScan}
 * trials load, flush and compact their table before their warm-up anyway). The forks of the class share
 * one cluster (started by the launcher): each fork is a fresh client JVM with its own tables; the region
 * server is warm after the first cells.
 *
 * <p>Recorded beside JMH's times (metric: unit), per {@code load} case and measured iteration:
 * <ul>
 * <li>{@code put_ms}, {@code flush_ms}, {@code compaction_ms}: ms — the three parts of the {@code load} time (puts
 *     acknowledged; the final flush until every memstore is empty; the major compaction until every store holds
 *     one HFile, polled every 10 ms) — the ~1 ms listing between the last two is in neither;</li>
 * <li>{@code flushes_per_region}: count — HFiles per region right after the final flush = flushes (mean over
 *     regions); {@code flushes_per_region_min}: count — the fewest of any region;</li>
 * <li>{@code memstore_flush_size}: bytes — the table's MEMSTORE_FLUSHSIZE;</li>
 * <li>{@code hfile_bytes}: bytes — total HFile size on disk after the major compaction;</li>
 * <li>{@code hfile_ratio_to_none}: ratio — that size / the NONE/NONE size of the same rows (the write-up's
 *     "compression ratio");</li>
 * <li>{@code hfile_uncompressed_bytes}: bytes — the trailers' total uncompressed (encoded) bytes;</li>
 * <li>{@code hfile_count}: count — HFiles after the major compaction ({@code hfiles_per_region}: their mean
 *     per region, 1 when compacted);</li>
 * <li>{@code work} for {@code load} and {@code fullScan}: rows and bytes per operation, giving
 *     {@code records/s}.</li>
 * </ul>
 * The HFile sizes of the write-up's whole grid, for its size-order claims, come from {@link CodecSizeBenchmark}
 * (the same load, one fork per cell, no rounds: a size is the same in every run).
 * The load and scan changes of Figure 4 come from JMH's own scores of {@code load} and {@code fullScan}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=CompressionMatrix} (the default scale runs the
 * four cells the write-up's claims name — NONE/NONE, DIFF, GZ, DIFF + GZ — in 12 interleaved rounds;
 * {@code -Dkensho.scale=full} all 35 cells in 2); the published size:
 * {@code -Dkensho.scale=seed} (10.08M rows, the write-up's four published cells; expect hours), or this
 * class's {@code main}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CompressionMatrixBenchmark extends AbstractMeterBenchmark {

    public static final ParamRules RULES = MeterBench.schemaRules()
            .intRange("threads", 1, 256)
            .intRange("rowsPerRequest", 1, 100_000)
            .intRange("meters", 1, 10_000_000)
            .intRange("days", 1, MeterReadings.MAX_DAYS)
            .intRange("flushesPerRegion", MatrixRegime.MIN_FLUSHES_PER_REGION, 64)
            .preflight(MeterCostTable::checkPrices);

    private static final AtomicBoolean NOTED = new AtomicBoolean();

    @Param({"NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1"})
    String encoding;

    @Param({"NONE", "GZ", "SNAPPY", "LZ4", "ZSTD", "LZO", "BROTLI"})
    String codec;

    @Param("1000")
    int meters;

    @Param("21")
    int days;

    @Param("8")
    int saltBuckets;

    @Param("4")
    int threads;

    @Param("1000")
    int rowsPerRequest;

    /** Memstore flushes each region should go through during the load (sets the table's flush size). */
    @Param("4")
    int flushesPerRegion;

    HBaseTarget target;
    MeterSchema schema;
    TableName table;
    ExecutorService pool;
    MeterReadings readings;
    Case label;
    boolean scanCase;
    long rows;
    MatrixRegime regime;
    MeterLoader.Loaded last;
    MatrixFiles files;
    long baseline;

    /** Trial set-up for one case (the sanity tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        scanCase = label.benchmark().endsWith(".fullScan");
        schema = new MeterSchema(encoding, codec, saltBuckets);
        target = MeterBench.target();
        table = schema.tableName(target, "matrix");
        readings = new MeterReadings(MeterBench.SEED);
        pool = MeterBench.pool("matrix", threads);
        rows = (long) meters * days * MeterReadings.SLOTS_PER_DAY;
        regime = new MatrixRegime(schema, readings, rows, flushesPerRegion);
        baseline = scanCase ? 0 : new MatrixBaseline(meters, days, saltBuckets, flushesPerRegion, threads, rowsPerRequest)
                .bytes(target, readings, pool); // a scan fork's own load, flush and compaction below warm it alike
        if (NOTED.compareAndSet(false, true)) {
            Recorder.note("hbase-meter", "CompressionMatrixBenchmark: scans bypass HBase's block cache (Scan.setCacheBlocks(false),"
                    + " family BLOCKCACHE => false); the HFiles were just written, so they are read from the OS page cache, not the disk.");
            Recorder.note("hbase-meter", "CompressionMatrixBenchmark " + regime.settings());
        }
        if (scanCase) {
            regime.create(target, table);
            last = loadRows(table);
            target.flushAndCompact(table);
            MatrixRegime.verify(target.storeFiles(table), encoding, codec, rows);
            Recorder.work(label.benchmark(), label.params(), last.rows(), last.bytes());
        }
    }

    private MeterLoader.Loaded loadRows(TableName tn) {
        return MeterLoader.load(target.connection(), tn, schema.rowKey(), readings, meters, days, threads,
                rowsPerRequest, LoadClient.BUFFERED_MUTATOR, pool, System.err);
    }

    @Setup(Level.Iteration)
    public void emptyTable() {
        if (!scanCase) {
            regime.create(target, table);
        }
    }

    /**
     * Puts every row, flushes, and major-compacts: ends when the rows are in one HFile per region written with the
     * case's encoding and codec — every step the codec runs in (flushes during and after the load, the compaction).
     */
    @Benchmark
    public long load() {
        OperationCpu.begin();
        long t0 = System.nanoTime();
        last = loadRows(table);
        long t1 = System.nanoTime();
        target.flush(table);
        long t2 = System.nanoTime();
        List<String> flushed = target.storeFilePaths(table); // one HFile per flush: a listing, ~1 ms
        long t3 = System.nanoTime();
        target.majorCompact(table);
        long t4 = System.nanoTime();
        OperationCpu.end();
        files = new MatrixFiles(t1 - t0, t2 - t1, t4 - t3, MatrixRegime.filesPerRegion(flushed));
        return last.rows();
    }

    @Benchmark
    public long fullScan() throws IOException {
        long n = MatrixScan.rows(target, table, schema.rowKey(), readings);
        if (n != rows) {
            throw new IllegalStateException("full scan of " + table + " returned " + n + " rows, expected " + rows);
        }
        return n;
    }

    @TearDown(Level.Iteration)
    public void measureFiles(IterationParams ip) {
        measureFiles(ip.getType() == IterationType.MEASUREMENT);
    }

    /**
     * Checks what the load left — some region flushed during it, and the compacted files carry the case's codec,
     * encoding and every row — and records the figures ({@link MatrixFiles}) when {@code record} (measured
     * iterations only).
     */
    void measureFiles(boolean record) {
        if (scanCase) {
            return;
        }
        if (last == null) {
            throw new IllegalStateException(table + ": the iteration ended without a load");
        }
        MeterLoader.Loaded done = last;
        last = null;
        // an external cluster's files are seen through region metrics: no flush count
        if (!files.flushed().isEmpty()) {
            regime.requireFlushesDuringTheLoad(table, files.flushed());
        }
        List<HFiles.StoreFile> compacted = target.storeFiles(table);
        MatrixRegime.verify(compacted, encoding, codec, rows);
        if (record) {
            files.record(label, regime, compacted, Math.max(1, saltBuckets), baseline);
            Recorder.work(label.benchmark(), label.params(), done.rows(), done.bytes());
        }
    }

    @Override
    protected void close() {
        MeterBench.shutdown(pool);
        if (target != null && table != null) {
            target.dropTable(table);
        }
    }

    public static void main(String[] args) {
        Kensho.main(CompressionMatrixBenchmark.class, args);
    }
}
