package dev.kensho.redis.kv.trial;

import dev.kensho.api.ClassEnd;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The trial of the curve case being swept, kept for the case's next point when the points run in one JVM
 * (JMH {@code -f 0}, the curve's setting at default scale): the server, its preloaded keyspace and the
 * connections are set up once per case instead of once per point — on 2 shared cores a trial with 1M keys
 * and 800 connections spends ~20–30 s starting, preloading, connecting and closing, against ~8 s of
 * iterations per point. Each point still has its own warm-up and measurement iterations, records, offered
 * rate, timings and {@code .hlog} files ({@link KvTrial#point}); the kept trial carries the case's closed-loop maximum
 * (its {@code rate=0} point's achieved rate) to the open-loop points. The kept trial is closed
 * when a point of another case starts, when the launcher has finished the class
 * ({@link dev.kensho.api.ClassEnd}: before the next class starts, so its clean-up of the suite's keys
 * cannot land in another class's data), after {@value #IDLE_SECONDS} s idle when run outside the launcher, or
 * when the JVM exits. With forks ≥ 1 every point is a JVM of its own and opens its own trial (a relative point
 * then probes the maximum). Nothing is read back from the run folder.
 */
public final class SweptCase {

    /**
     * Closed-loop load run unmeasured when a case's trial is opened, before its first point: the points' own
     * warm-up (2 × 1 s at default scale) does not cover a fresh server's and connections' first seconds.
     */
    public static final int SETTLE_SECONDS = 5;

    /** {@link #SETTLE_SECONDS} as used; shorter only in tests of what a sweep does, not of how well a trial settles. */
    static volatile long settleNanos = TimeUnit.SECONDS.toNanos(SETTLE_SECONDS);

    /** A kept trial nobody took for this long is closed: the class's last point has run. */
    public static final int IDLE_SECONDS = 20;

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kensho-kv-curve-closer");
        t.setDaemon(true);
        return t;
    });

    private static KvTrial kept;
    private static String keptCase;
    private static ScheduledFuture<?> closing;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SweptCase::closeKept, "kensho-kv-curve-exit"));
        // the class's last point is over when the launcher finishes the class: close then, not 20 s into the next class
        ClassEnd.register(SweptCase::closeKept);
    }

    private SweptCase() {
    }

    /**
     * The trial of this point: the kept one if it is this case's (re-pointed at {@code rate}), else a new one from
     * {@code fresh}, begun after {@value #SETTLE_SECONDS} s of settling; a relative rate in a new trial is of a probed
     * maximum (noted). Settling runs rounds of {@code roundRequests}, the caller's invocation.
     */
    public static synchronized KvTrial take(Case c, String rate, int roundRequests, Supplier<KvTrial> fresh) {
        if (closing != null) {
            closing.cancel(false);
            closing = null;
        }
        String key = caseKey(c);
        if (kept != null && key.equals(keptCase)) {
            KvTrial t = kept;
            kept = null;
            try {
                t.point(c, rate);
            } catch (RuntimeException e) {
                t.close();
                throw e;
            }
            return t;
        }
        closeKept();
        if (OfferedRate.parse(rate).relative()) {
            Recorder.note("redis-kv curve", "closed-loop maximum of " + caseName(c) + " probed in its first point's trial ("
                    + OfferedRate.PROBE_ROUNDS + " closed-loop rounds after one unmeasured round; no closed-loop point of"
                    + " the case before it in this JVM) and reused by its other points in this JVM");
        }
        return fresh.get().begin(c, rate, settleNanos, roundRequests);
    }

    /** The point has ended: its results are recorded, and the trial is kept for the case's next point. */
    public static synchronized void release(Case c, KvTrial t) {
        try {
            t.endPoint();
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        if (t.offered() == 0 && t.closedLoopMax() > 0) {
            Recorder.note("redis-kv curve", String.format(Locale.ROOT, "closed-loop maximum of %s: %.0f requests/s, the"
                    + " curve's own closed-loop point (rate=0: same JVM, warm-up, server and connections as its open-loop"
                    + " points)", caseName(c), t.closedLoopMax()));
        }
        closeKept();
        kept = t;
        keptCase = caseKey(c);
        closing = TIMER.schedule(SweptCase::closeKept, IDLE_SECONDS, TimeUnit.SECONDS);
    }

    public static synchronized void closeKept() {
        if (kept != null) {
            KvTrial t = kept;
            kept = null;
            keptCase = null;
            t.close();
        }
    }

    /** The case of a point: its benchmark and every param but {@code rate}. */
    static String caseKey(Case c) {
        Map<String, String> p = new TreeMap<>(c.params());
        p.remove("rate");
        return c.benchmark() + p;
    }

    /** The params of a case but {@code rate}, sorted, for notes. */
    private static String caseName(Case c) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(c.params()).forEach((k, v) -> {
            if (!k.equals("rate")) {
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v);
            }
        });
        return sb.toString();
    }
}
