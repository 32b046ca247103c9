package dev.kensho.redis.kv;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.latency.Latencies;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One benchmark invocation: exactly {@code requests} requests handed out as tickets to the connections
 * of a load generator, redis-benchmark's {@code -n} across {@code -c} clients. A connection that finds no
 * ticket left stops; the round ends when every party (connection or driver thread) has stopped, so the
 * tail where fewer than all connections are busy lasts about one round trip.
 */
final class Round {

    /** A round that cannot finish within this time means a hung server or network, not a slow one. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final AtomicLong left;
    private final CountDownLatch parties;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    final Workload workload;
    final Latencies latencies;

    Round(long requests, int parties, Workload workload, Latencies latencies) {
        this.left = new AtomicLong(requests);
        this.parties = new CountDownLatch(parties);
        this.workload = workload;
        this.latencies = latencies;
    }

    /** Up to {@code max} tickets (one pipeline batch), 0 when none are left or the round failed. */
    int claim(int max) {
        if (failure.get() != null) {
            return 0;
        }
        while (true) {
            long l = left.get();
            if (l <= 0) {
                return 0;
            }
            int n = (int) Math.min(max, l);
            if (left.compareAndSet(l, l - n)) {
                return n;
            }
        }
    }

    void fail(Throwable t) {
        failure.compareAndSet(null, t);
    }

    boolean failed() {
        return failure.get() != null;
    }

    /** A party has stopped (no tickets left, or failed). */
    void finished() {
        parties.countDown();
    }

    /** Waits for every party; a failure or a timeout becomes a one-line {@link TargetFailure}. */
    void await(String target) {
        try {
            if (!parties.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                fail(new TargetFailure(target + ": requests still unanswered after " + TIMEOUT.toSeconds() + " s"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail(e);
        }
        Throwable t = failure.get();
        if (t instanceof TargetFailure tf) {
            throw tf;
        }
        if (t != null) {
            throw new TargetFailure(target + ": request failed (" + TargetFailure.rootCause(t) + ")", t);
        }
    }
}
