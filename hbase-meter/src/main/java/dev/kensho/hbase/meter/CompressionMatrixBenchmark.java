package dev.kensho.hbase.meter;

import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.targets.hbase.HBaseTarget;
import dev.kensho.common.targets.hbase.HFiles;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

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
 * <ul>
 * <li>{@code load} — single shot: put every row into an empty table. After each iteration the table is
 *     flushed and major-compacted (not timed) and its HFiles are read: every file's trailer must name
 *     the case's codec and its file info the case's encoding, and the files must hold exactly the rows
 *     written — else the trial fails.</li>
 * <li>{@code fullScan} — single shot: one Scan over the whole (loaded, compacted) table, block cache
 *     off for the scan so every block is read and decoded; the row count is checked on every scan.</li>
 * </ul>
 *
 * <p>Recorded beside JMH's times (metric: unit), per {@code load} case:
 * <ul>
 * <li>{@code hfile_bytes}: bytes — total HFile size on disk after flush + major compaction;</li>
 * <li>{@code hfile_ratio_to_none}: ratio — that size / the NONE/NONE size of the same rows (the write-up's
 *     "compression ratio"; NONE/NONE is measured once per JVM for the same data);</li>
 * <li>{@code hfile_uncompressed_bytes}: bytes — the trailers' total uncompressed (encoded) bytes;</li>
 * <li>{@code hfile_count}: count;</li>
 * <li>{@code work} for {@code load} and {@code fullScan}: rows and bytes per operation, giving
 *     {@code records/s}.</li>
 * </ul>
 * The load and scan changes of Figure 4 come from JMH's own scores of {@code load} and {@code fullScan}.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -Dkensho.bench=CompressionMatrix}; the published
 * size: {@code -Dkensho.args="-p meters=10000 -p days=21"} (10.08M rows; ~22 min per the full matrix at 1M
 * rows on 2 cores — expect hours at 10M), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {MeterBench.OPEN_LANG, MeterBench.OPEN_NIO, MeterBench.OPEN_UTIL,
        MeterBench.OPEN_CONCURRENT, MeterBench.OPEN_NIO_CH})
@Warmup(iterations = 0)
@Measurement(iterations = 3)
public class CompressionMatrixBenchmark {

    public static final ParamRules RULES = MeterBench.schemaRules()
            .intRange("threads", 1, 256)
            .intRange("rowsPerRequest", 1, 100_000)
            .intRange("meters", 1, 10_000_000)
            .intRange("days", 1, MeterReadings.MAX_DAYS);

    /** NONE/NONE HFile bytes per data shape, measured once per JVM. */
    private static final Map<String, Long> BASELINE = new ConcurrentHashMap<>();

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

