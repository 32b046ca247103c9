package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.info.RedisInfo;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.exceptions.JedisDataException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * A Redis Cluster to benchmark: its masters, each a {@link RedisTarget} of its own (for {@code INFO},
 * {@code CONFIG} and CPU per node), and cluster clients that follow {@code MOVED}/{@code ASK}:
 * {@link #jedisCluster(int)} and {@link #lettuceCluster()}. Obtain one with
 * {@link dev.kensho.targets.redis.opening.RedisTargets#openCluster(Map)} (embedded: {@link dev.kensho.targets.redis.servers.EmbeddedCluster}; external: a {@code redis://}
 * seed whose {@code INFO cluster} says {@code cluster_enabled:1}, masters read from {@code CLUSTER NODES}).
 *
 * <p>As a {@link RedisTarget} it stands for the whole cluster: {@link #describe()}, {@link #serverInfo()}
 * (topology: node ids, addresses, slot ranges; and every node's config), {@link #deleteSuiteKeys()} and
 * {@link #configSet} act on every master, with the same safety rules as one server (only prefixed keys on
 * an external cluster, no {@code FLUSHDB}/{@code CONFIG SET} there without the opt-in). {@link #host()},
 * {@link #port()}, {@link #jedis()} and {@link #lettuce()} are the <em>seed</em> node's: a plain connection
 * to one node, for server commands only — a key command there gets {@code MOVED} unless the slot is its own.
 */
public final class RedisCluster extends RedisTarget {

    /** A master of the cluster: its node id, its address and the slot ranges it serves ("0-5460"). */
    public record Node(String id, RedisTarget server, List<String> slots) {
    }

    private final Kind kind;
    private final List<Node> masters;
    private final RedisTarget seed;
    private RedisClusterClient lettuceCluster;

    public RedisCluster(Kind kind, List<Node> masters) {
        if (masters.isEmpty()) {
            throw new TargetFailure("a Redis Cluster without masters");
        }
        this.kind = kind;
        this.masters = List.copyOf(masters);
        this.seed = masters.get(0).server();
    }

    /**
     * The masters of the cluster {@code seed} belongs to, from {@code CLUSTER NODES} (flag {@code master},
     * not failed, with slots), in slot order. {@code at} turns an address into a target with the seed's
     * TLS, user and password.
     */
    public static List<Node> discover(RedisTarget seed, BiFunction<String, Integer, RedisTarget> at) {
        String nodes;
        try (Jedis j = seed.jedis(FIRST_CONTACT_TIMEOUT)) {
            nodes = j.clusterNodes();
        }
        List<Node> out = new ArrayList<>();
        for (String line : nodes.split("\r?\n")) {
            String[] f = line.trim().split(" ");
            if (f.length < 8 || !f[2].contains("master") || f[2].contains("fail") || f[2].contains("noaddr")) {
                continue;
            }
            List<String> slots = new ArrayList<>();
            for (int i = 8; i < f.length; i++) {
                if (!f[i].startsWith("[")) { // "[slot->-node]": a slot being migrated, owned elsewhere
                    slots.add(f[i]);
                }
            }
            if (slots.isEmpty()) {
                continue;
            }
            String addr = f[1].split("[@,]")[0]; // ip:port@cport[,hostname]
            int colon = addr.lastIndexOf(':');
            String host = colon <= 0 ? seed.host() : addr.substring(0, colon);
            int port = Integer.parseInt(addr.substring(colon + 1));
            RedisTarget server = f[2].contains("myself") || (host.equals(seed.host()) && port == seed.port())
                    ? seed : at.apply(host, port);
            out.add(new Node(f[0], server, List.copyOf(slots)));
        }
        out.sort(Comparator.comparingInt(n -> Integer.parseInt(n.slots().get(0).split("-")[0])));
        return out;
    }

    /** Whether the server answers {@code cluster_enabled:1} in {@code INFO cluster} (false if it refuses INFO). */
    public static boolean isCluster(RedisTarget server) {
        try (Jedis j = server.jedis(FIRST_CONTACT_TIMEOUT)) {
            return "1".equals(RedisInfo.of(j, "cluster").get("cluster_enabled"));
        } catch (JedisDataException e) {
            return false;
        }
    }

    /** The masters, in slot order. */
    public List<Node> masters() {
        return masters;
    }

    /** Every master as a single-node target (INFO, CONFIG, CPU of one node). */
    public List<RedisTarget> servers() {
        return masters.stream().map(Node::server).toList();
    }

    /**
     * A new {@link JedisCluster} (caller closes it): blocking, a pool of up to {@code connectionsPerNode}
     * connections per master, following {@code MOVED}/{@code ASK} (up to 5 redirects per command).
     */
    public JedisCluster jedisCluster(int connectionsPerNode) {
        Set<HostAndPort> nodes = new LinkedHashSet<>();
        for (Node n : masters) {
            nodes.add(new HostAndPort(n.server().host(), n.server().port()));
        }
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(connectionsPerNode);
        pool.setMaxIdle(connectionsPerNode);
        pool.setMinIdle(0);
        pool.setJmxEnabled(false);
        try {
            return new JedisCluster(nodes, seed.clientConfig(SOCKET_TIMEOUT), 5,
                    (GenericObjectPoolConfig<Connection>) pool);
        } catch (RuntimeException e) {
            throw unreachable(e);
        }
    }

    /**
     * The shared Lettuce {@link RedisClusterClient} of this cluster (closed with it), seeded with every master;
     * it follows {@code MOVED}/{@code ASK} itself. Per-command timers are off: a benchmark round has its own deadline.
     */
    public synchronized RedisClusterClient lettuceCluster() {
        if (lettuceCluster == null) {
            List<RedisURI> uris = masters.stream().map(n -> n.server().redisUri()).toList();
            lettuceCluster = RedisClusterClient.create(uris);
            lettuceCluster.setOptions(ClusterClientOptions.builder()
                    .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                    .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                    .autoReconnect(false)
                    .maxRedirects(5)
                    .build());
        }
        return lettuceCluster;
    }

    @Override
    public Kind kind() {
        return kind;
    }

    @Override
    public String host() {
        return seed.host();
    }

    @Override
    public int port() {
        return seed.port();
    }

    @Override
    public boolean tls() {
        return seed.tls();
    }

    @Override
    public String user() {
        return seed.user();
    }

    @Override
    protected String password() {
        return seed.password();
    }

    @Override
    public String describe() {
        if (kind == Kind.EMBEDDED) {
            // alike in every fork (its free ports are in the topology): env.json lists it once
            return "embedded Redis Cluster of " + masters.size() + " masters on 127.0.0.1";
        }
        List<String> nodes = masters.stream().map(n -> n.server().host() + ":" + n.server().port()).toList();
        return kind.name().toLowerCase(Locale.ROOT) + " Redis Cluster of " + masters.size() + " masters ("
                + String.join(", ", nodes) + ")";
    }

    /** Sets a config value on every master; on an external cluster only with the opt-in. */
    @Override
    public void configSet(String name, String value) {
        requireDestructive("CONFIG SET " + name);
        for (Node n : masters) {
            try (Jedis j = n.server().jedis()) {
                j.configSet(name, value);
            }
        }
    }

    /**
     * Removes every key the suite wrote, on every master: {@code FLUSHDB} where the suite owns the cluster,
     * else {@code SCAN MATCH prefix*} + {@code UNLINK} of each key (one key per command: keys of different
     * slots cannot share one).
     */
    @Override
    public void deleteSuiteKeys() {
        if (!owned()) {
            KeyOwnership.deleteSuiteKeys(this); // every master, a scan page per pipeline
            return;
        }
        for (Node n : masters) {
            try (Jedis j = n.server().jedis()) {
                j.flushDB();
            }
        }
    }

    /** The topology (node id, address, slot ranges of every master) and every master's version and config. */
    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", describe());
        List<Map<String, Object>> topology = new ArrayList<>();
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (Node n : masters) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("id", n.id());
            t.put("address", n.server().host() + ":" + n.server().port());
            t.put("slots", n.slots());
            topology.add(t);
            nodes.add(n.server().serverInfo());
        }
        Map<String, Object> first = nodes.get(0);
        out.put("redis_version", first.get("redis_version"));
        out.put("masters", masters.size());
        out.put("topology", topology);
        out.put("nodes", nodes);
        return out;
    }

    /** The config lines asked for, from every master; a value that differs between masters is refused. */
    @Override
    public Map<String, String> readConfig(List<String> names) {
        Map<String, String> first = null;
        for (Node n : masters) {
            Map<String, String> m = n.server().readConfig(names);
            if (first == null) {
                first = m;
            } else if (!first.equals(m)) {
                throw new TargetFailure(describe() + ": masters differ in " + names + ": " + first + " vs " + m
                        + " at " + n.server().host() + ":" + n.server().port());
            }
        }
        return first;
    }

    /** Every master's CPU counts in the iterations' server CPU (one probe per node). */
    @Override
    public synchronized void watchCpu() {
        masters.forEach(n -> n.server().watchCpu());
    }

    /** Checks a declared master count against the cluster's. */
    public void requireMasters(String setting, int expected) {
        if (expected > 0 && expected != masters.size()) {
            throw BadInput.of(setting, expected, "the number of masters of " + describe() + " (" + masters.size() + ")");
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (lettuceCluster != null) {
                lettuceCluster.shutdown(Duration.ZERO, Duration.ofSeconds(2));
                lettuceCluster = null;
            }
        }
        super.close();
        for (Node n : masters) {
            n.server().close();
        }
    }
}
