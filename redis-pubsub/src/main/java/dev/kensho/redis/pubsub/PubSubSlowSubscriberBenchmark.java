package dev.kensho.redis.pubsub;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.bench.Bench;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.redis.EmbeddedRedis;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What happens when a subscriber reads slower than the publisher writes? The write-up's warning, made
 * measurable: the undelivered messages pile up in the server's output buffer for that client
 * ({@code omem} in {@code CLIENT LIST}) until memory runs out — or, as here, until
 * {@code client-output-buffer-limit pubsub} disconnects the subscriber and its backlog is lost.
 *
 * <p>One invocation (single shot): a Jedis publisher sends {@code messageBytes} messages at
 * {@code publishRate}/s on a fixed-rate schedule; the subscriber ({@code client} = {@code JEDIS} |
 * {@code LETTUCE}) accepts only {@code subscriberRate}/s (a paced {@link Receiver}: it holds the client's
 * reading thread, so the client stops reading its socket). Every {@code sampleMillis} the same thread
 * samples {@code omem} and {@code tot-mem} of the subscriber's connection ({@code CLIENT LIST ID}) and
 * {@code used_memory}. It ends when the server has cut the subscriber off — a {@code PUBLISH} reporting
 * 0 receivers, or its connection gone from {@code CLIENT LIST} — after which the subscriber stops pacing,
 * reads what reached its socket and must see the disconnect itself (bounded wait); or after
 * {@code maxSeconds} without a cut-off. The publisher is Jedis in both cases so that a Lettuce subscriber
 * blocking its event loop cannot slow the publisher.
 *
 * <p>The limit: on a server the suite starts, {@code client-output-buffer-limit pubsub <hardLimitBytes> 0 0}
 * (default 32 MiB, Redis's own default hard limit). On an external server the limit is read back and
 * used as it is, if it is sane (a hard limit of at most 256 MiB); otherwise the case refuses to run
 * unless {@code -Dkensho.destructive=true}, with which it sets {@code hardLimitBytes} for the run and
 * restores the old value after.
 *
 * <p>Score: time from the first message to the cut-off (s). Recorded per iteration:
 * {@code omem_growth_rate} (bytes/s, least-squares slope of the samples with {@code omem > 0}),
 * {@code omem_at_cutoff} (bytes, the last sample before the cut), {@code limit_hard} (bytes, the limit
 * in force), {@code time_to_cutoff} (s), {@code cut_off} (1/0), {@code subscriber_saw_disconnect}
 * (1/0), {@code cutoff_logged_by_server} (1/0: the embedded server's log names the output-buffer limit;
 * -1 elsewhere), {@code published_messages}, {@code delivered_messages} (accepted for the subscriber:
 * {@code PUBLISH} answered 1), {@code received_messages}, {@code lost_messages} (delivered − received),
 * {@code used_memory_growth} (bytes); and the time series {@code omem} ({@code series.jsonl})
 * ({@link Recorder#record}: {@code t_ms[]}, {@code omem_bytes[]}, {@code tot_mem_bytes[]},
 * {@code used_memory_bytes[]}, {@code published[]}, {@code received[]}, with {@code limit_hard_bytes},
 * {@code limit_soft_bytes}, {@code limit_soft_seconds}, {@code cutoff_ms}) for the report's chart.
 *
 * <p>Checked after every flood, else the run fails: the loss counted two ways agrees — delivered − received
 * (the server's {@code PUBLISH} replies, the subscriber's count) against the messages the server accepted
 * that the sequence numbers in the received payloads show missing ({@link Flood.Outcome#requireAccounted});
 * and the server itself counted the cut as an output-buffer-limit disconnection ({@link #requireServerSawCut}).
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubSlowSubscriber}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 3)
public class PubSubSlowSubscriberBenchmark {

    /** The kind of the subscriber's output-buffer time series in {@code series.jsonl} (drawn by {@link PubSubSection}). */
    public static final String OMEM_SERIES = "omem";

    public static final ParamRules RULES = PubSubParams.messageBytes(ParamRules.of()
            .oneOf("client", Client.class)
            .intRange("publishRate", 1, 1_000_000)
            .intRange("subscriberRate", 1, 1_000_000)
            .intRange("hardLimitBytes", 64 * 1024, 1L << 30)
            .intRange("sampleMillis", 5, 10_000)
            .intRange("maxSeconds", 1, 600))
            .preflight(RedisTargets::validate);

    static final String CONFIG = "client-output-buffer-limit";

    @Param({"JEDIS", "LETTUCE"})
    public Client client;

    @Param({"4096"})
    public int messageBytes;

    @Param({"2000"})
    public int publishRate;

    @Param({"200"})
    public int subscriberRate;

    @Param({"33554432"})
    public long hardLimitBytes;

    @Param({"100"})
    public int sampleMillis;

    @Param({"60"})
    public int maxSeconds;

    private RedisTarget target;
    private Jedis sampler;
    private OutputBufferLimit limit;
    private OutputBufferLimit restore;
    private Case benchCase;
    private int iteration;
    /** Lines of the embedded server's log naming the output-buffer limit when this flood began. */
    private int cutsLogged;
    /** The server's count of output-buffer-limit disconnections when this flood began (-1: not readable). */
    private long cutsBefore;

    private Receiver receiver;
    private Subscriber subscriber;
    private Publisher publisher;
    private Flood.Outcome outcome;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    public void open(Case c) {
        RULES.check(Map.of("client", client.name(), "messageBytes", Integer.toString(messageBytes),
                "publishRate", Integer.toString(publishRate), "subscriberRate", Integer.toString(subscriberRate),
                "hardLimitBytes", Long.toString(hardLimitBytes), "sampleMillis", Integer.toString(sampleMillis),
                "maxSeconds", Integer.toString(maxSeconds)));
        benchCase = c;
        OutputBufferLimit wanted = new OutputBufferLimit(hardLimitBytes, 0, 0);
        try {
            target = RedisTargets.open(Map.of(CONFIG, wanted.configValue()));
            limit = OutputBufferLimit.parse(target.readConfig(List.of(CONFIG)).getOrDefault(CONFIG, ""));
            if (!target.owned()) {
                if (!limit.sane()) {
                    if (!Settings.destructiveAllowed()) {
                        throw new BadInput("refusing the slow-subscriber flood on " + target.describe()
                                + ": its client-output-buffer-limit pubsub hard limit is " + limit.hardBytes()
                                + " bytes (0 = none), so the backlog would grow that server's memory without bound; pass -D"
                                + Settings.DESTRUCTIVE_PROPERTY + "=true to let the suite set '" + wanted.configValue()
                                + "' for the run (restored after)");
                    }
                    target.configSet(CONFIG, wanted.configValue());
                    restore = limit;
                    limit = OutputBufferLimit.parse(target.readConfig(List.of(CONFIG)).getOrDefault(CONFIG, ""));
                }
            } else if (limit.hardBytes() != hardLimitBytes) {
                throw new TargetFailure(target.describe() + " did not take " + CONFIG + " " + wanted.configValue() + " (has "
                        + limit.configValue() + ")");
            }
            target.record();
            sampler = target.jedis(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A fresh channel, subscriber and publisher for each flood (the previous subscriber was cut off). */
    @Setup(Level.Iteration)
    public void subscribe() {
        String channel = PubSubParams.channel(target, "slow");
        receiver = new Receiver("slow-sub");
        subscriber = client.subscribe(target, channel, PubSubMode.CLASSIC, receiver);
        receiver.pace(subscriberRate);
        publisher = Client.JEDIS.publisher(target, channel, PubSubMode.CLASSIC, messageBytes, 1);
        outcome = null;
        cutsLogged = logCuts();
        cutsBefore = serverCuts();
    }

    /** Floods the paced subscriber until the server cuts it off (or {@code maxSeconds}); returns the outcome. */
    @Benchmark
    public Flood.Outcome floodSlowSubscriber() {
        outcome = Flood.run(publisher, receiver, new OmemSampler(target, sampler, subscriber), publishRate, sampleMillis,
                maxSeconds);
        return outcome;
    }

    @TearDown(Level.Iteration)
    public void endFlood() {
        try {
            if (outcome != null) {
                record(outcome);
            }
        } finally {
            if (publisher != null) {
                publisher.close();
            }
            if (subscriber != null) {
                subscriber.close();
            }
            iteration++;
        }
    }

    private void record(Flood.Outcome o) {
        String b = benchCase.benchmark();
        Map<String, String> p = benchCase.params();
        List<long[]> s = o.samples();
        Recorder.measurement(b, p, "cut_off", o.cutOff() ? 1 : 0, "bool");
        Recorder.measurement(b, p, "subscriber_saw_disconnect", o.subscriberSawDisconnect() ? 1 : 0, "bool");
        Recorder.measurement(b, p, "cutoff_logged_by_server", cutoffLogged(), "bool");
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
        if (!o.cutOff()) {
            // the experiment's claim is the cut-off: without it there is no answer, so the run fails
            throw new TargetFailure(client + ": the slow subscriber was not cut off within " + maxSeconds
                    + " s (limit " + limit.configValue() + "; max omem " + o.maxOmem() + " bytes)");
        }
        o.requireAccounted();
        long after = serverCuts();
        requireServerSawCut(cutsBefore < 0 || after < 0 ? -1 : after - cutsBefore, target.owned());
    }

    /**
     * The cut-off must be the server's, for its output-buffer limit: {@code cuts} is how many such
     * disconnections the server itself counted during the flood ({@link #serverCuts()} delta). Exactly one on
     * a server the suite owns; at least one on a shared server (other clients may be cut too). -1 (the
     * server reports no count: an external server older than the INFO field, whose log is not ours) is not
     * checked — the cut is then known only from the PUBLISH replies and CLIENT LIST. Else a one-line
     * {@link IllegalStateException} naming expected vs found.
     */
    static void requireServerSawCut(long cuts, boolean exclusive) {
        if (cuts >= 0 && (exclusive ? cuts != 1 : cuts < 1)) {
            throw new IllegalStateException("slow-subscriber cut-off: the server counted " + cuts
                    + " output-buffer-limit disconnections during the flood, expected " + (exclusive ? "exactly 1" : "at least 1"));
        }
    }

    /**
     * The server's own count of output-buffer-limit disconnections: {@code client_output_buffer_limit_disconnections}
     * from {@code INFO stats} where the server has that field (the bundled 7.0.15 does not), else the
     * embedded server's log lines for it ({@link #logCuts()}); -1 when neither can be read.
     */
    long serverCuts() {
        String n = target.info(sampler, "stats").get("client_output_buffer_limit_disconnections");
        if (n != null) {
            return Long.parseLong(n);
        }
        return logCuts();
    }

    /** A measurement, left out when it does not exist (NaN: JSON has no NaN). */
    private static void measure(String b, Map<String, String> p, String metric, double v, String unit) {
        if (!Double.isNaN(v)) {
            Recorder.measurement(b, p, metric, v, unit);
        }
    }

    /** 1 if the embedded server logged a disconnect for the output-buffer limit during this flood, 0 if not, -1 if its log is not ours to read. */
    int cutoffLogged() {
        int n = logCuts();
        return n < 0 ? -1 : n > cutsLogged ? 1 : 0;
    }

    /** Lines of the embedded server's log (which spans the whole trial) naming the output-buffer limit as a disconnect's cause; -1 elsewhere. */
    int logCuts() {
        if (!(target instanceof EmbeddedRedis e)) {
            return -1;
        }
        try {
            // 7.0 logs one line per cut: "Client … closed for" or "… scheduled to be closed ASAP for overcoming of output buffer limits."
            String log = Files.readString(e.process().log(), StandardCharsets.UTF_8);
            return log.split("overcoming of output buffer limits", -1).length - 1;
        } catch (IOException ex) {
            return -1;
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        try {
            if (restore != null && target != null) {
                target.configSet(CONFIG, restore.configValue());
                restore = null;
            }
        } finally {
            if (sampler != null) {
                Client.closeQuietly(sampler);
                sampler = null;
            }
            if (target != null) {
                target.close();
                target = null;
            }
        }
    }

    OutputBufferLimit limit() {
        return limit;
    }

    public static void main(String[] args) {
        Bench.main(PubSubSlowSubscriberBenchmark.class, args);
    }
}
