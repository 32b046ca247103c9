package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The trial of the curve case being swept, kept for the case's next point when the points run in one JVM
 * (JMH {@code -f 0}, the curve's setting at default scale): the server, its preloaded keyspace and the
 * connections are set up once per case instead of once per point — on 2 shared cores a trial with 1M keys
 * and 800 connections spends ~20–30 s starting, preloading, connecting and closing, against ~8 s of
 * iterations per point. Each point still has its own warm-up and measurement iterations, records, offered
 * rate, timings and {@code .hlog} files ({@link KeyValueThroughputBenchmark#point}). The kept trial is closed
 * when a point of another case starts, when the launcher has finished the class
 * ({@link dev.kensho.common.bench.ClassEnd}: before the next class starts, so its clean-up of the suite's keys
 * cannot land in another class's data), after {@value #IDLE_SECONDS} s idle when run outside the launcher, or
 * when the JVM exits. With forks ≥ 1 every point is a JVM of its own and opens its own trial.
 */
final class SweptCase {

    /**
     * Closed-loop load run unmeasured when a case's trial is opened, before its first point: the points' own
     * warm-up (2 × 1 s at default scale) does not cover a fresh server's and connections' first seconds.
     */
    static final int SETTLE_SECONDS = 5;

    /** A kept trial nobody took for this long is closed: the class's last point has run. */
    static final int IDLE_SECONDS = 20;

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kensho-kv-curve-closer");
        t.setDaemon(true);
        return t;
    });

    private static KeyValueThroughputBenchmark kept;
    private static String keptCase;
    private static ScheduledFuture<?> closing;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(SweptCase::closeKept, "kensho-kv-curve-exit"));
        // the class's last point is over when the launcher finishes the class: close then, not 20 s into the next class
        dev.kensho.common.bench.ClassEnd.register(SweptCase::closeKept);
    }

    private SweptCase() {
    }

    /**
     * The trial of this point: the kept one if it is this case's (re-pointed at the point's rate), else
     * {@code fresh} (its params set, not yet opened) opened with the case's closed-loop maximum when the run
     * folder has one ({@link ClosedLoopMax}).
     */
    static synchronized KeyValueThroughputBenchmark take(Case c, KeyValueThroughputBenchmark fresh) {
        if (closing != null) {
            closing.cancel(false);
            closing = null;
        }
        String key = caseKey(c);
        if (kept != null && key.equals(keptCase)) {
            KeyValueThroughputBenchmark t = kept;
            kept = null;
            t.rate = fresh.rate;
            try {
                t.point(c);
            } catch (RuntimeException e) {
                t.close();
                throw e;
            }
            return t;
        }
        closeKept();
        if (OfferedRate.parse(fresh.rate).relative()) {
            fresh.closedLoopMax = ClosedLoopMax.known(c).orElse(0);
        }
        fresh.settleNanos = TimeUnit.SECONDS.toNanos(SETTLE_SECONDS);
        fresh.open(c);
        return fresh;
    }

    /** The point has ended: its results are recorded, and the trial is kept for the case's next point. */
    static synchronized void release(Case c, KeyValueThroughputBenchmark t) {
        try {
            t.endPoint();
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
        closeKept();
        kept = t;
        keptCase = caseKey(c);
        closing = TIMER.schedule(SweptCase::closeKept, IDLE_SECONDS, TimeUnit.SECONDS);
    }

    static synchronized void closeKept() {
        if (kept != null) {
            KeyValueThroughputBenchmark t = kept;
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
}
