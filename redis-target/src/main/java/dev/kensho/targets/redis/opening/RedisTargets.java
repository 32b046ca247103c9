package dev.kensho.targets.redis.opening;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.targets.Target;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisEndpoint;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.servers.ContainerRedis;
import dev.kensho.targets.redis.servers.EmbeddedCluster;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import dev.kensho.targets.redis.servers.ExternalRedis;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.Map;

/**
 * Chooses the Redis target, one rule for the whole suite: an explicit external URI wins
 * ({@code kensho.redis.uri}); else a container if asked ({@code kensho.redis.container=true}: the
 * image {@code kensho.redis.image}, or one built locally from the bundled {@code redis-server}); else the
 * embedded {@code redis-server}. {@code config} holds the server settings a benchmark needs
 * ({@code io-threads 4}, …): applied at start on a server the suite starts, read back and recorded on
 * an external one.
 *
 * <p>Redis Cluster ({@link RedisCluster}): {@link #openCluster(Map)} for benchmarks that speak it —
 * {@code -Dkensho.redis.cluster=N} starts an {@link EmbeddedCluster} of N masters; an external URI whose
 * {@code INFO cluster} says {@code cluster_enabled:1} is a cluster (declare it with
 * {@code kensho.redis.cluster=true} to make a single node an error). {@link #open(Map)} serves benchmarks
 * that drive one node, and refuses a cluster in one line rather than measuring {@code MOVED} errors.
 */
public final class RedisTargets {


    /** {@link RedisEndpoint#cluster()}: {@code kensho.redis.cluster=true} (any master count). */
    public static final int DECLARED = RedisSettings.DECLARED;

    private RedisTargets() {
    }

    /**
     * Validates the target properties without starting anything; an external server is contacted once
     * (PING within {@link RedisTarget#FIRST_CONTACT_TIMEOUT}), so a wrong host ends the run in one line naming it
     * before any benchmark starts. A declared cluster that is a single node ends it the same way.
     */
    public static void validate() {
        RedisEndpoint endpoint = RedisEndpoint.current();
        if (endpoint.external()) {
            Shard.runKeyPrefix();
            Settings.destructiveAllowed();
            ExternalRedis seed = reach(endpoint);
            if (endpoint.cluster() != 0 && !RedisCluster.isCluster(seed)) {
                throw notACluster(endpoint, seed);
            }
            RedisOwnershipClaim.preflight(seed);
        } else if (endpoint.container()) {
            if (endpoint.cluster() != 0) {
                throw new BadInput(RedisSettings.CLUSTER.key() + " and " + RedisSettings.CONTAINER.key()
                        + "=true cannot be combined: the cluster target is embedded or external (kensho.redis.uri)");
            }
            ContainerRedis.validate();
        } else {
            EmbeddedRedis.binary();
        }
        Shard.runKeyPrefix();
        Settings.destructiveAllowed();
    }

    /** One server, for benchmarks that drive one node; a cluster (asked for or detected) is refused in one line. */
    public static RedisTarget open(Map<String, String> config) {
        RedisEndpoint endpoint = RedisEndpoint.current();
        if (endpoint.cluster() != 0) {
            throw new BadInput(RedisSettings.CLUSTER.key() + "=" + endpoint.clusterValue()
                    + ": this benchmark drives one Redis node and does not follow cluster redirects; run it without "
                    + RedisSettings.CLUSTER.key() + " (cluster-aware: redis-kv's ClusterThroughputBenchmark)");
        }
        return openNode(endpoint, config);
    }

    /** {@link #open(Map)} without the cluster setting's refusal (a benchmark that sizes its own clusters). */
    public static RedisTarget openNode(Map<String, String> config) {
        return openNode(RedisEndpoint.current(), config);
    }

    private static RedisTarget openNode(RedisEndpoint endpoint, Map<String, String> config) {
        RedisTarget t = switch (Target.choose(endpoint.external(), endpoint.container())) {
            case EXTERNAL -> external(endpoint);
            case CONTAINER -> ContainerRedis.start(config);
            case EMBEDDED -> EmbeddedRedis.start(config);
        };
        t.watchCpu();
        return t;
    }

