package dev.kensho.hbase.meter;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.report.merge.Merge;
import dev.kensho.targets.hbase.HBaseTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.kensho.hbase.meter.MeterShards.assertClock;
import static dev.kensho.hbase.meter.MeterShards.jmh;
import static dev.kensho.hbase.meter.MeterShards.measured;
import static dev.kensho.hbase.meter.MeterShards.raw;
import static dev.kensho.hbase.meter.MeterShards.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The load as two shards of one run ({@link MeterShards}): each shard loads its own meters in tables of its own and
 * checks its own answers; {@link Merge} joins the two run folders and the merged answers are checked: rows loaded = the
 * sum of the shards', every row read back, the merged rows/s what the two loaded together.
 *
 * <p>The load runs {@code threads=2} (one thread per shard) and {@code threads=1}, which shard 0 runs alone while
 * shard 1 sits it out: a thread sweep's both sides in one merged run, each saying on how many machines it rests.
 *
 * <p>Both shards are launched with {@code startAt} {@value #LEAD_SECONDS} s ahead, and shard 1 is held (stopped) past
 * {@code startAt} until shard 0 waits at the barrier ({@link MeterShards}), so shard 1's set-up ends past {@code startAt}
 * while shard 0 waits for it: the shards meet on the cluster before each trial ({@code ShardBarrier}), so both start on
 * one boundary however much later one was ready; without the meeting shard 0 would start at {@code startAt} alone, and
 * Merge refuses the windows (seen here before the barrier existed: set-ups 10 s apart on a busy host).
 *
 * <p>Small data ({@value #METERS} meters × 1 day), two measured iterations on a 5 s grid. Merge refuses aligned
 * iterations that share less than half of the longer window, so a load must last well beyond how late a busy machine
 * starts one shard's thread: with 20 meters a load took 0.1–0.3 s and, beside another build (load average 5–21), one
 * shard's 627 ms window shared only 303 ms with the other's; 60 meters make the load three times longer, the
 * iteration around it (re-create the table, count the rows) still a few seconds.
 */
@ExtendWith(SharedHBase.class)
class ShardedMeterLoadTest {

    /**
     * How far ahead {@code startAt} lies when the shards are launched: both launchers must have accepted it by then
     * (a launcher refuses a {@code startAt} in the past; 2.3 s from launch to that check were seen on a busy host, and
     * 6.7 s with a dozen processes waiting for the two cores).
     */
    static final int LEAD_SECONDS = 10;

    /** Meters loaded per iteration, over both shards. */
    static final int METERS = 60;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed run's folders and logs stay under target/ to be read
    Path work;

    @Test
    void meterLoadAsTwoShardsMergesIntoTheSumOfItsRows(HBaseTarget cluster) throws Exception {
        List<Path> shards = MeterShards.run(cluster, work, "load", LEAD_SECONDS, true, MeterLoadBenchmark.class,
                "-f 0 -wi 0 -i 2 -p client=BUFFERED_MUTATOR -p threads=2,1 -p rowsPerRequest=100 -p saltBuckets=2"
                        + " -p meters=" + METERS + " -p days=1 -p encoding=NONE -p codec=NONE");
        Path merged = work.resolve("load-merged");
        Merge.merge(merged, shards);

        long all = (long) METERS * MeterReadings.SLOTS_PER_DAY; // the run's meters × 48 readings, per iteration
        for (Path s : shards) {
            assertEquals(2 * all / 2, measured(s, "2", "rows_written"), s + ": its own half of the meters' rows, twice");
            assertEquals(2 * all / 2, measured(s, "2", "rows_read_back"), s + ": every row of its own read back");
            assertClock(s);
        }
        assertEquals(2 * all, measured(merged, "2", "rows_written"), "rows loaded = the sum of the shards'");
        assertEquals(measured(merged, "2", "rows_written"), measured(merged, "2", "rows_read_back"), "every row read back");
        assertEquals(2, measured(merged, "2", "effective_threads"), "the merged run says how many client threads it rests on");
        assertEquals(2, measured(merged, "2", "client_machines"), "and on how many machines");

        // threads=1 runs on shard 0 alone (shard 1 sits it out): the sweep's 1-thread side, in the same merged run
        assertEquals(2 * all, measured(shards.get(0), "1", "rows_written"), "shard 0 loads every meter with its one thread");
        assertEquals(0, measured(shards.get(1), "1", "rows_written"), "shard 1 loads nothing");
        assertEquals(1, measured(merged, "1", "client_machines"));
        assertEquals(2 * all, measured(merged, "1", "rows_read_back"));

        JsonNode m = jmh(merged, "MeterLoadBenchmark", "2");
        JsonNode a = jmh(shards.get(0), "MeterLoadBenchmark", "2");
        JsonNode b = jmh(shards.get(1), "MeterLoadBenchmark", "2");
        for (int i = 0; i < 2; i++) {
            assertEquals(Math.max(raw(a, i), raw(b, i)), raw(m, i), "a single shot merges as the longest shard's time");
            assertEquals(raw(jmh(shards.get(0), "MeterLoadBenchmark", "1"), i), raw(jmh(merged, "MeterLoadBenchmark", "1"), i),
                    "threads=1: shard 0's time alone");
        }
        double rate = rows(merged, "MeterLoadBenchmark", "2", "records/s");
        assertEquals(all / (m.path("primaryMetric").path("score").asDouble() / 1e3), rate, rate * 1e-9,
                "merged rows/s = both shards' rows over the time the two took");
        assertTrue(Files.exists(merged.resolve("report.md")));
    }
}
