package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HFiles;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.io.HeapSize;
import org.apache.hadoop.hbase.util.ClassSize;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The regime of the compression matrix's tables, sized so that at every scale each region goes through
 * several memstore flushes during the load — as the write-up's 10M-row load did with HBase's 128 MiB
 * flush size — instead of holding the whole table in the memstore until an untimed flush:
 * <ul>
 * <li>{@code MEMSTORE_FLUSHSIZE} per table = the memstore heap one region's rows take ÷
 *     {@code flushesPerRegion} (HBase flushes a region when its memstore heap passes this size);</li>
 * <li>minor compactions held off during the load ({@code hbase.hstore.compaction.min} above the number
 *     of flushes), so the HFiles left after the final flush count the flushes, and one major compaction merges
 *     them (inside the timed load, after that count);</li>
 * <li>no write blocking on store-file count or memstore size: the small flush size must not turn into
 *     client back-off pauses that a 128 MiB memstore would not have;</li>
 * <li>family {@code BLOCKCACHE => false}: scans read every data block from the HFile (and so decode and
 *     decompress it); the OS page cache still holds the files (they were just written; dropping it needs
 *     root), so a scan reads from memory, not from the disk.</li>
 * </ul>
 * Table-level values override the cluster's configuration for these tables only (HBase merges them
 * into the region's and store's configuration); the flush-size sanity check (≥ 1 MiB) is switched off
 * for these tables, since smoke and default scales need smaller flushes to keep the regime.
 */
final class MatrixRegime {

    /** The fewest flushes per region a case may aim at. */
    static final int MIN_FLUSHES_PER_REGION = 2;

    private final MeterSchema schema;
    private final int flushesPerRegion;
    private final long flushSize;

    MatrixRegime(MeterSchema schema, MeterReadings readings, long rows, int flushesPerRegion) {
        this.schema = schema;
        this.flushesPerRegion = flushesPerRegion;
        int regions = Math.max(1, schema.saltBuckets());
        long rowsPerRegion = (rows + regions - 1) / regions;
        this.flushSize = Math.max(1, rowsPerRegion * memstoreBytesPerRow(schema.rowKey(), readings) / flushesPerRegion);
    }

    /** Heap a row takes in the memstore: the cell's heap size plus its entry in the memstore's skip list. */
    static long memstoreBytesPerRow(MeterRowKey keys, MeterReadings readings) {
        Cell cell = MeterLoader.samplePut(keys, readings).getFamilyCellMap().get(MeterSchema.FAMILY).get(0);
        return ((HeapSize) cell).heapSize() + ClassSize.CONCURRENT_SKIPLISTMAP_ENTRY;
    }

    long flushSize() {
        return flushSize;
    }

    /**
     * The table-level settings of this regime in words, for the run's notes (env.json): they reach the region
     * server with each table's descriptor, on every kind of target; the flush size of each case is its
     * {@code memstore_flush_size} measurement.
     */
    String settings() {
        return "matrix tables: family BLOCKCACHE => false; MEMSTORE_FLUSHSIZE per case (memstore_flush_size);"
                + " hbase.hstore.compaction.min = compaction.max = blockingStoreFiles = " + noMinor()
                + "; hbase.hregion.memstore.block.multiplier = 64; hbase.table.sanity.checks = false";
    }

    private String noMinor() {
        return Integer.toString(4 * flushesPerRegion + 100);
    }

    /** Creates (or re-creates) a table of this schema in this regime. */
    void create(HBaseTarget target, TableName tn) {
        String noMinor = noMinor();
        schema.create(target, tn, cf -> cf.setBlockCacheEnabled(false), td -> td
                .setMemStoreFlushSize(flushSize)
                .setValue("hbase.table.sanity.checks", "false")
                .setValue("hbase.hstore.compaction.min", noMinor)
                .setValue("hbase.hstore.compaction.max", noMinor)
                .setValue("hbase.hstore.blockingStoreFiles", noMinor)
                .setValue("hbase.hregion.memstore.block.multiplier", "64"));
    }

    /** HFiles per region directory, from the files' paths (…/table/region/family/file), in region order. */
    static Map<String, Integer> filesPerRegion(List<String> paths) {
        Map<String, Integer> out = new TreeMap<>();
        for (String path : paths) {
            String[] parts = path.split("/");
            String region = parts.length >= 3 ? parts[parts.length - 3] : path;
            out.merge(region, 1, Integer::sum);
        }
        return out;
    }

    /**
     * The HFiles per region right after the load's final flush are the flushes of that region (minor
     * compactions are held off: one HFile per flush). The final flush gives every region one; a region
     * with more flushed during the load. If none did, the load ran with the whole table in the memstore —
     * not the regime — and the trial fails. How many each region had is recorded, not required: it
     * depends on how fast the region server's flush threads keep up with the load on this machine.
     */
    void requireFlushesDuringTheLoad(TableName tn, Map<String, Integer> perRegion) {
        int max = perRegion.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        if (max < 2) {
            throw new IllegalStateException(tn + " is not in the matrix's regime: no region flushed during the load"
                    + " (HFiles per region " + perRegion.values() + "; memstore flush size " + flushSize
                    + " bytes, aiming at " + flushesPerRegion + " flushes per region)");
        }
    }

    /**
     * Every HFile must carry the case's codec (trailer) and encoding (file info), and together hold
     * exactly {@code rows} cells. Files of a target whose filesystem we cannot read report the declared
     * schema ("(declared)") and no cell count: only the schema is compared there.
     */
    static void verify(List<HFiles.StoreFile> files, String encoding, String codec, long rows) {
        if (files.isEmpty()) {
            throw new IllegalStateException("no HFile after the flush (" + encoding + "/" + codec + ")");
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
}
