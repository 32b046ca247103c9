package dev.kensho.common.shard;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The window of every measured iteration of a shard, for benchmarks that keep no interval logs (the HBase loads and
 * queries, Pub/Sub): {@code Merge} lines the shards' windows up as it does the logs' intervals, and refuses shards
 * whose aligned iterations did not overlap. Call {@link #begin()} at an iteration's start (it waits for the shards'
 * common boundary first, {@link StartAt#beginIteration()}) and {@link #end(Case, boolean)} at its end. Outside a
 * sharded run (no {@code kensho.shard}, no {@code kensho.startAt}) nothing is written.
 *
 * <p>One line per measured iteration in {@value #FILE}: benchmark, params, the fork's pid, start and end (epoch µs,
 * this machine's clock; {@code Merge} shifts them onto the target's with the shard's clock offset).
 */
public final class Windows {

    public static final String FILE = "windows.jsonl";

    private static volatile long begun;

    private Windows() {
    }

    /** At an iteration's start: waits for the shards' common boundary ({@code kensho.startAt}), then notes the instant. */
    public static void begin() {
        StartAt.beginIteration();
        begun = micros();
    }

    /** At an iteration's end: a measured iteration's window goes to the run folder when this run is a shard or aligned. */
    public static void end(Case c, boolean measured) {
        long start = begun;
        begun = 0;
        if (!measured || start == 0 || !recorded()) {
            return;
        }
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", c.benchmark());
        line.put("params", c.params());
        line.put("pid", ProcessHandle.current().pid());
        line.put("start_us", start);
        line.put("end_us", micros());
        Recorder.line(FILE, line);
    }

    /** True when windows are recorded: a shard of a sharded run, or a run started at {@code kensho.startAt}. */
    public static boolean recorded() {
        return Shard.current().sharded() || StartAt.current(false) != null;
    }

    private static long micros() {
        Instant n = Instant.now();
        return n.getEpochSecond() * 1_000_000 + n.getNano() / 1000;
    }
}
