package dev.kensho.redis.kv.load;

import dev.kensho.common.TargetFailure;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One benchmark invocation: exactly {@code requests} requests handed out as tickets to the connections
 * of a load generator, redis-benchmark's {@code -n} across {@code -c} clients. A connection that finds no
 * ticket left stops; the round ends when every party (connection or driver thread) has stopped, so the
 * tail where fewer than all connections are busy lasts about one round trip.
 *
 * <p>Closed loop ({@code rate} 0): a connection sends its next batch when the last one was answered.
 * Open loop ({@code rate} &gt; 0 requests/s): request number {@code s} of the round is due at
 * {@code start + s / rate}, whatever the replies do; a party that claims a batch waits until it is due,
 * and a batch claimed late is sent at once. Latency is then taken both from the actual send (service
 * time) and from the due time (corrected for coordinated omission); the send's lag behind its due time
 * is recorded and batches sent more than {@link Timings#BEHIND_NANOS} late are counted as behind
 * schedule — never skipped.
 */
public final class Round {

    /** A round that cannot finish within this time (after its schedule) means a hung server or network, not a slow one. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final long requests;
    private final AtomicLong next = new AtomicLong();
    private final CountDownLatch parties;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final long start;
    private final double nanosPerRequest;
    final Workload workload;
    final Timings timings;

    /** A closed-loop round. */
    public Round(long requests, int parties, Workload workload, Timings timings) {
        this(requests, parties, workload, timings, 0);
    }

    /** A round offering {@code rate} requests/s (0: closed loop), scheduled from now. */
    public Round(long requests, int parties, Workload workload, Timings timings, double rate) {
        this(requests, parties, workload, timings, rate, System.nanoTime());
    }

    /**
     * A round offering {@code rate} requests/s whose first request is due at {@code start} ({@link System#nanoTime}),
     * which may be past: a schedule continued from the previous round, whose late end delays this one's sends
     * (and counts in their intended-time latency) instead of moving the schedule.
     */
    public Round(long requests, int parties, Workload workload, Timings timings, double rate, long start) {
        this.requests = requests;
        this.parties = new CountDownLatch(parties);
        this.workload = workload;
        this.timings = timings;
        this.nanosPerRequest = rate > 0 ? 1e9 / rate : 0;
        this.start = start;
    }

    boolean openLoop() {
        return nanosPerRequest > 0;
    }

    /** The number of the first request of a batch of up to {@code max}, or -1 when none are left or the round failed. */
    public long claim(int max) {
        if (failure.get() != null) {
            return -1;
        }
        long s = next.getAndAdd(max);
        return s < requests ? s : -1;
    }

    /**
     * Open loop: the first request of the next batch of up to {@code max} if it is already due at {@code now}
     * (the reply callback that frees a connection sends it on that connection at once), else -1 — also when
     * none are left or the round failed. Tickets stay in order: a later one is never due before an earlier one.
     */
    public long claimDue(int max, long now) {
        while (failure.get() == null && openLoop()) {
            long s = next.get();
            if (s >= requests || start + (long) (s * nanosPerRequest) > now) {
                return -1;
            }
            if (next.compareAndSet(s, s + max)) {
                return s;
            }
        }
        return -1;
    }

    /** Requests in the batch starting at {@code first}. */
    int size(long first, int max) {
        return (int) Math.min(max, requests - first);
    }

    /** When the batch starting at {@code first} is due (closed loop: now). */
    long due(long first) {
        return openLoop() ? start + (long) (first * nanosPerRequest) : System.nanoTime();
    }

    /** Open loop: waits until {@code due}; returns the actual send time. Closed loop: now. */
    long waitUntil(long due) {
        long now = System.nanoTime();
        while (openLoop() && now < due) {
            LockSupport.parkNanos(due - now);
            now = System.nanoTime();
        }
        return now;
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
    public void await(String target) {
        try {
            // an open loop's schedule itself lasts requests / rate: the deadline starts after it
            long limit = TIMEOUT.toNanos() + (long) (requests * nanosPerRequest);
            if (!parties.await(limit, TimeUnit.NANOSECONDS)) {
                fail(new TargetFailure(target + ": requests still unanswered after " + Math.round(limit / 1e9) + " s"));
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
