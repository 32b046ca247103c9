package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.targets.Target;
import dev.kensho.targets.redis.info.RedisInfo;
import dev.kensho.targets.redis.info.ServerRecord;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.FlushMode;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Redis server to benchmark: embedded child process (default), external URI, or container. Obtain
 * one with {@link dev.kensho.targets.redis.opening.RedisTargets#open(Map)}. Everything a benchmark does that could destroy data it did
 * not create ({@code FLUSHDB}, {@code CONFIG SET}, {@code DEBUG}) goes through the guarded methods
 * here, which refuse on an external target unless {@code -Dkensho.destructive=true}.
 */
public abstract class RedisTarget implements Target {


    /** Socket timeout of the clients we hand out: long set operations may run for minutes. */
    public static final Duration SOCKET_TIMEOUT = Duration.ofMinutes(15);
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    /** How long the first PING of an external server may take before the run gives up on it. */
    public static final Duration FIRST_CONTACT_TIMEOUT = Duration.ofSeconds(5);

    private final String prefix = Shard.runKeyPrefix();
    private RedisClient lettuce;
    private final ServerWatch watch = new ServerWatch(this);
    private AutoCloseable heldClaim;

    public abstract Kind kind();

    public abstract String host();

    public abstract int port();

    public boolean tls() {
        return false;
    }

    public int database() {
        return 0;
    }

    /** ACL user name, or null. */
    public String user() {
        return null;
    }

    /** Password, or null. Never print, log or record it. */
    protected abstract String password();

    /** Environment for redis-cli / redis-benchmark: the password as {@code REDISCLI_AUTH}, never argv. */
    public Map<String, String> cliEnvironment() {
        return password() == null ? Map.of() : Map.of("REDISCLI_AUTH", password());
    }

    /** A description safe to print and record: kind, address, never the password. */
    public String describe() {
        return kind().name().toLowerCase(Locale.ROOT) + " redis " + (tls() ? "rediss" : "redis") + "://"
                + host() + ":" + port() + "/" + database();
    }

    /** Prefix of every key the suite writes (default {@code kensho:}). */
    public String keyPrefix() {
        return prefix;
    }


    /** A new Jedis connection (caller closes it). */
    public Jedis jedis() {
        return jedis(SOCKET_TIMEOUT);
    }

    public Jedis jedis(Duration socketTimeout) {
        try {
            Jedis j = new Jedis(new HostAndPort(host(), port()), clientConfig(socketTimeout));
            j.ping();
            return j;
        } catch (RuntimeException e) {
            throw unreachable(e);
        }
    }

    /** How the suite's Jedis connections to this server authenticate and time out (shared with cluster clients). */
    DefaultJedisClientConfig clientConfig(Duration socketTimeout) {
        DefaultJedisClientConfig.Builder cfg = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) CONNECT_TIMEOUT.toMillis())
                .socketTimeoutMillis((int) socketTimeout.toMillis())
                .ssl(tls())
                .database(database())
                .clientName("kensho");
        if (password() != null) {
            cfg.user(user()).password(password());
        }
        return cfg.build();
    }

    /** This server as a Lettuce URI (shared with cluster clients). */
    RedisURI redisUri() {
        RedisURI.Builder b = RedisURI.builder().withHost(host()).withPort(port()).withSsl(tls())
                .withDatabase(database()).withTimeout(SOCKET_TIMEOUT).withClientName("kensho");
        if (password() != null) {
            if (user() != null) {
                b.withAuthentication(user(), password());
            } else {
                b.withPassword(password().toCharArray());
            }
        }
        return b.build();
    }

    /** The shared Lettuce client of this target (closed with the target). */
    public synchronized RedisClient lettuce() {
        if (lettuce == null) {
            lettuce = RedisClient.create(redisUri());
            lettuce.setOptions(ClientOptions.builder()
                    .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build())
                    .autoReconnect(false)
                    .build());
        }
        return lettuce;
    }

    protected TargetFailure unreachable(Throwable e) {
        return new TargetFailure(describe() + ": cannot connect or lost the connection (" + TargetFailure.rootCause(e)
                + ") — is the server up and reachable?", e);
    }

    // ---- guarded operations ---------------------------------------------------------------------

    /** Throws unless the suite owns the server or the user opted in to destructive commands. */
    public void requireDestructive(String command) {
        if (!owned() && !Settings.destructiveAllowed()) {
            throw new BadInput("refusing " + command + " on " + describe()
                    + ": an external server may hold data the suite did not create; pass -D"
                    + Setting.DESTRUCTIVE.key() + "=true to allow it");
        }
    }

    /** {@code CONFIG SET}; on an external target only with the opt-in. */
    public void configSet(String name, String value) {
        requireDestructive("CONFIG SET " + name);
        try (Jedis j = jedis()) {
            j.configSet(name, value);
        }
    }

    /** {@code FLUSHDB [ASYNC]}; on an external target only with the opt-in. */
    public void flushDb(Jedis j, boolean async) {
        requireDestructive("FLUSHDB");
        if (async) {
            j.flushDB(FlushMode.ASYNC);
        } else {
            j.flushDB();
        }
    }

    /**
     * Removes every key the suite wrote: {@code FLUSHDB} on a server the suite owns, else only the keys
     * under {@link #keyPrefix()} ({@code SCAN MATCH prefix*} + {@code UNLINK}) except the run's marker and
     * lease ({@link KeyOwnership}), which the run removes at its end.
     */
    public void deleteSuiteKeys() {
        if (owned()) {
            try (Jedis j = jedis()) {
                j.flushDB();
            }
            return;
        }
        KeyOwnership.deleteSuiteKeys(this);
    }

    // ---- what the results record ----------------------------------------------------------------

    public long usedMemory(Jedis j) {
        return RedisInfo.of(j, "memory").count("used_memory");
    }

    /** Version and effective configuration, secrets removed ({@link ServerRecord}). */
    public Map<String, Object> serverInfo() {
        try (Jedis j = jedis()) {
            return ServerRecord.of(describe(), j, cpusAllowed());
        }
    }

    // ---- the server's CPU, for the bottleneck verdict ------------------------------------------------

    /** Counts this server's CPU in every iteration's figures ({@link ServerCpu}) until {@link #close()}. */
    public void watchCpu() {
        watch.start(this::cpuProbe);
    }

    /**
     * How to read this server's CPU: {@code INFO cpu} (used_cpu_user + used_cpu_sys) on its own connection;
     * the embedded target reads its process instead. It can use io-threads cores, no more than this
     * machine's when it runs here.
     */
    protected ServerCpu.Probe cpuProbe() {
        return watch.infoProbe(ioThreads());
    }

    /** {@code io-threads} of the server (1 when CONFIG GET is refused: a managed Redis). */
    protected int ioThreads() {
        try (Jedis j = jedis()) {
            return Integer.parseInt(j.configGet("io-threads").getOrDefault("io-threads", "1"));
        } catch (RuntimeException e) {
            return 1;
        }
    }

    /** The cores the server may run on ("0-1"), where known; recorded with its config. */
    protected String cpusAllowed() {
        return null;
    }


    /**
     * The end of a trial: removes the suite's keys ({@link #deleteSuiteKeys()}; a server that died mid-run has
     * nothing left to clean, and its failure is reported already), then closes the target.
     */
    public void deleteSuiteKeysAndClose() {
        try {
            deleteSuiteKeys();
        } catch (TargetFailure ignored) {
            // nothing left to clean on a dead server
        } finally {
            close();
        }
    }

    /**
     * {@link dev.kensho.common.shard.StartAt#beginTrial(String, java.util.function.LongSupplier)} on this server's
     * clock ({@code TIME}): with {@code -Dkensho.startAt}, shards start their trials together.
     */
    public Instant beginTrial() {
        try (Jedis j = jedis()) {
            return StartAt.beginTrial(describe(), () -> {
                List<String> t = j.time();
                return Long.parseLong(t.get(0)) * 1_000_000 + Long.parseLong(t.get(1));
            });
        }
    }

    /** Config lines a benchmark asked for; on an external server they are read back, not changed. */
    public Map<String, String> readConfig(List<String> names) {
        Map<String, String> m = new LinkedHashMap<>();
        try (Jedis j = jedis()) {
            for (String n : names) {
                m.putAll(j.configGet(n));
            }
        }
        return m;
    }

    /** This JVM claimed the prefix and renews it ({@link KeyOwnership}, {@code Claims.hold}): {@link #close()} releases it. */
    public void releaseOnClose(AutoCloseable held) {
        heldClaim = held;
    }

    @Override
    public void close() {
        AutoCloseable claimed;
        synchronized (this) {
            claimed = heldClaim;
            heldClaim = null;
        }
        if (claimed != null) {
            try {
                claimed.close();
            } catch (Exception e) {
                // a dead server holds nothing; a live one's marker tells the next run that these keys were ours
            }
        }
        watch.close(); // outside this target's lock: the final reading takes the registry's lock
        synchronized (this) {
            if (lettuce != null) {
                lettuce.shutdown(Duration.ZERO, Duration.ofSeconds(2));
                lettuce = null;
            }
        }
    }
}
