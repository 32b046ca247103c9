package dev.kensho.targets.redis.servers;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An embedded Redis Cluster of {@code n} masters: {@code n} {@link EmbeddedRedis} child processes (the same
 * binary and config as the single embedded server, plus {@code cluster-enabled yes}, a node file in each
 * node's own temporary directory and the cluster bus on a second free loopback port), joined with
 * {@code CLUSTER MEET} and given the 16,384 slots in {@code n} contiguous ranges with
 * {@code CLUSTER ADDSLOTSRANGE} — no {@code redis-cli}. Ready when every node says {@code cluster_state:ok},
 * knows all {@code n} nodes, sees all slots assigned and has its link to every other node up (a {@code PUBLISH}
 * reaches only the nodes its owner has a link to) (within {@link #READY_TIMEOUT}, else one line naming
 * the node that did not). No replicas: a benchmark measures the masters' work. Every node dies with the JVM
 * ({@link dev.kensho.common.process.ChildProcess}).
 */
public final class EmbeddedCluster {

    /** Slots of a Redis Cluster. */
    public static final int SLOTS = 16_384;
    /** A fresh master waits ~2 s (Redis's CLUSTER_WRITABLE_DELAY) before it reports ok; gossip adds little. */
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    private EmbeddedCluster() {
    }

    /** Starts {@code masters} nodes with these extra config lines on every one, joined and covering every slot. */
    public static RedisCluster start(int masters, Map<String, String> config) {
        if (masters < RedisSettings.MIN_MASTERS || masters > RedisSettings.MAX_MASTERS) {
            throw new IllegalArgumentException("masters " + masters + " outside " + RedisSettings.MIN_MASTERS + " … " + RedisSettings.MAX_MASTERS);
        }
        List<EmbeddedRedis> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < masters; i++) {
                nodes.add(EmbeddedRedis.start(config, true));
            }
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < masters; i++) {
                EmbeddedRedis n = nodes.get(i);
                try (Jedis j = n.jedis(RedisTarget.CONNECT_TIMEOUT)) {
                    ids.add(j.clusterMyId());
                    int from = (int) ((long) SLOTS * i / masters);
                    int to = (int) ((long) SLOTS * (i + 1) / masters) - 1;
                    j.sendCommand(Protocol.Command.CLUSTER, "ADDSLOTSRANGE", Integer.toString(from), Integer.toString(to));
                    if (i > 0) {
                        String bus = j.configGet("cluster-port").get("cluster-port");
                        try (Jedis first = nodes.get(0).jedis(RedisTarget.CONNECT_TIMEOUT)) {
                            first.sendCommand(Protocol.Command.CLUSTER, "MEET", "127.0.0.1", Integer.toString(n.port()), bus);
                        }
                    }
                }
            }
            String what = "embedded Redis Cluster of " + masters + " masters";
            awaitOk(nodes, masters, READY_TIMEOUT, what);
            List<RedisCluster.Node> topology = new ArrayList<>();
            for (int i = 0; i < masters; i++) {
                int from = (int) ((long) SLOTS * i / masters);
                int to = (int) ((long) SLOTS * (i + 1) / masters) - 1;
                topology.add(new RedisCluster.Node(ids.get(i), nodes.get(i), List.of(from + "-" + to)));
            }
            return new RedisCluster(RedisTarget.Kind.EMBEDDED, topology);
        } catch (RuntimeException e) {
            nodes.forEach(EmbeddedRedis::close);
            if (e instanceof TargetFailure) {
                throw e;
            }
            throw new TargetFailure("embedded Redis Cluster of " + masters + " masters: cannot form the cluster ("
                    + TargetFailure.rootCause(e) + ")", e);
        }
    }

    /** Waits until every master reports {@code cluster_state:ok}, or throws naming the node that does not. */
    private static void awaitOk(List<? extends RedisTarget> nodes, int expectedNodes, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (true) {
            boolean ok = true;
            for (RedisTarget n : nodes) {
                try (Jedis j = n.jedis(RedisTarget.CONNECT_TIMEOUT)) {
                    RedisInfo info = RedisInfo.cluster(j);
                    boolean nodeOk = "ok".equals(info.get("cluster_state"))
                            && Integer.toString(expectedNodes).equals(info.get("cluster_known_nodes"))
                            && "16384".equals(info.get("cluster_slots_assigned"));
                    String unlinked = nodeOk ? unlinked(j.clusterNodes(), expectedNodes) : null;
                    if (!nodeOk || unlinked != null) {
                        ok = false;
                        last = n.host() + ":" + n.port() + (nodeOk ? " " + unlinked
                                : " says cluster_state:" + info.get("cluster_state") + ", known nodes "
                                + info.get("cluster_known_nodes") + ", slots assigned " + info.get("cluster_slots_assigned"));
                        break;
                    }
                }
            }
            if (ok) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new TargetFailure(what + " did not reach cluster_state:ok within " + timeout.toSeconds() + " s: " + last);
            }
            try {
                Thread.sleep(20); // readiness poll of a forming cluster, not part of any measurement
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetFailure(what + ": interrupted while waiting for cluster_state:ok");
            }
        }
    }

    /**
     * Null when this node lists {@code expected} nodes, each with its link up and none in handshake; else what
     * is not. A node broadcasts {@code PUBLISH} only over links that are up: a node reports
     * {@code cluster_state:ok} before its links to every other node are, and a message published then never
     * reaches the node without one.
     */
    static String unlinked(String clusterNodes, int expected) {
        int listed = 0;
        for (String line : clusterNodes.split("\r?\n")) {
            String[] f = line.trim().split(" ");
            if (f.length < 8) {
                continue;
            }
            listed++;
            if (!"connected".equals(f[7]) || f[2].contains("handshake") || f[2].contains("noaddr") || f[2].contains("fail")) {
                return "sees node " + f[1] + " as " + f[2] + ", link " + f[7];
            }
        }
        return listed == expected ? null : "lists " + listed + " nodes of " + expected;
    }
}
