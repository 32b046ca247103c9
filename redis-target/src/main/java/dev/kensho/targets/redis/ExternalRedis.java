package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A Redis the user runs: {@code -Dkensho.redis.uri=redis://host:port/db} ({@code rediss://} for TLS,
 * {@code redis://user@host} for an ACL user). The password comes only from the environment variable
 * {@code KENSHO_REDIS_PASSWORD}, so it never sits in a command line, a result or a log. The suite
 * writes only keys under its prefix here and refuses FLUSHDB / CONFIG SET / DEBUG without the opt-in.
 */
public final class ExternalRedis extends RedisTarget {

    private final String host;
    private final int port;
    private final boolean tls;
    private final int database;
    private final String user;
    private final String password;

    private ExternalRedis(String host, int port, boolean tls, int database, String user, String password) {
        this.host = host;
        this.port = port;
        this.tls = tls;
        this.database = database;
        this.user = user;
        this.password = password;
    }

    /** Parses and validates the URI (no connection yet). */
    public static ExternalRedis parse(String uri) {
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
        String pw = System.getenv(RedisSettings.PASSWORD.key());
        return new ExternalRedis(u.getHost(), port, scheme.equals("rediss"), db, user, pw == null || pw.isEmpty() ? null : pw);
    }

    /** The same server settings (TLS, user, password) at another address: a node of the same cluster. */
    ExternalRedis at(String otherHost, int otherPort) {
        return new ExternalRedis(otherHost, otherPort, tls, database, user, password);
    }

    private static String redact(String uri) {
        return uri.replaceAll("://[^@/]*@", "://(redacted)@");
    }

    @Override
    public Kind kind() {
        return Kind.EXTERNAL;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public boolean tls() {
        return tls;
    }

    @Override
    public int database() {
        return database;
    }

    @Override
    public String user() {
        return user;
    }

    @Override
    protected String password() {
        return password;
    }
}
