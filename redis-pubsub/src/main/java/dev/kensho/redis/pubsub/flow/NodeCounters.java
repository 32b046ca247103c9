package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;

/**
 * Each server's own counters, read on a connection of its own: CPU ({@code INFO cpu}: used_cpu_user +
 * used_cpu_sys of the whole redis-server process, µs resolution) and, on a cluster node, the cluster bus's
 * Pub/Sub messages ({@code CLUSTER INFO}: {@code cluster_stats_messages_publish_sent/received} for classic
 * {@code PUBLISH}, {@code …_publishshard_…} for {@code SPUBLISH}; Redis omits a type it has never counted,
 * read as 0). Read outside the measured code, between iterations.
 */
public final class NodeCounters implements AutoCloseable {

    /** One reading of every node, in the order the nodes were given. */
    public record Snapshot(long wallNanos, double[] cpuSeconds, long[] publishReceived, long[] shardReceived, long[] busSent) {
    }

    private final List<RedisTarget> nodes;
    private final List<Jedis> connections = new ArrayList<>();
    private final boolean cluster;

    public NodeCounters(List<RedisTarget> nodes, boolean cluster) {
        this.nodes = List.copyOf(nodes);
        this.cluster = cluster;
        try {
            for (RedisTarget n : nodes) {
                connections.add(n.jedis());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public int size() {
        return nodes.size();
    }

    public Snapshot read() {
        int n = nodes.size();
        double[] cpu = new double[n];
        long[] pubRecv = new long[n];
        long[] shardRecv = new long[n];
        long[] sent = new long[n];
        for (int i = 0; i < n; i++) {
            Jedis j = connections.get(i);
            cpu[i] = RedisInfo.of(j, "cpu").cpuSeconds();
            if (cluster) {
                RedisInfo ci = RedisInfo.cluster(j);
                pubRecv[i] = ci.count("cluster_stats_messages_publish_received");
                shardRecv[i] = ci.count("cluster_stats_messages_publishshard_received");
                sent[i] = ci.count("cluster_stats_messages_publish_sent") + ci.count("cluster_stats_messages_publishshard_sent");
            }
        }
        return new Snapshot(System.nanoTime(), cpu, pubRecv, shardRecv, sent);
    }

    @Override
    public void close() {
        connections.forEach(Client::closeQuietly);
        connections.clear();
    }
}
