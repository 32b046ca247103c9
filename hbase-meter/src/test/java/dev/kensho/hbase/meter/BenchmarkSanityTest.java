package dev.kensho.hbase.meter;

import dev.kensho.common.runfiles.Case;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One test per benchmark class: at {@code smoke} scale it builds the real state on the shared mini
 * cluster, runs the measured method once and checks the answer, then tears the state down (and checks
 * the suite's tables are gone).
 */
@ExtendWith(SharedHBase.class)
class BenchmarkSanityTest {

    @Test
    void meterLoadPutsEveryRow(HBaseTarget hbase) throws Exception {
        MeterLoadBenchmark b = new MeterLoadBenchmark();
        b.open(Smoke.apply(b, "load"));
        b.emptyTable();
        long rows = b.load();
        assertEquals((long) b.meters * b.days * 48, rows);
        b.checkRows(); // counts the rows in the table: throws if any is missing
        b.emptyTable();
        b.load();
        b.checkRows(); // and again after the next iteration
        assertEquals(2, b.checks);
        b.tearDown();
        assertFalse(hbase.exists(b.table));
    }

    @Test
    void meterLoadFailsTheIterationWhenARowIsMissing(HBaseTarget hbase) throws Exception {
        MeterLoadBenchmark b = new MeterLoadBenchmark();
        b.open(Smoke.apply(b, "load"));
        b.emptyTable();
        b.load();
        b.checkRows();
        b.emptyTable();
        b.load();
        deleteFirstRow(hbase, b.table); // a lost write in the second iteration
        IllegalStateException e = assertThrows(IllegalStateException.class, b::checkRows);
        assertTrue(e.getMessage().contains("expected " + (long) b.meters * b.days * 48), e.getMessage());
        assertThrows(IllegalStateException.class, b::checkRows, "an iteration without a load fails too");
        b.tearDown();
    }

    @Test
    void calibrationFailsTheIterationWhenARowIsMissing(HBaseTarget hbase) throws Exception {
        LoadCalibrationBenchmark ml = new LoadCalibrationBenchmark();
        ml.open(Smoke.apply(ml, "meterLoader"));
        ml.meterLoader();
        ml.checkRows();
        ml.meterLoader();
        deleteFirstRow(hbase, ml.meterTable);
        assertThrows(IllegalStateException.class, ml::checkRows);
        assertEquals(1, ml.checks);
        ml.tearDown();
        assertFalse(hbase.exists(ml.meterTable));
    }

    /** Every row of the table is still there, but the iteration wrote none of them: the check fails. */
    @Test
    void calibrationFailsAnIterationThatWroteNothing(HBaseTarget hbase) throws Exception {
        LoadCalibrationBenchmark ml = new LoadCalibrationBenchmark();
        ml.open(Smoke.apply(ml, "meterLoader"));
        try {
            ml.meterLoader();
            ml.checkRows();
            IllegalStateException e = assertThrows(IllegalStateException.class, ml::checkRows, "no load in this iteration");
            assertEquals(ml.meterTable.getNameAsString() + " holds " + ml.rows + " rows after a calibration run, 0 of them"
                    + " written in this iteration (cell timestamps), expected " + ml.rows + " and " + ml.rows, e.getMessage());
            ml.meterLoader();
            ml.checkRows(); // the next real iteration rewrites every row and passes again
            assertEquals(2, ml.checks);
        } finally {
            ml.tearDown();
        }
    }

    /** Deletes the table's first row: what a lost write looks like to the checks. */
    static void deleteFirstRow(HBaseTarget hbase, org.apache.hadoop.hbase.TableName tn) throws Exception {
        try (Table t = hbase.connection().getTable(tn); ResultScanner rs = t.getScanner(new Scan().setLimit(1))) {
            t.delete(new Delete(rs.next().getRow()));
        }
    }

    @Test
    void meterLoadWithoutSaltHitsOneRegion(HBaseTarget hbase) throws Exception {
        MeterLoadBenchmark b = new MeterLoadBenchmark();
        b.open(Smoke.apply(b, "load"));
        b.saltBuckets = 0;
        b.schema = new MeterSchema(b.encoding, b.codec, 0);
        b.client = LoadClient.TABLE_PUT;
        b.emptyTable();
        assertEquals((long) b.meters * b.days * 48, b.load());
        assertEquals(b.meters * b.days * 48L, MeterLoadBenchmark.countRows(hbase, b.table));
        try (var admin = hbase.connection().getAdmin()) {
            assertEquals(1, admin.getRegions(b.table).size());
        }
        b.tearDown();
    }

    @Test
    void compressionMatrixLoadsVerifiesHFilesAndScans(HBaseTarget hbase) throws Exception {
        CompressionMatrixBenchmark load = new CompressionMatrixBenchmark();
        Case c = Smoke.apply(load, "load");
        load.open(c);
        assertTrue(load.baseline > 0, "NONE/NONE baseline measured");
        load.emptyTable();
        assertEquals(load.rows, load.load());
        // the timed load ended with every row compacted into one HFile per region, none in the memstore
        var afterLoad = hbase.storeFiles(load.table);
        assertEquals(load.rows, dev.kensho.targets.hbase.HFiles.totalCells(afterLoad));
        assertEquals(load.saltBuckets, afterLoad.size(), "one HFile per region after the load's major compaction");
        // before the compaction each region held one HFile per flush
        var perRegion = load.files.flushed();
        assertEquals(load.saltBuckets, perRegion.size());
        assertTrue(perRegion.values().stream().anyMatch(n -> n >= 2), "a region flushed during the load: " + perRegion);
        System.err.println("kensho test: smoke matrix load: put " + load.files.putNanos() / 1e6 + " ms, flush "
                + load.files.flushNanos() / 1e6 + " ms, compaction " + load.files.compactNanos() / 1e6
                + " ms, HFiles per region before it " + perRegion.values() + ", flush size " + load.regime.flushSize());
        load.measureFiles(true); // checks the flushes, codec, encoding and cells
        var files = hbase.storeFiles(load.table);
        assertEquals(load.saltBuckets, files.size(), "one HFile per region after the major compaction");
        assertTrue(files.stream().allMatch(f -> f.compression().equals("SNAPPY") && f.encoding().equals("FAST_DIFF")));
        assertTrue(dev.kensho.targets.hbase.HFiles.totalBytes(files) < load.baseline,
                "FAST_DIFF+SNAPPY is smaller than NONE/NONE");
        try (var admin = hbase.connection().getAdmin()) {
            var cf = admin.getDescriptor(load.table).getColumnFamily(MeterSchema.FAMILY);
            assertFalse(cf.isBlockCacheEnabled(), "scans bypass the block cache");
        }
        assertThrows(IllegalStateException.class, () -> load.measureFiles(true), "an iteration without a load fails");
        load.tearDown();

        CompressionMatrixBenchmark scan = new CompressionMatrixBenchmark();
        scan.open(Smoke.apply(scan, "fullScan"));
        assertEquals(scan.rows, scan.fullScan());
        scan.tearDown();
        assertFalse(hbase.exists(scan.table));
    }

    @Test
    void codecSizeRecordsTheCompactedFilesOfItsCell(HBaseTarget hbase) throws Exception {
        CodecSizeBenchmark b = new CodecSizeBenchmark();
        b.open(Smoke.apply(b, "load"));
        assertEquals("DIFF", b.encoding);
        assertEquals("GZ", b.codec);
        b.emptyTable();
        assertEquals(b.rows, b.load());
        b.measureFiles(true);
        var files = hbase.storeFiles(b.table);
        assertEquals(b.rows, dev.kensho.targets.hbase.HFiles.totalCells(files));
        assertTrue(files.stream().allMatch(f -> f.compression().equals("GZ") && f.encoding().equals("DIFF")), files.toString());
        // a known order: rows of repeated keys and small readings, delta-encoded and gzipped, take less than half
        // the bytes of the same rows stored plain (0.09 of them at the default scale)
        long bytes = dev.kensho.targets.hbase.HFiles.totalBytes(files);
        assertTrue(2 * bytes < b.baseline, bytes + " bytes DIFF + GZ vs " + b.baseline + " NONE/NONE");
        b.tearDown();
        assertFalse(hbase.exists(b.table));
    }

    @Test
    void compressionMatrixFailsALoadThatNeverFlushedWhileLoading(HBaseTarget hbase) throws Exception {
        CompressionMatrixBenchmark load = new CompressionMatrixBenchmark();
        load.open(Smoke.apply(load, "load"));
        load.schema.create(hbase, load.table); // HBase's default 128 MiB flush size: the whole load stays in the memstore
        load.load();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> load.measureFiles(true));
        assertTrue(e.getMessage().contains("not in the matrix's regime"), e.getMessage());
        load.tearDown();
    }

    @Test
    void meterScanReturnsEachMetersSeries() throws Exception {
        MeterScanBenchmark b = new MeterScanBenchmark();
        b.open(Smoke.apply(b, "scanSeries"));
        assertEquals((long) b.meters * b.days * 48, b.scanSeries());
        assertEquals((long) b.meters * b.days * 48, b.scanSeries()); // the next meters
        b.tearDown();
    }

    @Test
    void latestReadingGetReturnsTheLastSlotOfEveryMeter() throws Exception {
        LatestReadingGetBenchmark b = new LatestReadingGetBenchmark();
        b.open(Smoke.apply(b, "multiGetLatest"));
        assertEquals(b.meters, b.multiGetLatest());
        b.tearDown();
    }

    @Test
    void calibrationRunsPerformanceEvaluationAndTheLoaderOnTheSameCluster(HBaseTarget hbase) throws Exception {
        LoadCalibrationBenchmark pe = new LoadCalibrationBenchmark();
        pe.open(Smoke.apply(pe, "performanceEvaluation"));
        assertEquals(0, pe.performanceEvaluation());
        pe.checkRows(); // counts PE's rows
        assertEquals(0, pe.performanceEvaluation());
        pe.checkRows(); // PE's second run rewrites every row with a newer (server-assigned) timestamp
        assertEquals(2, pe.checks);
        pe.tearDown();
        assertFalse(hbase.exists(pe.peTable));

        LoadCalibrationBenchmark ml = new LoadCalibrationBenchmark();
        ml.open(Smoke.apply(ml, "meterLoader"));
        assertEquals(ml.rows, ml.meterLoader());
        ml.checkRows();
        ml.tearDown();
    }
}
