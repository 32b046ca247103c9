package dev.kensho.redis.pubsub.client;

import dev.kensho.common.latency.Latencies;

import java.util.concurrent.locks.LockSupport;

/**
 * The counting subscriber's logic, the same whatever delivered the message (Jedis, Lettuce, TCP): checks
 * the sequence number of every message against the one it expects, counts messages, bytes, gaps (a
 * sequence number skipped: messages lost) and messages that arrive out of order or twice, and records
 * publish→receive latency when asked — from the actual send (the time stamped in the message) and, for a
 * paced stream, from the message's intended send time on the pacer's schedule ({@link Schedule}). One thread calls {@link #onMessage(byte[])} (the client's
 * subscriber thread or event loop); any thread reads the counters.
 *
 * <p>A receiver can be <em>paced</em> ({@link #pace(double)}): it then accepts at most that many messages
 * per second, on a fixed-rate schedule — the slow subscriber of {@code PubSubSlowSubscriberBenchmark}.
 * The pause holds the client's reading thread, so the client stops reading its socket and the backlog
 * piles up where the write-up says it does: in the server's output buffer for this client.
 */
public final class Receiver {

    /** The intended send time of each message: the pacer's schedule, whatever time it actually left. */
    public interface Schedule {
        /** {@link #UNKNOWN} when no schedule applies (nothing is recorded then). */
        long dueNanos(long seq);

        long UNKNOWN = Long.MIN_VALUE;
    }

    /** Told about progress: the in-flight window of {@code Flow}. */
    public interface Listener {
        void progressed(Receiver r, long next);
    }

    private final String name;
    private long expected;
    private volatile long next;
    private volatile long count;
    private volatile long bytes;
    private volatile long gaps;
    private volatile long missing;
    private volatile long outOfOrder;
    private volatile String disconnect;
    private volatile Listener listener;
    private volatile Latencies latencies;
    private volatile Latencies intended;
    private volatile Schedule schedule;

    private double paceHz;
    private long paceStart;
    private volatile boolean draining;

    public Receiver(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public void listener(Listener l) {
        this.listener = l;
    }

    /** Records each message's publish→receive time into {@code l} (null: stop). */
    public void latencies(Latencies l) {
        this.latencies = l;
    }

    /**
     * Also records each message's latency from its intended send time ({@code schedule}) into {@code l}
     * (null: stop). The schedule is read when each message arrives.
     */
    public void intendedLatencies(Latencies l, Schedule schedule) {
        this.schedule = schedule;
        this.intended = l;
    }

    /** Accept at most {@code hz} messages per second from now on (the slow subscriber). */
    public void pace(double hz) {
        this.paceHz = hz;
        this.paceStart = System.nanoTime();
    }

    /** Stop pacing: read what is left as fast as possible (to reach the end of a cut-off stream). */
    public void drain() {
        draining = true;
    }

    /** One message as delivered by the client. */
    public void onMessage(byte[] m) {
        if (paceHz > 0 && !draining) {
            awaitTurn();
        }
        long received = System.nanoTime();
        if (m.length < Messages.HEADER_BYTES) {
            outOfOrder++; // not ours: counted as a defect, never silently
            return;
        }
        long seq = Messages.seq(m);
        if (seq == expected) {
            expected = seq + 1;
        } else if (seq > expected) {
            gaps++;
            missing += seq - expected;
            expected = seq + 1;
        } else {
            outOfOrder++;
        }
        Latencies l = latencies;
        if (l != null) {
            l.record(received - Messages.sentNanos(m));
        }
        Latencies li = intended;
        Schedule sc = schedule;
        if (li != null && sc != null) {
            long due = sc.dueNanos(seq);
            if (due != Schedule.UNKNOWN) {
                li.record(received - due);
            }
        }
        bytes += m.length;
        count++;
        next = expected;
        Listener lsn = listener;
        if (lsn != null) {
            lsn.progressed(this, expected);
        }
    }

    private void awaitTurn() {
        // the fixed-rate schedule of a consumer that can only take paceHz messages per second
        long due = paceStart + (long) (count * 1e9 / paceHz);
        long now;
        while (!draining && (now = System.nanoTime()) < due) {
            LockSupport.parkNanos(due - now);
        }
    }

    /** The connection ended (server closed it, or an error): recorded, never swallowed. */
    public void disconnected(String cause) {
        if (disconnect == null) {
            disconnect = cause == null ? "connection closed" : cause;
        }
        Listener li = listener;
        if (li != null) {
            li.progressed(this, expected);
        }
    }

    /** Highest sequence number received + 1 (0 before the first message). */
    public long next() {
        return next;
    }

    public long count() {
        return count;
    }

    public long bytes() {
        return bytes;
    }

    /** Times a sequence number was skipped. */
    public long gaps() {
        return gaps;
    }

    /** Messages skipped over by gaps (lost unless they arrive later, out of order). */
    public long missing() {
        return missing;
    }

    /** Messages that arrived with a sequence number lower than one already seen (late or duplicated). */
    public long outOfOrder() {
        return outOfOrder;
    }

    /** Why the connection ended, or null while it is up. */
    public String disconnect() {
        return disconnect;
    }

    public boolean disconnected() {
        return disconnect != null;
    }
}
