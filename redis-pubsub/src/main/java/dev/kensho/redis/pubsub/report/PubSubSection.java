package dev.kensho.redis.pubsub.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.auto.service.AutoService;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.redis.pubsub.flow.FloodRecords;
import dev.kensho.redis.pubsub.flow.PublishLoop;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.Transport;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Plot;
import dev.kensho.report.Published;
import dev.kensho.report.RunData;
import dev.kensho.report.Section;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Experiment 4's report section: throughput against message size, fan-out, named streams and the slow
 * subscriber. Rates are JMH's {@link ReceivedCounters} ({@code receivedMessages}, {@code receivedMbits}).
 * Derived at report time: each Redis client's received Mbit/s over the TCP baseline's at the same message
 * size, publisher loop and window ({@code redis_tcp_ratio}: like loops only), whatever order the cases ran
 * in, and that share at the largest size over the smallest ({@code tcp_gap_closing}: Redis nearing the link). The ledger sets the write-up's ~10 kHz beside the 16 B one-at-a-time ({@code publisher=SYNC}) rows,
 * the loop the write-up most likely ran; the pipelined rows are context; no TCP row is set beside a Redis
 * figure. Table: the named streams' latency from the intended send time, service time, schedule and
 * kept_up. Plot: the slow subscriber's output buffer over time
 * ({@code PubSubSlowSubscriberBenchmark.OMEM_SERIES}) with the hard limit drawn.
 */
@AutoService(Section.class)
public final class PubSubSection implements Section {

    private static final String THROUGHPUT = "PubSubThroughputBenchmark";
    /** The default grid's message sizes the shape claims compare (bytes): the smallest, a small one, the largest. */
    static final String SMALLEST = "16";
    static final String SMALL = "4096";
    static final String LARGEST = "1048576";
    private static final String STREAMS = "PubSubStreamLatencyBenchmark";
    private static final String SLOW = "PubSubSlowSubscriberBenchmark";

    @Override
    public String id() {
        return "redis-pubsub";
    }

    @Override
    public int order() {
        return 4;
    }

    @Override
    public String title() {
        return "4. Redis Pub/Sub — transfer speed vs message size";
    }

    @Override
    public String seed() {
        return "write-up 4 (Redis Pub/Sub evaluation; undated)";
    }

    @Override
    public String question() {
        return "How does Pub/Sub throughput grow with message size against raw TCP, and what happens to a slow"
                + " subscriber?";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(
                ChartSpec.line("pubsub-mbit", "Received Mbit/s vs message size (log-log)", THROUGHPUT, "publish",
                        "receivedMbits", "messageBytes", true, true, "Mbit/s received", "transport", "publisher")
                        .xLabel("message bytes"),
                ChartSpec.line("pubsub-msgs", "Received messages/s vs message size, one message at a time (the write-up's"
                                + " loop, inferred; log-log)", THROUGHPUT, "publish", "receivedMessages", "messageBytes", true,
                        true, "messages/s received", "transport").where("publisher", PublishLoop.SYNC.name())
                        .xLabel("message bytes").reference("small_msg_rate"),
                ChartSpec.line("pubsub-msgs-pipelined", "Received messages/s vs message size, pipelined 256 per flush"
                                + " (context; log-log)", THROUGHPUT, "publish", "receivedMessages", "messageBytes", true, true,
                        "messages/s received", "transport").where("publisher", PublishLoop.PIPELINED.name())
                        .xLabel("message bytes"),
                ChartSpec.line("pubsub-ratio", "Redis ÷ TCP baseline, received Mbit/s at the same size and loop", THROUGHPUT,
                        "publish", "redis_tcp_ratio", "messageBytes", true, false, "ratio", "transport", "publisher")
                        .xLabel("message bytes"),
                ChartSpec.bar("pubsub-fanout", "Fan-out: messages/s received per subscriber count",
                        "PubSubFanoutBenchmark", "publishFanout", "receivedMessages", "subscribers",
                        "messages/s (all subscribers)", "client", "mode"),
                ChartSpec.bar("pubsub-streams", "Named streams: latency from the intended send time",
                        STREAMS, "publishAtStreamRate", "latency_intended_p(50|99|999)", "stream", "µs",
                        "client", "metric"),
                // Redis Cluster: context only, no published figure; the masters share this machine's cores
                ChartSpec.bar("pubsub-cluster", "Cluster: PUBLISH (broadcast) vs SPUBLISH, messages/s received",
                        "ClusterPublishBenchmark", "publish", "receivedMessages", "nodes", "messages/s", "mode"),
                ChartSpec.bar("pubsub-cluster-cpu", "Cluster: server CPU µs per message, channel's owner vs each other master",
                        "ClusterPublishBenchmark", "publish", "(owner|other_nodes)_cpu_us_per_message", "nodes", "µs",
                        "mode", "metric"));
    }

    @Override
    public List<Published> published() {
        return Published.load(PubSubSection.class);
    }

