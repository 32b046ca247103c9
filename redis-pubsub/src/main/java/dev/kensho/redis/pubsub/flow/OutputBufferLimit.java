package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.TargetFailure;

/**
 * The {@code pubsub} class of a server's {@code client-output-buffer-limit}: hard limit (bytes; the
 * client is disconnected as soon as its output buffer exceeds it), soft limit (bytes) and soft seconds
 * (disconnected when over the soft limit that long). 0 means no limit.
 */
public record OutputBufferLimit(long hardBytes, long softBytes, long softSeconds) {

    /** Largest hard limit the suite floods on someone else's server without an opt-in. */
    public static final long SANE_MAX_BYTES = 256L << 20;

    /** Parses {@code CONFIG GET client-output-buffer-limit}'s value ({@code normal 0 0 0 slave … pubsub 33554432 8388608 60}). */
    public static OutputBufferLimit parse(String config) {
        String[] t = config.trim().split("\\s+");
        for (int i = 0; i + 3 < t.length; i++) {
            if (t[i].equalsIgnoreCase("pubsub")) {
                try {
                    return new OutputBufferLimit(Long.parseLong(t[i + 1]), Long.parseLong(t[i + 2]), Long.parseLong(t[i + 3]));
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new TargetFailure("cannot read the pubsub class from client-output-buffer-limit '" + config + "'");
    }

    /** The value for {@code CONFIG SET client-output-buffer-limit} / a config file line. */
    public String configValue() {
        return "pubsub " + hardBytes + " " + softBytes + " " + softSeconds;
    }

    /** A hard limit that stops a flood before it hurts: set, and at most {@link #SANE_MAX_BYTES}. */
    public boolean sane() {
        return hardBytes > 0 && hardBytes <= SANE_MAX_BYTES;
    }
}
