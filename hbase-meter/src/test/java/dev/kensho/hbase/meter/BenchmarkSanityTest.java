package dev.kensho.hbase.meter;

import dev.kensho.common.bench.Case;
import dev.kensho.common.targets.hbase.HBaseTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        b.open(Cases.smoke(b, "load", MeterLoadBenchmark.RULES));
        b.emptyTable();
        long rows = b.load();
        assertEquals((long) b.meters * b.days * 48, rows);
        b.checkOnce(); // counts the rows in the table: throws if any is missing
        assertTrue(b.checked);
        b.tearDown();
        assertFalse(hbase.exists(b.table));
    }

    @Test
    void meterLoadWithoutSaltHitsOneRegion(HBaseTarget hbase) throws Exception {
        MeterLoadBenchmark b = new MeterLoadBenchmark();
        b.open(Cases.smoke(b, "load", MeterLoadBenchmark.RULES));
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
        Case c = Cases.smoke(load, "load", CompressionMatrixBenchmark.RULES);
        load.open(c);
        assertTrue(load.baseline > 0, "NONE/NONE baseline measured");
        load.emptyTable();
        assertEquals(load.rows, load.load());
        load.measureFiles(); // reads every HFile trailer: codec, encoding and cell count must match
        var files = hbase.storeFiles(load.table);
        assertTrue(files.stream().allMatch(f -> f.compression().equals("SNAPPY") && f.encoding().equals("FAST_DIFF")));
        assertTrue(dev.kensho.common.targets.hbase.HFiles.totalBytes(files) < load.baseline,
                "FAST_DIFF+SNAPPY is smaller than NONE/NONE");
        load.tearDown();

        CompressionMatrixBenchmark scan = new CompressionMatrixBenchmark();
        scan.open(Cases.smoke(scan, "fullScan", CompressionMatrixBenchmark.RULES));
        assertEquals(scan.rows, scan.fullScan());
        scan.tearDown();
        assertFalse(hbase.exists(scan.table));
    }

    @Test
    void meterScanReturnsEachMetersSeries() throws Exception {
        MeterScanBenchmark b = new MeterScanBenchmark();
        b.open(Cases.smoke(b, "scanSeries", MeterScanBenchmark.RULES));
        assertEquals((long) b.meters * b.days * 48, b.scanSeries());
        assertEquals((long) b.meters * b.days * 48, b.scanSeries()); // the next meters
        b.tearDown();
    }

    @Test
    void latestReadingGetReturnsTheLastSlotOfEveryMeter() throws Exception {
        LatestReadingGetBenchmark b = new LatestReadingGetBenchmark();
        b.open(Cases.smoke(b, "multiGetLatest", LatestReadingGetBenchmark.RULES));
        assertEquals(b.meters, b.multiGetLatest());
        b.tearDown();
    }

    @Test
    void calibrationRunsPerformanceEvaluationAndTheLoaderOnTheSameCluster(HBaseTarget hbase) throws Exception {
        LoadCalibrationBenchmark pe = new LoadCalibrationBenchmark();
        pe.open(Cases.smoke(pe, "performanceEvaluation", LoadCalibrationBenchmark.RULES));
        assertEquals(0, pe.performanceEvaluation());
        pe.tearDown(); // counts PE's rows, then drops its table
        assertFalse(hbase.exists(pe.peTable));

        LoadCalibrationBenchmark ml = new LoadCalibrationBenchmark();
        ml.open(Cases.smoke(ml, "meterLoader", LoadCalibrationBenchmark.RULES));
        assertEquals(ml.rows, ml.meterLoader());
        ml.tearDown();
    }
}
