package dev.kensho.redis.pubsub;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.JedisPublisher;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.client.Receiver;
import dev.kensho.redis.pubsub.flow.Flow;
import dev.kensho.redis.pubsub.flow.NodeCounters;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import redis.clients.jedis.Jedis;

import java.util.List;

/**
 * What does classic {@code PUBLISH} cost on a Redis Cluster, where every message is broadcast over the
 * cluster bus to every node, against sharded {@code SPUBLISH}, which stays on the shard that owns the
 * channel's slot — as the node count grows? A question beyond the write-up; no published figure (the
 * write-up ran one server).
 *
 * <p>Cases: {@code mode} = {@code PUBLISH} | {@code SPUBLISH}; {@code nodes} = 1 (one plain server, the
 * baseline: sharded Pub/Sub works there too) or 3 … 64 masters of an embedded cluster (or an external one at
 * {@code kensho.redis.uri} with that many masters; {@code kensho.redis.cluster} is not read: the node count is
 * this param); {@code subscribers}, {@code messageBytes}, {@code windowBytes} as in
 * {@link PubSubFanoutBenchmark}. Publisher and subscribers (Jedis, {@link Client#JEDIS}) are all connected
 * to the master that owns the channel's slot ({@code CLUSTER KEYSLOT}) — where a cluster client sends
 * {@code SPUBLISH} and where {@code SSUBSCRIBE} must be (Jedis 5.2's {@code JedisCluster.spublish}/{@code ssubscribe}
 * route there; a direct connection keeps this module's pipelined {@link JedisPublisher}) — so both modes deliver the same messages to the same
 * connections and differ only in the broadcast: the other masters have no subscriber, and whatever CPU they
 * spend under {@code PUBLISH} is the broadcast's. Every message is checked as {@link Flow} does (each
 * subscriber gets every sequence number in order, every reply counts all subscribers), and at the trial's end
 * every other master must have received every {@code PUBLISH} over the bus and no {@code SPUBLISH}.
 *
 * <p>Measured: primary score = messages published/s; {@link ReceivedCounters} = deliveries/s. Recorded per
 * measured iteration from each node's own counters ({@link NodeCounters}): {@code owner_cpu_us_per_message} and
 * {@code other_nodes_cpu_us_per_message} (CPU µs per published message, the owner / the mean of the other
 * masters), {@code owner_cpu_cores} and {@code other_nodes_cpu_cores} (cores busy), and
 * {@code bus_messages_per_message} (cluster-bus Pub/Sub messages sent per published message).
 *
 * <p>On a 2-core machine the masters are processes sharing the same two cores with the client: the broadcast's
 * CPU on the other masters is taken from the cores the owner and the client need, so the throughput here
 * shows that cost more sharply than a cluster of separate machines would; the CPU per message does not
 * depend on that.
 *
 * <p>Run: {@code mvn verify -Pbench -pl redis-pubsub -am -Dkensho.bench=ClusterPublish}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 2)
public class ClusterPublishBenchmark extends FlowBenchmark {

    /** The publish command under test. */
    public enum Command {
        PUBLISH(PubSubMode.CLASSIC), SPUBLISH(PubSubMode.SHARDED);

        final PubSubMode mode;

        Command(PubSubMode mode) {
            this.mode = mode;
        }
    }

    static final String NODES_ALLOWED = "1 (one server) or " + RedisSettings.MIN_MASTERS + " … " + RedisSettings.MAX_MASTERS
            + " (cluster masters)";

    public static final ParamRules RULES = PubSubParams.windowBytes(PubSubParams.messageBytes(ParamRules.of()
            .oneOf("mode", Command.class)
            .rule("nodes", v -> {
                int n;
                try {
                    n = Integer.parseInt(v);
                } catch (NumberFormatException e) {
                    throw BadInput.of("nodes", v, NODES_ALLOWED);
                }
                if (n != 1 && (n < RedisSettings.MIN_MASTERS || n > RedisSettings.MAX_MASTERS)) {
                    throw BadInput.of("nodes", v, NODES_ALLOWED);
                }
            })
            .intRange("subscribers", 1, PubSubParams.MAX_SUBSCRIBERS)))
            .unavailableWhen("nodes", v -> "1".equals(v) ? null : RedisTargets.whyNoCluster())
            .preflight(RedisTargets::validate);

    @Param({"PUBLISH", "SPUBLISH"})
    public Command mode;

    @Param({"1", "3"})
    public int nodes;

    @Param({"1"})
    public int subscribers;

    @Param({"256"})
    public int messageBytes;

    @Param({"8388608"})
    public long windowBytes;

    private int ownerIndex;
    private NodeCounters counters;
    private NodeCounters.Snapshot trialStart;
    private NodeCounters.Snapshot iterationStart;
    private long iterationFirst;

    /** One node, or a cluster and the master that owns the channel: subscribers and publisher connect to it. */
    @Override
    void connect() {
        List<RedisTarget> servers;
        RedisTarget owner;
        String channel;
        if (nodes == 1) {
            target = RedisTargets.openNode(PubSubParams.WRITE_UP_CONFIG);
            servers = List.of(target);
            channel = PubSubParams.channel(target, "cluster");
            owner = target;
        } else {
            RedisCluster cluster = RedisTargets.openCluster(PubSubParams.WRITE_UP_CONFIG, nodes);
            target = cluster;
            servers = cluster.servers();
            channel = PubSubParams.channel(target, "cluster");
            owner = owner(cluster, channel);
        }
        target.record();
        ownerIndex = servers.indexOf(owner);
        counters = new NodeCounters(servers, nodes > 1);
        for (int i = 0; i < subscribers; i++) {
            Receiver r = new Receiver("sub-" + i);
            receivers.add(r);
            subs.add(Client.JEDIS.subscribe(owner, channel, mode.mode, r));
        }
        sender = Client.JEDIS.publisher(owner, channel, mode.mode, messageBytes, subscribers);
        flow = new Flow(target.describe(), sender, receivers, messageBytes, windowBytes);
        trialStart = counters.read();
    }

    /** The master serving the channel's slot, as the server computes it (sharded channels hash like keys). */
    static RedisTarget owner(RedisCluster cluster, String channel) {
        long slot;
        try (Jedis j = cluster.servers().get(0).jedis()) {
            slot = j.clusterKeySlot(channel);
        }
        for (RedisCluster.Node n : cluster.masters()) {
            for (String r : n.slots()) {
                String[] ft = r.split("-");
                if (slot >= Long.parseLong(ft[0]) && slot <= Long.parseLong(ft[ft.length - 1])) {
                    return n.server();
                }
            }
        }
        throw new TargetFailure(cluster.describe() + ": no master serves slot " + slot + " of channel " + channel);
    }

    @Override
    void iterationStarted() {
        iterationFirst = flow.next();
        iterationStart = counters.read();
    }

    /** Publishes one message to the subscribers (waiting while the slowest is a window behind). */
    @Benchmark
    public void publish(ReceivedCounters received) {
        flow.publishOne();
        flow.countSinceMark(received);
    }

    /** Every message of the iteration delivered and checked (by the drain before), then each node's CPU and bus messages recorded. */
    @Override
    void iterationEnded(IterationParams ip) {
        NodeCounters.Snapshot end = counters.read();
        if (ip == null || ip.getType() == IterationType.MEASUREMENT) {
            record(iterationStart, end, flow.next() - iterationFirst);
        }
    }

    private void record(NodeCounters.Snapshot from, NodeCounters.Snapshot to, long messages) {
        if (messages == 0) {
            return;
        }
        double wall = (to.wallNanos() - from.wallNanos()) / 1e9;
        double ownerCpu = to.cpuSeconds()[ownerIndex] - from.cpuSeconds()[ownerIndex];
        measure("owner_cpu_us_per_message", ownerCpu * 1e6 / messages, "us");
        measure("owner_cpu_cores", ownerCpu / wall, "cores");
        if (counters.size() > 1) {
            double others = 0;
            long bus = 0;
            for (int i = 0; i < counters.size(); i++) {
                bus += to.busSent()[i] - from.busSent()[i];
                if (i != ownerIndex) {
                    others += to.cpuSeconds()[i] - from.cpuSeconds()[i];
                }
            }
            others /= counters.size() - 1;
            measure("other_nodes_cpu_us_per_message", others * 1e6 / messages, "us");
            measure("other_nodes_cpu_cores", others / wall, "cores");
            measure("bus_messages_per_message", (double) bus / messages, "messages");
        }
    }

    /**
     * The regime: under {@code PUBLISH} every other master received every message over the bus, under
     * {@code SPUBLISH} none. The bus is asynchronous to the subscribers: waits (bounded) for it to catch up.
     */
    void requireBroadcastAsClaimed() {
        if (counters == null || counters.size() == 1 || trialStart == null) {
            return;
        }
        long published = flow.next();
        long expected = mode == Command.PUBLISH ? published : 0;
        long deadline = System.nanoTime() + Flow.STALL_TIMEOUT.toNanos();
        while (true) {
            NodeCounters.Snapshot now = counters.read();
            String wrong = null;
            for (int i = 0; i < counters.size() && wrong == null; i++) {
                long got = now.publishReceived()[i] - trialStart.publishReceived()[i]
                        + now.shardReceived()[i] - trialStart.shardReceived()[i];
                long want = i == ownerIndex ? 0 : expected;
                if (got != want) {
                    wrong = "master " + i + (i == ownerIndex ? " (the channel's owner)" : "") + " received " + got
                            + " Pub/Sub bus messages of " + published + " published, expected " + want;
                }
            }
            if (wrong == null) {
                return;
            }
            if (System.nanoTime() > deadline || expected == 0) {
                throw new TargetFailure(target.describe() + ", " + mode + ": " + wrong);
            }
            Thread.onSpinWait(); // the bus is still delivering: re-read the counters (bounded by the deadline)
        }
    }

    /** The broadcast regime checked before the losses are recorded. */
    @Override
    void recordTrial() {
        requireBroadcastAsClaimed();
        super.recordTrial();
    }

    @Override
    void closeMore() {
        if (counters != null) {
            counters.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(ClusterPublishBenchmark.class, args);
    }
}
