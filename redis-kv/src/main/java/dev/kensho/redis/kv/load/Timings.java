package dev.kensho.redis.kv.load;

import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.latency.Latencies;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The latencies of one trial, as HdrHistograms (ns): {@link #service} from a batch's actual send to each
 * reply (the closed loop's only latency; metric names {@code latency_*}), and in open-loop mode also
 * {@link #intended} from the batch's due time to each reply (corrected for coordinated omission,
 * {@code latency_intended_*}) and {@link #lag}, how late each batch left ({@code schedule_lag_*}); batches
 * that left more than {@value #BEHIND_NANOS} ns late are counted in {@code schedule_behind}.
 *
 * <p>One interval per measurement iteration goes to an {@link IntervalLog} per latency
 * ({@code service}, {@code intended}); warm-up iterations are dropped. The report takes the percentiles from
 * those logs (every fork's intervals merged, {@code LogPercentiles}); the ones recorded here per fork stand
 * where there are no logs (outside a launcher run). The request rate of every
 * measurement iteration (requests answered ÷ the iteration's wall time, the suite's clock) is kept, and in a closed loop the rate of every measured round
 * (one invocation's requests ÷ its wall time) for the first-half/second-half agreement check ({@link Halves}).
 */
public final class Timings {

    /** A batch sent more than 1 ms after it was due counts as behind schedule (well above park/wake-up jitter). */
    static final long BEHIND_NANOS = 1_000_000L;

    final boolean open;
    public final Latencies service = new Latencies();
    public final Latencies intended = new Latencies();
    public final Latencies lag = new Latencies();
    final LongAdder behind = new LongAdder();
    public final List<Double> iterationRates = new ArrayList<>();
    /** Closed loop: requests/s of each round of the measurement iterations, in order. */
    final List<Double> roundRates = new ArrayList<>();
    private final List<Double> iterationRounds = new ArrayList<>();
    private long behindAtReset;
    private long iterationStart = System.nanoTime();
    /** The wall-clock ms of the iteration's start: an interval's window in the logs begins here. */
    private long iterationStartMillis = System.currentTimeMillis();
    private IntervalLog serviceLog;
    private IntervalLog intendedLog;

    public Timings(boolean open) {
        this.open = open;
    }

    /** Opens the interval logs of this case in the run folder (none outside a run). */
    public void openLogs(Case c) {
        serviceLog = IntervalLog.open(c, "service", "latency_", "latency from a batch's actual send to each reply");
        if (open) {
            intendedLog = IntervalLog.open(c, "intended", "latency_intended_", "latency from a batch's due time (open-loop schedule) to each reply");
        }
    }

    /** A batch of {@code n} requests left at {@code sent}, due at {@code due}. */
    void sent(long due, long sent, int n) {
        if (open) {
            long late = sent - due;
            lag.record(Math.max(1, late));
            if (late > BEHIND_NANOS) {
                behind.add(n);
            }
        }
    }

    /** One reply arrived at {@code now} for a batch due at {@code due} and sent at {@code sent}. */
    void replied(long due, long sent, long now) {
        service.record(now - sent);
        if (open) {
            intended.record(now - due);
        }
    }

    public void iterationStarted() {
        iterationStart = System.nanoTime();
        iterationStartMillis = System.currentTimeMillis();
        iterationRounds.clear();
    }

    /** A closed-loop round of {@code requests} requests took {@code nanos}. */
    public void round(int requests, long nanos) {
        if (nanos > 0) {
            iterationRounds.add(requests * 1e9 / nanos);
        }
    }

    /** Drops what a warm-up iteration recorded. */
    public void reset() {
        service.reset();
        intended.reset();
        lag.reset();
        behindAtReset = behind.sum();
        iterationRounds.clear();
    }

    /**
     * Closes a measurement iteration: its intervals go to the logs, its rate to {@link #iterationRates}. Each logged
     * interval's window is the iteration's (start to now): HdrHistogram's recorder would start it at the previous
     * snapshot, so the wait for a shard's start boundary ({@code StartAt.beginIteration}) would count in it and
     * {@code Merge} would see shards that started together as apart.
     */
    public void interval() {
        double seconds = (System.nanoTime() - iterationStart) / 1e9;
        long end = System.currentTimeMillis();
        Histogram s = window(service.interval(), end);
        if (serviceLog != null) {
            serviceLog.write(s);
        }
        if (open) {
            Histogram i = window(intended.interval(), end);
            if (intendedLog != null) {
                intendedLog.write(i);
            }
            lag.interval();
        }
        if (seconds > 0) {
            iterationRates.add(s.getTotalCount() / seconds);
        }
        roundRates.addAll(iterationRounds);
        iterationRounds.clear();
    }

    private Histogram window(Histogram h, long endMillis) {
        h.setStartTimeStamp(iterationStartMillis);
        h.setEndTimeStamp(endMillis);
        return h;
    }

    /** Records the trial's percentiles and schedule figures. */
    public void export(Case c) {
        service.export(c);
        if (open) {
            Histogram h = intended.total();
            Latencies.percentiles(h).forEach((k, v) -> Recorder.measurement(c.benchmark(), c.params(),
                    k.replace("latency_", "latency_intended_"), v, "us"));
            Histogram l = lag.total();
            Recorder.measurement(c.benchmark(), c.params(), "schedule_lag_p50", l.getValueAtPercentile(50) / 1e3, "us");
            Recorder.measurement(c.benchmark(), c.params(), "schedule_lag_p99", l.getValueAtPercentile(99) / 1e3, "us");
            Recorder.measurement(c.benchmark(), c.params(), "schedule_lag_max", l.getMaxValue() / 1e3, "us");
            long b = behind.sum() - behindAtReset;
            long count = h.getTotalCount();
            Recorder.measurement(c.benchmark(), c.params(), "schedule_behind", b, "requests");
            if (count > 0) {
                Recorder.measurement(c.benchmark(), c.params(), "schedule_behind_ratio", (double) b / count, "ratio");
            }
        }
        if (!open) { // an open loop's rate is its schedule's: its halves say nothing about the state drifting
            Halves.record(c, roundRates);
        }
    }

    public void close() {
        if (serviceLog != null) {
            serviceLog.close();
        }
        if (intendedLog != null) {
            intendedLog.close();
        }
    }
}
