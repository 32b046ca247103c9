package dev.kensho.common.latency;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-request latency of a benchmark case, for what JMH's modes cannot give at fixed concurrency:
 * p50 / p99 / p99.9 / max from an HdrHistogram (1 ns … 1 h, 3 significant digits). Thread-safe:
 * any number of client threads or event-loop callbacks call {@link #record(long)}; the measuring side
 * takes {@link #interval()} snapshots (e.g. one per JMH iteration) and accumulates them.
 *
 * <p>Recorded metrics (unit µs): {@code latency_p50}, {@code latency_p99}, {@code latency_p999},
 * {@code latency_max}, plus {@code latency_count} (requests).
 */
public final class Latencies {

    private final org.HdrHistogram.Recorder recorder = new org.HdrHistogram.Recorder(3);
    private final Histogram total = new Histogram(3600_000_000_000L, 3);

    /** One request's latency in nanoseconds. */
    public void record(long nanos) {
        recorder.recordValue(Math.max(1, Math.min(nanos, 3600_000_000_000L)));
    }

    /** Drops everything recorded so far (call after warm-up). */
    public synchronized void reset() {
        recorder.getIntervalHistogram();
        total.reset();
    }

    /** Moves what was recorded since the last call into the total and returns that interval. */
    public synchronized Histogram interval() {
        Histogram h = recorder.getIntervalHistogram();
        total.add(h);
        return h;
    }

    /** Everything recorded since the last {@link #reset()}. */
    public synchronized Histogram total() {
        interval();
        return total.copy();
    }

    /** Percentiles of a histogram in microseconds. */
    public static Map<String, Double> percentiles(Histogram h) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("latency_p50", h.getValueAtPercentile(50) / 1e3);
        m.put("latency_p99", h.getValueAtPercentile(99) / 1e3);
        m.put("latency_p999", h.getValueAtPercentile(99.9) / 1e3);
        m.put("latency_max", h.getMaxValue() / 1e3);
        return m;
    }

    /** Records the percentiles of {@link #total()} for this case into the run folder. */
    public Map<String, Double> export(Case c) {
        Histogram h = total();
        Map<String, Double> p = percentiles(h);
        p.forEach((k, v) -> Recorder.measurement(c.benchmark(), c.params(), k, v, "us"));
        Recorder.measurement(c.benchmark(), c.params(), "latency_count", h.getTotalCount(), "requests");
        return p;
    }
}
