package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Redis target settings of this JVM as one typed value: the external server's parsed URI ({@code address}, null
 * when {@code kensho.redis.uri} is unset), whether a container is asked for, and the cluster shape asked for
 * ({@code cluster}: 0, {@link RedisSettings#DECLARED} or a master count). {@link #current()} reads the settings in
 * this one place and parses them once per JVM: target selection, the ownership claim and the benchmarks' guards are
 * handed the same value instead of each reading and parsing {@code kensho.redis.uri} again.
 */
public record RedisEndpoint(Address address, boolean container, int cluster) {

    /**
     * A parsed {@code redis://} or {@code rediss://} URI: {@code uri} as given (it names the server in the ownership
     * claim), host, port, TLS, database and ACL user; the password from {@code KENSHO_REDIS_PASSWORD}, never printed.
     */
    public record Address(String uri, String host, int port, boolean tls, int database, String user, String password) {

        /** The same server settings (TLS, user, password) at another address: a node of the same cluster. */
        public Address at(String otherHost, int otherPort) {
            return new Address(uri, otherHost, otherPort, tls, database, user, password);
        }

        @Override
        public String toString() {
            return (tls ? "rediss" : "redis") + "://" + host + ":" + port + "/" + database;
        }
    }

    /** How many times this JVM parsed a URI ({@link #parse}); read by the test that it happens once. */
    static final AtomicInteger PARSES = new AtomicInteger();

    private static final Object LOCK = new Object();
    /** The raw settings {@link #memo} was resolved from: a test that sets other values gets them resolved anew. */
    private static Raw memoFrom;
    private static RedisEndpoint memo;

    private record Raw(String uri, String container, String cluster) {
    }

    /** Whether {@code kensho.redis.uri} names a server the suite did not start. */
    public boolean external() {
        return address != null;
    }

    /** {@code kensho.redis.cluster} as it was given ({@code false} when unset). */
    public String clusterValue() {
        return cluster == RedisSettings.DECLARED ? "true" : cluster == 0 ? "false" : Integer.toString(cluster);
    }

    /**
     * This JVM's Redis settings, resolved on first use and remembered; a bad value is one {@link BadInput} line naming
     * the setting and what is allowed (the cluster shape is checked before the URI).
     */
    public static RedisEndpoint current() {
        Raw raw = new Raw(RedisSettings.URI.get(), RedisSettings.CONTAINER.get(), RedisSettings.CLUSTER.get());
        synchronized (LOCK) {
            if (!raw.equals(memoFrom)) {
                int cluster = RedisSettings.cluster(raw.cluster());
                boolean container = RedisSettings.CONTAINER.flag();
                memo = new RedisEndpoint(raw.uri() == null ? null : parse(raw.uri()), container, cluster);
                memoFrom = raw;
            }
            return memo;
        }
    }

    /** Forgets the remembered value (tests). */
    static void forget() {
        synchronized (LOCK) {
            memoFrom = null;
            memo = null;
        }
    }

    /** Parses and validates a URI (no connection yet): the one place a Redis URI is parsed. */
    public static Address parse(String uri) {
        PARSES.incrementAndGet();
        String allowed = "redis://host[:port][/db] or rediss://… (password in " + RedisSettings.PASSWORD.key() + ")";
        URI u;
        try {
            u = new URI(uri.trim());
        } catch (URISyntaxException e) {
            throw BadInput.of(RedisSettings.URI.key(), uri, allowed);
        }
        String scheme = u.getScheme();
        if (scheme == null || !(scheme.equals("redis") || scheme.equals("rediss")) || u.getHost() == null) {
            throw BadInput.of(RedisSettings.URI.key(), redact(uri), allowed);
        }
        String user = null;
        if (u.getRawUserInfo() != null) {
            if (u.getRawUserInfo().contains(":")) {
                throw new BadInput(RedisSettings.URI.key() + ": do not put the password in the URI (it would show"
                        + " in process listings); set the environment variable " + RedisSettings.PASSWORD.key());
            }
            user = u.getUserInfo();
        }
        int port = u.getPort() == -1 ? 6379 : u.getPort();
        if (port < 1 || port > 65535) {
            throw BadInput.of(RedisSettings.URI.key(), uri, "a port in 1 … 65535");
        }
        int db = 0;
        String path = u.getPath();
        if (path != null && path.length() > 1) {
            db = (int) Settings.range(RedisSettings.URI.key() + " database", path.substring(1), 0, 1_000_000);
        }
        String pw = System.getenv(RedisSettings.PASSWORD.key()); // as set, not trimmed: a password may end in a space
        return new Address(uri.trim(), u.getHost(), port, scheme.equals("rediss"), db, user,
                pw == null || pw.isEmpty() ? null : pw);
    }

    private static String redact(String uri) {
        return Objects.requireNonNull(uri).replaceAll("://[^@/]*@", "://(redacted)@");
    }
}
