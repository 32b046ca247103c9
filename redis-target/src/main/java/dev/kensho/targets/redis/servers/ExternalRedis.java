package dev.kensho.targets.redis.servers;

import dev.kensho.targets.redis.RedisEndpoint;
import dev.kensho.targets.redis.RedisTarget;

/**
 * A Redis the user runs: {@code -Dkensho.redis.uri=redis://host:port/db} ({@code rediss://} for TLS,
 * {@code redis://user@host} for an ACL user). The password comes only from the environment variable
 * {@code KENSHO_REDIS_PASSWORD}, so it never sits in a command line, a result or a log. The suite
 * writes only keys under its prefix here and refuses FLUSHDB / CONFIG SET / DEBUG without the opt-in.
 * The URI is parsed once per JVM into a {@link RedisEndpoint.Address}; this target is built from it.
 */
public final class ExternalRedis extends RedisTarget {

    private final RedisEndpoint.Address address;

    public ExternalRedis(RedisEndpoint.Address address) {
        this.address = address;
    }

    /** Parses and validates {@code uri} (no connection yet): a target at an address of the caller's, as tests build one; the suite's own setting goes through {@link RedisEndpoint#current()}, parsed once. */
    public static ExternalRedis parse(String uri) {
        return new ExternalRedis(RedisEndpoint.parse(uri));
    }

    /** The same server settings (TLS, user, password) at another address: a node of the same cluster. */
    public ExternalRedis at(String otherHost, int otherPort) {
        return new ExternalRedis(address.at(otherHost, otherPort));
    }

    public RedisEndpoint.Address address() {
        return address;
    }

    @Override
    public Kind kind() {
        return Kind.EXTERNAL;
    }

    @Override
    public String host() {
        return address.host();
    }

    @Override
    public int port() {
        return address.port();
    }

    @Override
    public boolean tls() {
        return address.tls();
    }

    @Override
    public int database() {
        return address.database();
    }

    @Override
    public String user() {
        return address.user();
    }

    @Override
    protected String password() {
        return address.password();
    }
}