    HBaseTarget target;
    MeterSchema schema;
    TableName table;
    ExecutorService pool;
    MeterReadings readings;
    Case label;
    boolean scanCase;
    long rows;
    MeterLoader.Loaded last;
    long baseline;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(MeterBench.check(RULES, bp));
    }

    /** Trial set-up for one case (the sanity tests call it directly). */
    void open(Case c) {
        label = c;
        scanCase = label.benchmark().endsWith(".fullScan");
        schema = new MeterSchema(encoding, codec, saltBuckets);
        target = MeterBench.target();
        table = schema.tableName(target, "matrix");
        readings = new MeterReadings(MeterBench.SEED);
        pool = MeterBench.pool("matrix", threads);
        rows = (long) meters * days * MeterReadings.SLOTS_PER_DAY;
        if (scanCase) {
            schema.create(target, table);
            last = loadRows(table);
            target.flushAndCompact(table);
            Recorder.work(label.benchmark(), label.params(), last.rows(), last.bytes());
        } else {
            baseline = baseline();
        }
    }

    private MeterLoader.Loaded loadRows(TableName tn) {
        return MeterLoader.load(target.connection(), tn, schema.rowKey(), readings, meters, days, threads,
                rowsPerRequest, LoadClient.BUFFERED_MUTATOR, pool, System.err);
    }

    /** NONE/NONE bytes of the same rows: this case's own when it is NONE/NONE, else loaded once per JVM. */
    private long baseline() {
        String key = meters + "x" + days + "/s" + saltBuckets;
        if (encoding.equals("NONE") && codec.equals("NONE")) {
            return BASELINE.getOrDefault(key, -1L); // filled by this case's first iteration
        }
        return BASELINE.computeIfAbsent(key, k -> {
            MeterSchema none = new MeterSchema("NONE", "NONE", saltBuckets);
            TableName tn = none.tableName(target, "baseline");
            none.create(target, tn);
            MeterLoader.load(target.connection(), tn, none.rowKey(), readings, meters, days, threads,
                    rowsPerRequest, LoadClient.BUFFERED_MUTATOR, pool, System.err);
            target.flushAndCompact(tn);
            long bytes = HFiles.totalBytes(target.storeFiles(tn));
            target.dropTable(tn);
            return bytes;
        });
    }

    @Setup(Level.Iteration)
    public void emptyTable() {
        if (!scanCase) {
            schema.create(target, table);
        }
    }

    @Benchmark
    public long load() {
        last = loadRows(table);
        return last.rows();
    }

    @Benchmark
    public long fullScan() throws IOException {
        long n = 0;
        Scan scan = new Scan().setCaching(5_000).setCacheBlocks(false);
        try (Table t = target.connection().getTable(table); ResultScanner rs = t.getScanner(scan)) {
            for (Result r = rs.next(); r != null; r = rs.next()) {
                if (n == 0) {
                    MeterScanBenchmark.checkValue(schema.rowKey(), readings, r);
                }
                n++;
            }
        }
        if (n != rows) {
            throw new IllegalStateException("full scan of " + table + " returned " + n + " rows, expected " + rows);
        }
        return n;
    }

    @TearDown(Level.Iteration)
    public void measureFiles() {
        if (scanCase || last == null) {
            return;
        }
        target.flushAndCompact(table);
        List<HFiles.StoreFile> files = target.storeFiles(table);
        verify(files, encoding, codec, rows);
        long bytes = HFiles.totalBytes(files);
        if (encoding.equals("NONE") && codec.equals("NONE")) {
            BASELINE.putIfAbsent(meters + "x" + days + "/s" + saltBuckets, bytes);
            baseline = bytes;
        }
        MeterBench.measurement(label, "hfile_bytes", bytes, "bytes");
        MeterBench.measurement(label, "hfile_count", files.size(), "count");
        MeterBench.measurement(label, "hfile_uncompressed_bytes",
                files.stream().mapToLong(HFiles.StoreFile::uncompressedBytes).sum(), "bytes");
        if (baseline > 0) {
            MeterBench.measurement(label, "hfile_ratio_to_none", (double) bytes / baseline, "ratio");
        }
        Recorder.work(label.benchmark(), label.params(), last.rows(), last.bytes());
    }

    /**
     * Every HFile must carry the case's codec (trailer) and encoding (file info), and together hold
     * exactly {@code rows} cells. Files of a target whose filesystem we cannot read report the declared
     * schema ("(declared)") and no cell count: only the schema is compared there.
     */
    static void verify(List<HFiles.StoreFile> files, String encoding, String codec, long rows) {
        if (files.isEmpty()) {
            throw new IllegalStateException("no HFile after flush + compaction (" + encoding + "/" + codec + ")");
        }
        for (HFiles.StoreFile f : files) {
            String c = f.compression().replace(" (declared)", "");
            String e = f.encoding().replace(" (declared)", "");
            if (!c.equals(codec) || !e.equals(encoding)) {
                throw new IllegalStateException("HFile " + f.path() + " is " + e + "/" + c + ", expected " + encoding + "/" + codec);
            }
        }
        if (files.stream().allMatch(f -> f.cells() >= 0)) {
            long cells = HFiles.totalCells(files);
            if (cells != rows) {
                throw new IllegalStateException("HFiles hold " + cells + " cells, expected " + rows + " (" + Arrays.toString(files.toArray()) + ")");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        MeterBench.shutdown(pool);
        if (target != null && table != null) {
            target.dropTable(table);
        }
    }

    public static void main(String[] args) {
        Bench.main(CompressionMatrixBenchmark.class, args);
    }
}
