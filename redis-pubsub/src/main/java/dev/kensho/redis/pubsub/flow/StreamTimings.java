package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.latency.Latencies;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.HdrHistogram.Histogram;

/**
 * The latencies and schedule of one {@code PubSubStreamLatencyBenchmark} trial, as HdrHistograms (ns):
 * {@link #service} from each message's actual send to its receipt ({@code latency_*}) and {@link #intended}
 * from its intended send time on the pacer's schedule to its receipt ({@code latency_intended_*}: a
 * publisher that falls behind its schedule — descheduled, or slower than the stream — delays the messages
 * that follow, and only this latency shows it). Messages sent more than {@value #BEHIND_NANOS} ns after
 * they were due are counted ({@code schedule_behind}); how late the latest one was is
 * {@code publisher_late_max}.
 *
 * <p>One interval per measurement iteration goes to an {@link IntervalLog} per latency ({@code service},
 * {@code intended}) in the run folder; warm-up iterations are dropped.
 */
public final class StreamTimings {

    /** A message sent more than 1 ms after it was due counts as behind schedule (well above park/wake-up jitter). */
    static final long BEHIND_NANOS = 1_000_000L;
    /** Kept up: nothing lost, and every message received within 10 ms of its intended send time. */
    static final long KEPT_UP_NANOS = 10_000_000L;

    public final Latencies service = new Latencies();
    public final Latencies intended = new Latencies();
    private long behind;
    private long sent;
    private long lateMaxNanos;
    private IntervalLog serviceLog;
    private IntervalLog intendedLog;

    /** Opens the interval logs of this case in the run folder (none outside a run). */
    public void openLogs(Case c) {
        serviceLog = IntervalLog.open(c, "service", "publish→receive latency from each message's actual send");
        intendedLog = IntervalLog.open(c, "intended", "publish→receive latency from each message's intended send time (the pacer's schedule)");
    }

    /** One message left at {@code now}, due at {@code due} (benchmark thread only). */
    public void sent(long due, long now) {
        long late = now - due;
        sent++;
        if (late > BEHIND_NANOS) {
            behind++;
        }
        lateMaxNanos = Math.max(lateMaxNanos, late);
    }

    /** Drops what a warm-up recorded. */
    public void reset() {
        service.reset();
        intended.reset();
        behind = 0;
        sent = 0;
        lateMaxNanos = 0;
    }

    /** Closes a measurement iteration (every message of it received): its intervals go to the logs. */
    public void interval() {
        Histogram s = service.interval();
        Histogram i = intended.interval();
        if (serviceLog != null) {
            serviceLog.write(s);
        }
        if (intendedLog != null) {
            intendedLog.write(i);
        }
    }

    public long behind() {
        return behind;
    }

    /** Whether the stream kept up: nothing {@code lost}, and no message later than {@link #KEPT_UP_NANOS} from its intended send. */
    public boolean keptUp(long lost) {
        Histogram h = intended.total();
        return lost == 0 && h.getTotalCount() > 0 && h.getMaxValue() <= KEPT_UP_NANOS;
    }

    /** Records the trial's percentiles (µs) and schedule figures. */
    public void export(Case c) {
        service.export(c);
        Histogram h = intended.total();
        Recorder.measurement(c.benchmark(), c.params(), "latency_intended_p50", h.getValueAtPercentile(50) / 1e3, "us");
        Recorder.measurement(c.benchmark(), c.params(), "latency_intended_p99", h.getValueAtPercentile(99) / 1e3, "us");
        Recorder.measurement(c.benchmark(), c.params(), "latency_intended_p999", h.getValueAtPercentile(99.9) / 1e3, "us");
        Recorder.measurement(c.benchmark(), c.params(), "latency_intended_max", h.getMaxValue() / 1e3, "us");
        Recorder.measurement(c.benchmark(), c.params(), "schedule_behind", behind, "messages");
        if (sent > 0) {
            Recorder.measurement(c.benchmark(), c.params(), "schedule_behind_ratio", (double) behind / sent, "ratio");
        }
        Recorder.measurement(c.benchmark(), c.params(), "publisher_late_max", lateMaxNanos / 1e3, "us");
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
