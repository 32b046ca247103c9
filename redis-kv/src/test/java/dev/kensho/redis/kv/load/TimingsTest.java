package dev.kensho.redis.kv.load;

import dev.kensho.common.Setting;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.runfiles.Case;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A logged interval's window is its iteration, not the time since the previous snapshot: a shard's wait for its start
 * boundary between a warm-up and the first measured iteration must not widen the window {@code Merge} aligns shards by
 * (a CI run refused two shards that had started on the same boundary: "overlaps 1258 ms of 3617 ms").
 */
// sets kensho.runDir, a JVM-wide property that a concurrent class's test (OpenLoopTest's) reads: one at a time
@ResourceLock(Resources.SYSTEM_PROPERTIES)
class TimingsTest {

    @TempDir
    Path tmp;

    @Test
    void anIntervalsWindowStartsWithItsIterationNotAtTheWarmUpsEnd() throws Exception {
        Timings t = new Timings(false);
        System.setProperty(Setting.RUN_DIR.key(), tmp.toString());
        try {
            t.openLogs(new Case("dev.kensho.redis.kv.X.op", Map.of()));
        } finally {
            System.clearProperty(Setting.RUN_DIR.key());
        }
        t.reset(); // the warm-up's end
        Thread.sleep(300); // stands in for the wait to the shards' next start boundary
        long before = System.currentTimeMillis();
        t.iterationStarted();
        t.replied(0, 0, 1_000);
        t.interval();
        long after = System.currentTimeMillis();
        t.close();

        Path log;
        try (var files = Files.list(tmp.resolve(IntervalLog.DIR))) {
            log = files.filter(p -> p.toString().endsWith(".hlog")).findFirst().orElseThrow();
        }
        Histogram h = (Histogram) new HistogramLogReader(log.toFile()).nextIntervalHistogram();
        assertEquals(1, h.getTotalCount());
        assertTrue(h.getStartTimeStamp() >= before, "the window starts at the iteration's start, not "
                + (before - h.getStartTimeStamp()) + " ms before it");
        assertTrue(h.getEndTimeStamp() <= after && h.getEndTimeStamp() >= h.getStartTimeStamp());
    }
}
