package dev.kensho.common.shard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * When shards start measuring: {@code -Dkensho.startAt=<ISO-8601 instant | epoch ms>}. Every trial, once
 * its setup is done (server up, data loaded, connections open), waits for the next boundary of a
 * {@value #GRID_SECONDS}-second grid ({@code -Dkensho.startGrid}) that begins at {@code startAt}, read on the <em>target's</em> clock:
 * the shard first measures its clock's offset to the target (the reply to a time request with the
 * shortest round trip of {@value #SAMPLES}, e.g. Redis {@code TIME}), so shards whose own clocks disagree
 * still start their warm-ups — and so their measured iterations — together. The offset, its uncertainty
 * (half that round trip) and the boundary used go to the run folder ({@value #FILE}, then env.json);
 * {@code Merge} refuses shards whose offsets differ by more than {@link #CLOCK_BOUND_MS}. Every iteration
 * then starts on a boundary too ({@link #beginIteration()}), so iteration i of every shard starts at the
 * same instant; the cost is the wait to the next boundary (up to {@value #GRID_SECONDS} s per iteration).
 *
 * <p>A later trial of the run starts no earlier than {@code kensho.trialGap} seconds after the boundary the trial
 * before it started its last iteration on — a boundary every shard shares — so shards whose set-ups are done by then
 * start it together however long each took. Trials whose set-ups (or iterations) end in different grid slots after
 * that still start on different boundaries; {@code Merge} sees their windows apart and refuses them.
 */
public final class StartAt {

    /** Default spacing of the start boundaries after {@code startAt} ({@code -Dkensho.startGrid} changes it). */
    public static final int GRID_SECONDS = 10;

    /** The spacing of the boundaries, seconds: {@code kensho.startGrid} (1 … 3600), {@value #GRID_SECONDS} by default. */
    public static int gridSeconds() {
        String v = ShardSettings.START_GRID.get();
        return v == null ? GRID_SECONDS : (int) Settings.range(ShardSettings.START_GRID.key(), v, 1, 3600);
    }
    /** Time requests per offset measurement; the shortest round trip is used. */
    public static final int SAMPLES = 7;
    /** Shards whose offsets to the target differ by more than this are not merged. */
    public static final long CLOCK_BOUND_MS = 50;
    /** How late after a boundary a start still counts as on it. */
    private static final long ON_TIME_MICROS = 100_000;
    /** One line per trial in the run folder: shard, startAt, offset, boundary. */
    public static final String FILE = "clock.jsonl";
    /** The boundaries this shard started trials and iterations on (target µs), the last one for the next trial. */
    public static final String LAST_FILE = "boundaries.jsonl";
    /** Default of {@code kensho.trialGap}: seconds from a trial's last iteration start to the next trial's start. */
    public static final int TRIAL_GAP_SECONDS = 20;

    private StartAt() {
    }

    /**
     * The instant of {@code kensho.startAt}, or null when unset; a value that is not an instant, or one
     * in the past when {@code mustBeFuture} (the launcher's check, before anything starts), is a one-line
     * {@link BadInput}.
     */
    public static Instant current(boolean mustBeFuture) {
        String v = ShardSettings.START_AT.get();
        if (v == null) {
            return null;
        }
        Instant t = parse(v);
        if (mustBeFuture && !t.isAfter(Instant.now())) {
            throw BadInput.of(ShardSettings.START_AT.key(), v, "an instant in the future (it is " + Instant.now() + " now)");
        }
        return t;
    }

    /** An ISO-8601 instant or epoch milliseconds, or a one-line {@link BadInput}. */
    public static Instant parse(String v) {
        try {
            return v.matches("\\d{10,16}") ? Instant.ofEpochMilli(Long.parseLong(v)) : Instant.parse(v);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw BadInput.of(ShardSettings.START_AT.key(), v, "an ISO-8601 instant (2026-11-24T00:30:00Z) or epoch milliseconds");
        }
    }

    /** Offset of the target's clock to ours: {@code offsetMicros} (target − local) ± {@code uncertaintyMicros}. */
    public record Offset(long offsetMicros, long uncertaintyMicros) {
    }

    /** Measures the offset of {@code targetEpochMicros} (one time request per call) to the local clock. */
    public static Offset offset(LongSupplier targetEpochMicros) {
        Offset best = null;
        for (int i = 0; i < SAMPLES; i++) {
            long t0 = micros();
            long remote = targetEpochMicros.getAsLong();
            long t1 = micros();
            Offset o = new Offset(remote - (t0 + t1) / 2, (t1 - t0 + 1) / 2);
            if (best == null || o.uncertaintyMicros() < best.uncertaintyMicros()) {
                best = o;
            }
        }
        return best;
    }

    /** This JVM's last measured offset to the target (µs), for {@link #beginIteration()}. */
    private static volatile Offset lastOffset;
    /** Set when {@link #beginTrial} has waited for a boundary that no iteration has started on yet. */
    private static volatile boolean trialBoundaryPending;

    /**
     * Call at every iteration's start ({@code @Setup(Level.Iteration)}, outside JMH's timing): with
     * {@code kensho.startAt} set, waits for the next boundary of the grid on the target's clock (a trial's first
     * iteration starts at once, on the boundary {@code beginTrial} waited for), so every shard's
     * iteration i starts at the same instant however long its iteration i−1 took (an iteration runs whole
     * invocations, and machines finish them at different speeds). Shards whose iterations end in different grid
     * slots still drift apart; {@code Merge} sees it and refuses. A no-op without {@code startAt}.
     */
    public static void beginIteration() {
        Instant startAt = current(false);
        Offset o = lastOffset;
        if (trialBoundaryPending) {
            // the trial's first iteration starts on the boundary beginTrial waited for, however long JMH took to reach
            // it: a 100 ms tolerance (ON_TIME) alone let a busy shard slip to the next boundary while the other did not
            trialBoundaryPending = false;
            return;
        }
        if (startAt != null && o != null) {
            waitUntil(boundary(startAt, o));
        }
    }

    /** The next grid boundary from {@code startAt} on the target's clock, as a local instant. */
    private static Instant boundary(Instant startAt, Offset o) {
        return boundary(startAt, o, Long.MIN_VALUE);
    }

    /**
     * The first grid boundary from {@code startAt} on the target's clock at or after both now and {@code earliest}
     * (target µs), as a local instant; it becomes this shard's last boundary ({@link #LAST_FILE}).
     */
    private static Instant boundary(Instant startAt, Offset o, long earliest) {
        // up to ON_TIME after a boundary counts as on it (a trial's first iteration skips this: beginIteration)
        long targetNow = Math.max(micros() + o.offsetMicros() - ON_TIME_MICROS, earliest);
        long first = startAt.toEpochMilli() * 1000;
        long grid = gridSeconds() * 1_000_000L;
        long k = targetNow <= first ? 0 : (targetNow - first + grid - 1) / grid;
        long target = first + k * grid;
        remember(target);
        long local = target - o.offsetMicros();
        return Instant.ofEpochSecond(Math.floorDiv(local, 1_000_000), Math.floorMod(local, 1_000_000) * 1000);
    }

    /** This shard's last boundary (target µs), also in the run folder, for the next trial's start (a fork is a new JVM). */
    private static volatile long lastBoundary = Long.MIN_VALUE;

    private static void remember(long targetMicros) {
        lastBoundary = targetMicros;
        Recorder.line(LAST_FILE, Map.of("boundary_us", targetMicros));
    }

    /**
     * The earliest start of a trial on the target's clock: {@code kensho.trialGap} seconds after the last boundary an
     * earlier trial of this run started an iteration on. Every shard knows that boundary (their iterations started on
     * it together), so shards whose set-ups are done by then start the trial on one boundary however long each took;
     * without one (the run's first trial) the trial starts on the first boundary after its set-up, as before.
     */
    private static long earliestTrialStart() {
        long last = lastBoundary;
        if (last == Long.MIN_VALUE) {
            Path dir = Recorder.runDir();
            List<JsonNode> lines = dir == null ? List.of() : Jsonl.read(dir.resolve(LAST_FILE));
            last = lines.isEmpty() ? Long.MIN_VALUE : lines.get(lines.size() - 1).path("boundary_us").asLong();
        }
        return last == Long.MIN_VALUE ? Long.MIN_VALUE : last + trialGapSeconds() * 1_000_000L;
    }

    /** {@code kensho.trialGap} (1 … 3600 s), {@value #TRIAL_GAP_SECONDS} by default. */
    public static int trialGapSeconds() {
        String v = ShardSettings.TRIAL_GAP.get();
        return v == null ? TRIAL_GAP_SECONDS : (int) Settings.range(ShardSettings.TRIAL_GAP.key(), v, 1, 3600);
    }

    /**
     * Call at the end of a trial's setup: measures and records this shard's clock offset to the target
     * ({@code target} names it), then, when {@code kensho.startAt} is set, waits for the next boundary on
     * the target's clock. Returns the local instant the trial starts (now, without {@code startAt}).
     */
    public static Instant beginTrial(String target, LongSupplier targetEpochMicros) {
        return beginTrial(target, offset(targetEpochMicros));
    }

    /**
     * As {@link #beginTrial(String, LongSupplier)} with an offset measured beforehand ({@link #offset}): for a target
     * whose time requests need set-up that must be gone before the trial starts (HBase's clock table).
     */
    public static Instant beginTrial(String target, Offset o) {
        return beginTrial(target, o, Long.MIN_VALUE);
    }

    /**
     * As above, starting no earlier than {@code earliest} (target µs): the instant the shards agreed on, having met on
     * the target (HBase's barrier), so that set-ups of different lengths still start the trial on one boundary.
     */
    public static Instant beginTrial(String target, Offset o, long earliest) {
        Shard shard = Shard.current();
        Instant startAt = current(false);
        lastOffset = o;
        Instant begin = startAt != null ? boundary(startAt, o, Math.max(earliest, earliestTrialStart())) : Instant.now();
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("shard", shard.toString());
        line.put("startAt", startAt == null ? null : startAt.toString());
        line.put("target", target);
        line.put("offset_us", o.offsetMicros());
        line.put("offset_uncertainty_us", o.uncertaintyMicros());
        line.put("trial_start", begin.toString());
        line.put("benchmark", Setting.BENCH_CLASS.get());
        Recorder.line(FILE, line); // before the wait: nothing but JMH's own steps between the boundary and iteration 1
        if (startAt != null) {
            waitUntil(begin);
            trialBoundaryPending = true;
        }
        return begin;
    }

    private static void waitUntil(Instant t) {
        long ms;
        while ((ms = t.toEpochMilli() - System.currentTimeMillis()) > 0) {
            try {
                Thread.sleep(ms); // a start time agreed with the other shards, not a stand-in for work
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + ShardSettings.START_AT.key() + " " + t, e);
            }
        }
    }

    private static long micros() {
        Instant n = Instant.now();
        return n.getEpochSecond() * 1_000_000 + n.getNano() / 1000;
    }
}
