package dev.kensho.redis.pubsub;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.client.Subscriber;
import dev.kensho.redis.pubsub.flow.Flood;
import dev.kensho.redis.pubsub.flow.FloodRecords;
import dev.kensho.redis.pubsub.flow.OmemSampler;
import dev.kensho.redis.pubsub.flow.OutputBufferLimit;
import dev.kensho.redis.pubsub.flow.ServerCuts;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.List;
import java.util.Map;

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
 * ({@link FloodRecords}: {@code t_ms[]}, {@code omem_bytes[]}, {@code tot_mem_bytes[]},
 * {@code used_memory_bytes[]}, {@code published[]}, {@code received[]}, with {@code limit_hard_bytes},
 * {@code limit_soft_bytes}, {@code limit_soft_seconds}, {@code cutoff_ms}) for the report's chart.
 *
 * <p>Checked after every flood, else the run fails: the loss counted two ways agrees — delivered − received
 * (the server's {@code PUBLISH} replies, the subscriber's count) against the messages the server accepted
 * that the sequence numbers in the received payloads show missing ({@link Flood.Outcome#requireAccounted});
 * and the server itself counted the cut as an output-buffer-limit disconnection ({@link ServerCuts#requireSawCut}).
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -Dkensho.bench=PubSubSlowSubscriber}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 0)
public class PubSubSlowSubscriberBenchmark extends BenchmarkState {

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
    /** The server's own account of the floods' cut-offs. */
    ServerCuts cuts;

    private Receiver receiver;
    private Subscriber subscriber;
    private Publisher publisher;
    private Flood.Outcome outcome;

    @Override
    public void open(Case c) {
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
                                + Setting.DESTRUCTIVE.key() + "=true to let the suite set '" + wanted.configValue()
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
            cuts = new ServerCuts(target, sampler);
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
        cuts.floodStarts();
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
        FloodRecords.record(benchCase, iteration, o, limit, sampleMillis, cuts.loggedDuringFlood());
        if (!o.cutOff()) {
            // the experiment's claim is the cut-off: without it there is no answer, so the run fails
            throw new TargetFailure(client + ": the slow subscriber was not cut off within " + maxSeconds
                    + " s (limit " + limit.configValue() + "; max omem " + o.maxOmem() + " bytes)");
        }
        o.requireAccounted();
        cuts.requireSawCut();
    }

    @Override
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
        Kensho.main(PubSubSlowSubscriberBenchmark.class, args);
    }
}
