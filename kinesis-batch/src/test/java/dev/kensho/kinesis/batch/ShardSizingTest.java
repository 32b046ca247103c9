package dev.kensho.kinesis.batch;

import dev.kensho.common.export.Export;
import dev.kensho.common.testing.FixtureRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shards for a target rate: 1,000,000 user records/s of 50 B unaggregated are 1,000 shards (1,000 records/s per shard
 * binds); aggregated at 55 ± 1 shard-seconds per million (three iterations, Student t: ±18.2) they are 37 … 74.
 */
class ShardSizingTest {

    @AfterEach
    void clear() {
        System.clearProperty(BatchSettings.TARGET_RECORDS.key());
    }

    @Test
    void knownAnswers(@TempDir Path dir) {
        FixtureRun f = new FixtureRun(dir.resolve("run"));
        String vs = "dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark.putRecords";
        f.jmh(vs, Map.of("records", "1000", "recordBytes", "50", "roundTripMs", "0", "connection", "REUSED"), "ss", "s/op", 0.04, 0.004);
        String agg = "dev.kensho.kinesis.batch.AggregatedPutRecordsBenchmark.putRecords";
        Map<String, String> a = Map.of("userRecords", "5000", "userRecordBytes", "50", "aggregateBytes", "51200", "flushMs", "100");
        f.jmh(agg, a, "ss", "ms/op", 600, 20);
        for (double s : new double[]{54, 55, 56}) {
            f.measurement(agg, a, "shard_seconds_per_million", s, "shard-s");
        }
        assertTrue(ShardSizing.tables(f.rows()).isEmpty(), "no target, no table");
        System.setProperty(BatchSettings.TARGET_RECORDS.key(), "1e6");
        var tables = ShardSizing.tables(f.rows());
        assertEquals(1, tables.size());
        String md = tables.get(0).markdown();
        assertTrue(md.contains("| PutRecord / PutRecords | 50 | 1000 | " + Export.fmt(1000 * 0.015 * 730) + " | set by the suite"), md);
        assertTrue(md.contains("| aggregated + PutRecords | 50 | 37 … 74 | " + Export.fmt(37 * 0.015 * 730) + " … "
                + Export.fmt(74 * 0.015 * 730) + " | measured: AggregatedPutRecordsBenchmark shard_seconds_per_million"), md);
        assertTrue(md.contains("set by the suite"), md);
    }
}