    @Override
    public List<Results.Row> derived(List<Results.Row> rows) {
        Predicate<Results.Row> mbit = Ratios.rows(THROUGHPUT, "publish", "receivedMbits");
        Predicate<Results.Row> tcp = r -> Transport.TCP.name().equals(r.param("transport"));
        List<Results.Row> out = new ArrayList<>(Ratios.against(rows, mbit.and(tcp.negate()), mbit.and(tcp),
                r -> Ratios.others(r, "transport"), "redis_tcp_ratio"));
        // the write-up's two shapes, as ratios of one transport's own sizes: Mbit/s rises with the message size;
        // messages/s stays flat while messages are small (the per-message overhead limits it)
        out.addAll(Ratios.pairs(rows, mbit.and(tcp.negate()), "messageBytes", LARGEST, SMALLEST, "mbit_growth"));
        // ... toward the link's limit: Redis's share of TCP's rate (the link on loopback) grows from the smallest size
        List<Results.Row> shares = List.copyOf(out.stream().filter(r -> r.metric().equals("redis_tcp_ratio")).toList());
        out.addAll(Ratios.pairs(shares, r -> true, "messageBytes", LARGEST, SMALLEST, "tcp_gap_closing"));
        out.addAll(Ratios.pairs(rows, Ratios.rows(THROUGHPUT, "publish", "receivedMessages").and(tcp.negate()),
                "messageBytes", SMALL, SMALLEST, "small_rate_ratio"));
        out.addAll(backlogToLimit(rows));
        return out;
    }

    /**
     * The slow subscriber's backlog against the limit that cut it ({@code omem_to_limit}): its output buffer at its
     * largest (the last sample before the cut) over the hard limit in force, per case. Near 1 when the server
     * buffered everything the subscriber did not read until the limit cut it; far below 1 if anything had pushed back
     * on the publisher or the cut had come early.
     */
    static List<Results.Row> backlogToLimit(List<Results.Row> rows) {
        Predicate<Results.Row> slow = r -> r.cls().equals(SLOW) && Results.RECORDED.equals(r.source());
        List<Results.Row> out = new ArrayList<>();
        for (Results.Row r : Ratios.against(rows, slow.and(r -> r.metric().equals("omem_max")),
                slow.and(r -> r.metric().equals("limit_hard")), r -> r.method() + "|" + new TreeMap<>(r.params()),
                "omem_to_limit")) {
            Map<String, String> p = new TreeMap<>(r.params());
            p.put("over", "limit_hard");
            out.add(new Results.Row(r.experiment(), r.cls(), r.method(), p, r.metric(), r.score(), r.error(), r.unit(),
                    r.samples(), r.source(), r.interval(), r.forks()));
        }
        return out;
    }

    /** The named streams' findings: latency from the intended send time (and the service time), schedule, kept_up. */
    @Override
    public List<Table> tables(RunData run) {
        Table t = Table.of("Named streams — the findings (their Mbit/s is the schedule the suite sets): publish → receive"
                        + " latency in µs from each message's intended send time on the pacer's schedule (corrected for"
                        + " coordinated omission) and from its actual send (service time), over all measurement iterations"
                        + " of a trial (one trial: no interval; per-iteration histograms in hlog/); behind = messages sent"
                        + " > 1 ms after they were due; kept up = nothing lost and every message within 10 ms of its"
                        + " intended send time.", "stream", "client", ">p50", ">p99", ">p99.9", ">max",
                ">service p50", ">service p99", ">service p99.9", ">behind schedule", "kept up");
        Map<String, Map<String, Results.Row>> cases = new LinkedHashMap<>();
        for (Results.Row r : run.rows()) {
            if (r.cls().equals(STREAMS) && Results.RECORDED.equals(r.source())) {
                cases.computeIfAbsent(r.param("stream") + "|" + r.param("client"), k -> new LinkedHashMap<>()).put(r.metric(), r);
            }
        }
        cases.forEach((k, m) -> {
            if (!m.containsKey("latency_intended_p50")) {
                return;
            }
            Results.Row any = m.values().iterator().next();
            Results.Row kept = m.get("kept_up");
            t.row(any.param("stream"), any.param("client"), cell(m, "latency_intended_p50"), cell(m, "latency_intended_p99"),
                    cell(m, "latency_intended_p999"), cell(m, "latency_intended_max"), cell(m, "latency_p50"),
                    cell(m, "latency_p99"), cell(m, "latency_p999"), cell(m, "schedule_behind"),
                    kept == null ? "–" : kept.score() == 1 ? "yes" : kept.score() == 0 ? "no"
                            : Export.fmt(kept.score()) + " of trials");
        });
        return List.of(t);
    }

    private static String cell(Map<String, Results.Row> m, String metric) {
        Results.Row r = m.get(metric);
        if (r == null) {
            return "–";
        }
        double h = r.halfWidth();
        return Export.fmt(r.score()) + (Double.isNaN(h) ? "" : " ± " + Export.fmt(h));
    }

    @Override
    public List<Plot> plots(RunData run) {
        Map<String, List<ChartSpec.Point>> series = new LinkedHashMap<>();
        double limit = -1;
        for (JsonNode r : run.series(FloodRecords.OMEM_SERIES)) {
            String name = r.path("params").path("client").asText("subscriber");
            if (series.containsKey(name)) {
                continue; // the first iteration of each case
            }
            List<ChartSpec.Point> points = new ArrayList<>();
            JsonNode t = r.path("t_ms");
            JsonNode o = r.path("omem_bytes");
            for (int i = 0; i < Math.min(t.size(), o.size()); i++) {
                points.add(new ChartSpec.Point(Double.toString(t.get(i).asDouble() / 1e3),
                        o.get(i).asDouble() / (1 << 20), 0));
            }
            series.put(name, points);
            limit = Math.max(limit, r.path("limit_hard_bytes").asDouble(-1));
        }
        if (series.isEmpty()) {
            return List.of();
        }
        List<Plot.Reference> refs = limit > 0
                ? List.of(new Plot.Reference("client-output-buffer-limit (hard)", limit / (1 << 20))) : List.of();
        return List.of(new Plot("pubsub-omem", "Slow subscriber: output buffer (omem) until the limit cuts it off",
                ChartSpec.Kind.LINE, "seconds", "MiB", false, false, series, refs));
    }
}
