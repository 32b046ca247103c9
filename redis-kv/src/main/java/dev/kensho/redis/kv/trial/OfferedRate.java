package dev.kensho.redis.kv.trial;

import dev.kensho.common.BadInput;

import java.util.Locale;

/**
 * The {@code rate} param of the kv benchmarks: the load offered, in one of three forms.
 * <ul>
 * <li>{@code 0} — closed loop (each connection sends when its last request was answered), as before;</li>
 * <li>{@code 50000} — open loop at an absolute rate, requests/s over all connections (at least
 * {@link #MIN_RATE}: an invocation of the closed-loop class is {@value #PROBE_REQUESTS} requests);</li>
 * <li>{@code 0.5x} — open loop at a fraction (or multiple) of this trial's closed-loop maximum, measured
 * in the trial's setup by {@link #PROBE_ROUNDS} closed-loop rounds after one unmeasured round, on the same
 * server, connections and keyspace; a sweep {@code -p rate=0.25x,0.5x,0.75x,0.9x,1.0x} gives the
 * throughput–latency curve.</li>
 * </ul>
 */
public record OfferedRate(double absolute, double fraction) {

    /** Closed-loop rounds timed to find the maximum a {@code …x} rate is a fraction of. */
    public static final int PROBE_ROUNDS = 4;

    /** Requests in each probe round: as many as one invocation of the closed-loop kv benchmark. */
    public static final int PROBE_REQUESTS = 40_000;

    /** {@link #PROBE_REQUESTS} as used; fewer only in tests of what a probe is for, not of how precise it is. */
    static volatile int probeRequests = PROBE_REQUESTS;

    /** Lowest absolute rate: one invocation of the closed-loop class ({@value #PROBE_REQUESTS} requests) then lasts 40 s. */
    public static final double MIN_RATE = 1_000;

    public static final String ALLOWED = "0 (closed loop), requests/s from 1000 to 1e9 (e.g. 50000), or a fraction of the"
            + " measured closed-loop maximum from above 0 to 100 (e.g. 0.5x)";

    public static OfferedRate parse(String v) {
        String s = v == null ? "" : v.strip().toLowerCase(Locale.ROOT);
        try {
            if (s.endsWith("x")) {
                double f = Double.parseDouble(s.substring(0, s.length() - 1));
                if (f > 0 && f <= 100) {
                    return new OfferedRate(0, f);
                }
            } else {
                double r = Double.parseDouble(s);
                if (r == 0 || (r >= MIN_RATE && r <= 1e9)) {
                    return new OfferedRate(r, 0);
                }
            }
        } catch (NumberFormatException ignored) {
            // falls through to the one-line message
        }
        throw BadInput.of("rate", v, ALLOWED);
    }

    public boolean closedLoop() {
        return absolute == 0 && fraction == 0;
    }

    public boolean relative() {
        return fraction > 0;
    }

    /** Requests/s offered, given the measured closed-loop maximum (used only for a relative rate). */
    public double offered(double closedLoopMax) {
        return relative() ? fraction * closedLoopMax : absolute;
    }
}
