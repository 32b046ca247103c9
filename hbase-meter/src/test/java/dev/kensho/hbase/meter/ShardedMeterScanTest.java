package dev.kensho.hbase.meter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.report.merge.Merge;
import dev.kensho.targets.hbase.HBaseTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.kensho.hbase.meter.MeterShards.assertClock;
import static dev.kensho.hbase.meter.MeterShards.jmh;
import static dev.kensho.hbase.meter.MeterShards.measured;
import static dev.kensho.hbase.meter.MeterShards.raw;
import static dev.kensho.hbase.meter.MeterShards.rows;
import static dev.kensho.hbase.meter.MeterShards.work;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Query 1 scan as two shards of one run ({@link MeterShards}), launched together with {@code startAt} 10 s ahead (time
 * for both launchers to accept it on a busy machine; their set-ups take longer, and the barrier does the rest): each shard queries its own meters and checks its own answers; {@link Merge} joins the two
 * run folders: an operation of the two reads both shards' rows, and per aligned iteration their rows per ms add up.
 */
@ExtendWith(SharedHBase.class)
class ShardedMeterScanTest {

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed run's folders and logs stay under target/ to be read
    Path work;

    @Test
    void meterScanAsTwoShardsAddsUpTheShardsRowsPerSecond(HBaseTarget cluster) throws Exception {
        List<Path> shards = MeterShards.run(cluster, work, "scan", 10, false, MeterScanBenchmark.class,
                "-f 0 -wi 0 -i 2 -r 1s -p meters=2 -p days=1 -p threads=2 -p datasetMeters=4 -p datasetDays=1"
                        + " -p saltBuckets=2 -p encoding=NONE -p codec=NONE");
        Path merged = work.resolve("scan-merged");
        Merge.merge(merged, shards);

        for (Path s : shards) {
            assertEquals((double) MeterReadings.SLOTS_PER_DAY, work(s), s + ": one meter's day per operation");
            assertClock(s);
        }
        assertEquals(2.0 * MeterReadings.SLOTS_PER_DAY, work(merged), "an operation of the two = both shards' rows");
        JsonNode m = jmh(merged, "MeterScanBenchmark", "2");
        JsonNode a = jmh(shards.get(0), "MeterScanBenchmark", "2");
        JsonNode b = jmh(shards.get(1), "MeterScanBenchmark", "2");
        for (int i = 0; i < 2; i++) {
            double perIteration = MeterReadings.SLOTS_PER_DAY / raw(a, i) + MeterReadings.SLOTS_PER_DAY / raw(b, i);
            assertEquals(perIteration, 2.0 * MeterReadings.SLOTS_PER_DAY / raw(m, i), perIteration * 1e-9,
                    "per aligned iteration: the shards' rows per ms add up");
        }
        assertTrue(rows(merged, "MeterScanBenchmark", "2", "records/s") > Math.max(rows(shards.get(0), "MeterScanBenchmark", "2", "records/s"),
                rows(shards.get(1), "MeterScanBenchmark", "2", "records/s")), "the two together read more rows/s than either alone");
        assertEquals(2, measured(merged, "2", "client_machines"));
    }
}
