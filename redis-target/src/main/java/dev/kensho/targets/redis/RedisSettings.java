package dev.kensho.targets.redis;

import com.google.auto.service.AutoService;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;

import java.util.List;

/** The settings of the Redis targets: which server (an external URI, a binary, a container, a cluster) and how to reach it. */
@AutoService(SettingGroup.class)
public final class RedisSettings implements SettingGroup {

    public static final Setting URI = Setting.run("kensho.redis.uri", null, "redis:// or rediss:// URI of your Redis (user@ allowed, no password)");
    public static final Setting PASSWORD = Setting.run("KENSHO_REDIS_PASSWORD", null, "environment: the password of that Redis; never printed or recorded");
    public static final Setting SERVER = Setting.run("kensho.redis.server", "bundled 7.0.15", "path of a redis-server binary for the embedded target");
    public static final Setting SERVER_ENV = Setting.run("KENSHO_REDIS_SERVER", null, "environment: the same as kensho.redis.server");
    public static final Setting CONTAINER = Setting.flag("kensho.redis.container", "true: Redis in Docker, a FROM-scratch image built locally from the bundled redis-server (Docker hosts)");
    public static final Setting CLUSTER = Setting.run("kensho.redis.cluster", "false", "a Redis Cluster for cluster-aware benchmarks: N (3 … 64) embedded masters, or true: the kensho.redis.uri endpoint must be a cluster (detected anyway from cluster_enabled:1)")
            .checked((k, v) -> cluster(v));
    public static final Setting IMAGE = Setting.run("kensho.redis.image", "(none: built locally FROM scratch from the bundled redis-server)", "a named image for the Redis container target, pulled if absent");

    /** Fewest masters: a Redis Cluster needs a majority of masters to agree, three is the smallest that tolerates one loss. */
    public static final int MIN_MASTERS = 3;
    public static final int MAX_MASTERS = 64;
    /** {@link #cluster}: {@code kensho.redis.cluster=true} (an external cluster, any master count). */
    public static final int DECLARED = -1;
    public static final String CLUSTER_ALLOWED = "false, true (the kensho.redis.uri endpoint is a Redis Cluster) or a"
            + " number of embedded masters " + MIN_MASTERS + " … " + MAX_MASTERS;

    @Override
    public String module() {
        return "redis-target";
    }

    @Override
    public List<Setting> settings() {
        return List.of(URI, PASSWORD, SERVER, SERVER_ENV, CONTAINER, CLUSTER, IMAGE);
    }

    /**
     * {@code kensho.redis.cluster}: 0 for {@code false} or unset (null), {@link #DECLARED} for {@code true}, else the
     * number of masters ({@value #MIN_MASTERS} … {@value #MAX_MASTERS}); anything else is one line.
     */
    public static int cluster(String value) {
        if (value == null || value.trim().equalsIgnoreCase("false")) {
            return 0;
        }
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return DECLARED;
        }
        if (v.matches("\\d{1,2}")) {
            int n = Integer.parseInt(v);
            if (n >= MIN_MASTERS && n <= MAX_MASTERS) {
                return n;
            }
        }
        throw BadInput.of(CLUSTER.key(), value, CLUSTER_ALLOWED);
    }
}
