package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one slow-subscriber flood records: its measurements (cut-off, omem growth and peak, time to the cut, messages
 * published, delivered, received and lost, the server's memory growth) and the {@value #OMEM_SERIES} time series the
 * report draws (the samples of {@link OmemSampler}, with the limit in force and the cut-off's time).
 */
public final class FloodRecords {

    /** The kind of the subscriber's output-buffer time series in {@code series.jsonl}. */
    public static final String OMEM_SERIES = "omem";

    private FloodRecords() {
    }

    /** Records flood {@code iteration} of case {@code c}: {@code cutoffLogged} is {@link ServerCuts#loggedDuringFlood}. */
    public static void record(Case c, int iteration, Flood.Outcome o, OutputBufferLimit limit, int sampleMillis,
                              int cutoffLogged) {
        String b = c.benchmark();
        Map<String, String> p = c.params();
        List<long[]> s = o.samples();
        Recorder.measurement(b, p, "cut_off", o.cutOff() ? 1 : 0, "bool");
        Recorder.measurement(b, p, "subscriber_saw_disconnect", o.subscriberSawDisconnect() ? 1 : 0, "bool");
        Recorder.measurement(b, p, "cutoff_logged_by_server", cutoffLogged, "bool");
        Recorder.measurement(b, p, "limit_hard", limit.hardBytes(), "bytes");
        measure(b, p, "omem_growth_rate", o.omemGrowthRate(), "bytes/s");
        Recorder.measurement(b, p, "omem_at_cutoff", s.isEmpty() ? 0 : s.get(s.size() - 1)[1], "bytes");
        Recorder.measurement(b, p, "omem_max", o.maxOmem(), "bytes");
        measure(b, p, "time_to_cutoff", o.cutOff() ? o.secondsToCutoff() : Double.NaN, "s");
        Recorder.measurement(b, p, "published_messages", o.published(), "messages");
        Recorder.measurement(b, p, "delivered_messages", o.delivered(), "messages");
        Recorder.measurement(b, p, "received_messages", o.received(), "messages");
        Recorder.measurement(b, p, "lost_messages", o.lost(), "messages");
        long usedMin = s.stream().mapToLong(x -> x[3]).min().orElse(0);
        long usedMax = s.stream().mapToLong(x -> x[3]).max().orElse(0);
        Recorder.measurement(b, p, "used_memory_growth", usedMax - usedMin, "bytes");
        Map<String, Object> series = new LinkedHashMap<>();
        series.put("iteration", iteration);
        series.put("limit_hard_bytes", limit.hardBytes());
        series.put("limit_soft_bytes", limit.softBytes());
        series.put("limit_soft_seconds", limit.softSeconds());
        series.put("sample_ms", sampleMillis);
        series.put("cutoff_ms", o.cutoffMillis());
        series.put("t_ms", s.stream().mapToLong(x -> x[0]).toArray());
        series.put("omem_bytes", s.stream().mapToLong(x -> x[1]).toArray());
        series.put("tot_mem_bytes", s.stream().mapToLong(x -> x[2]).toArray());
        series.put("used_memory_bytes", s.stream().mapToLong(x -> x[3]).toArray());
        series.put("published", s.stream().mapToLong(x -> x[4]).toArray());
        series.put("received", s.stream().mapToLong(x -> x[5]).toArray());
        Recorder.series(b, p, OMEM_SERIES, series);
    }

    /** A measurement, left out when it does not exist (NaN: JSON has no NaN). */
    private static void measure(String b, Map<String, String> p, String metric, double v, String unit) {
        if (!Double.isNaN(v)) {
            Recorder.measurement(b, p, metric, v, unit);
        }
    }
}
