package dev.kensho.redis.pubsub.flow;

import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
            Map<String, String> c = nodes.get(i).info(j, "cpu");
            cpu[i] = Double.parseDouble(c.get("used_cpu_user")) + Double.parseDouble(c.get("used_cpu_sys"));
            if (cluster) {
                Map<String, String> ci = parse(j.clusterInfo());
                pubRecv[i] = count(ci, "cluster_stats_messages_publish_received");
                shardRecv[i] = count(ci, "cluster_stats_messages_publishshard_received");
                sent[i] = count(ci, "cluster_stats_messages_publish_sent") + count(ci, "cluster_stats_messages_publishshard_sent");
            }
        }
        return new Snapshot(System.nanoTime(), cpu, pubRecv, shardRecv, sent);
    }

    private static long count(Map<String, String> m, String name) {
        String v = m.get(name);
        return v == null ? 0 : Long.parseLong(v);
    }

    private static Map<String, String> parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\r?\n")) {
            int c = line.indexOf(':');
            if (c > 0) {
                m.put(line.substring(0, c), line.substring(c + 1).trim());
            }
        }
        return m;
    }

    @Override
    public void close() {
        connections.forEach(Client::closeQuietly);
        connections.clear();
    }
}