    /** The single node at the endpoint: answering within seconds, not a cluster, its prefix claimed for this run. */
    private static RedisTarget external(RedisEndpoint endpoint) {
        ExternalRedis t = reach(endpoint);
        if (RedisCluster.isCluster(t)) {
            throw new BadInput(RedisSettings.URI.key() + "=" + t.describe() + " is a Redis Cluster (cluster_enabled:1):"
                    + " this benchmark drives one node; point it at a single Redis (cluster-aware: redis-kv's"
                    + " ClusterThroughputBenchmark)");
        }
        RedisOwnershipClaim.inFork(t, endpoint.address());
        return t;
    }

    /**
     * The external server, contacted once: connects and PINGs within {@link RedisTarget#FIRST_CONTACT_TIMEOUT}, or throws a
     * one-line TargetFailure — a server that accepts the connection but never answers must not hang the run for the
     * long socket timeout.
     */
    private static ExternalRedis reach(RedisEndpoint endpoint) {
        ExternalRedis seed = new ExternalRedis(endpoint.address());
        try (Jedis ignored = seed.jedis(RedisTarget.FIRST_CONTACT_TIMEOUT)) {
            // reachable and answering
        }
        return seed;
    }

    /**
     * The cluster {@code kensho.redis.cluster} asks for: an external one at {@code kensho.redis.uri} (detected or
     * declared; a given master count must match), else an embedded one of that many masters (3 with {@code true}
     * or unset).
     */
    public static RedisCluster openCluster(Map<String, String> config) {
        RedisEndpoint endpoint = RedisEndpoint.current();
        int n = endpoint.cluster();
        return openCluster(endpoint, config, n == DECLARED || n == 0 ? (endpoint.external() ? 0
                : RedisSettings.MIN_MASTERS) : n);
    }

    /**
     * A cluster of {@code masters} masters (0: any, external only): the external cluster at
     * {@code kensho.redis.uri} — refused in one line if it is a single node or has another master count — else
     * an embedded one started with {@code config} on every node.
     */
    public static RedisCluster openCluster(Map<String, String> config, int masters) {
        return openCluster(RedisEndpoint.current(), config, masters);
    }

    private static RedisCluster openCluster(RedisEndpoint endpoint, Map<String, String> config, int masters) {
        RedisCluster c;
        if (endpoint.external()) {
            ExternalRedis seed = reach(endpoint);
            if (!RedisCluster.isCluster(seed)) {
                throw notACluster(endpoint, seed);
            }
            if (seed.database() != 0) {
                throw BadInput.of(RedisSettings.URI.key(), seed.describe(), "database 0: a Redis Cluster has no other");
            }
            c = new RedisCluster(RedisTarget.Kind.EXTERNAL, RedisCluster.discover(seed, seed::at));
            c.requireMasters(RedisSettings.CLUSTER.key(), masters);
            RedisOwnershipClaim.inFork(c, endpoint.address());
        } else {
            c = EmbeddedCluster.start(masters, config);
        }
        c.watchCpu();
        return c;
    }

    /**
     * Null when a cluster benchmark can get a cluster here (none given: an embedded one; {@code kensho.redis.uri}
     * a cluster endpoint), else why not — an external single node — for {@code ParamRules.needs}: a run of many
     * classes against your single Redis skips the cluster cases and says so instead of failing.
     */
    public static String whyNoCluster() {
        RedisEndpoint endpoint = RedisEndpoint.current();
        if (!endpoint.external()) {
            return null;
        }
        ExternalRedis seed = reach(endpoint);
        return RedisCluster.isCluster(seed) ? null : "needs a Redis Cluster, and " + RedisSettings.URI.key() + " ("
                + seed.describe() + ") is a single node (cluster_enabled:0); run it without "
                + RedisSettings.URI.key() + " for an embedded cluster";
    }

    /** {@code masters} of a benchmark that sizes its own cluster counts as declaring one ({@code true}). */
    private static BadInput notACluster(RedisEndpoint endpoint, RedisTarget seed) {
        return new BadInput(RedisSettings.CLUSTER.key() + "=" + (endpoint.cluster() == 0 ? "true" : endpoint.clusterValue())
                + " declares a Redis Cluster, but " + seed.describe() + " is a single node (INFO cluster: cluster_enabled:0);"
                + " allowed: " + RedisSettings.CLUSTER_ALLOWED + ", with a cluster endpoint for true");
    }
}
