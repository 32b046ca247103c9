package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.TargetFailure;
import dev.kensho.redis.pubsub.client.Publisher;
import dev.kensho.redis.pubsub.client.Receiver;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Flow control that keeps a throughput measurement honest: a bounded in-flight window by sequence number.
 *
 * <p>A Redis publisher is never slowed down by its subscribers: {@code PUBLISH} returns as soon as the
 * message is copied into each subscriber's output buffer. A publisher that outruns its subscriber
 * therefore measures how fast the server can <em>buffer</em>, not deliver, while that buffer grows until
 * {@code client-output-buffer-limit pubsub} disconnects the subscriber (the write-up avoided this with
 * {@code pubsub 100gb 100gb 60}, i.e. with the machine's memory). Here the publisher may be at most
 * {@link #window()} messages (≈ {@code windowBytes}) ahead of the slowest subscriber's progress, which
 * every subscriber reports through its {@link Receiver}; when the window is full the publisher flushes
 * and waits until half of it has been received. So the published rate equals the received rate up to
 * one window, the server's buffer for each subscriber stays below {@code windowBytes}, and nothing is
 * ever cut off — which is checked: every message must arrive, in order ({@link #drain}).
 *
 * <p>Messages are flushed in batches of {@link #batch()} (a pipeline: up to 256 messages or a quarter of
 * the window; 1 for a one-at-a-time publisher, {@link PublishLoop#SYNC}). Every wait is bounded: no progress for {@link #STALL_TIMEOUT} ends the run with a message.
 */
public final class Flow implements Receiver.Listener {

    public static final int MAX_WINDOW_MESSAGES = 16_384;
    public static final int MAX_BATCH = 256;
    public static final Duration STALL_TIMEOUT = Duration.ofSeconds(30);

    private final String where;
    private final Publisher publisher;
    private final List<Receiver> receivers;
    /** Progress of subscribers elsewhere (other shards' acknowledgements): waited for, never counted or checked here. */
    private final List<Receiver> remote = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final long window;
    private final int batch;
    private long next;
    private int pending;
    private volatile Thread waiter;
    private volatile long wakeAt = Long.MAX_VALUE;

    /** @param where what carries the messages, for error messages (a target's description, "tcp loopback") */
    public Flow(String where, Publisher publisher, List<Receiver> receivers, int messageBytes, long windowBytes) {
        this(where, publisher, receivers, messageBytes, windowBytes, MAX_BATCH);
    }

    /** As above, with at most {@code maxBatch} messages per flush (1: every message flushed on its own). */
    public Flow(String where, Publisher publisher, List<Receiver> receivers, int messageBytes, long windowBytes, int maxBatch) {
        this.where = where;
        this.publisher = publisher;
        this.receivers = List.copyOf(receivers);
        this.window = Math.max(2, Math.min(MAX_WINDOW_MESSAGES, windowBytes / messageBytes));
        this.batch = (int) Math.max(1, Math.min(Math.min(MAX_BATCH, maxBatch), window / 4));
        receivers.forEach(r -> r.listener(this));
    }

    /** Messages the publisher may be ahead of the slowest subscriber. */
    public long window() {
        return window;
    }

    public int batch() {
        return batch;
    }

    /** Sequence number of the next message (= messages queued so far). */
    public long next() {
        return next;
    }

    /** Publishes one message, waiting first if the window is full. */
    public void publishOne() {
        if (next - acked() >= window) {
            flush();
            await(next - window / 2);
        }
        publisher.publish(next++, System.nanoTime());
        if (++pending >= batch) {
            flush();
        }
    }

    public void flush() {
        if (pending > 0) {
            pending = 0;
            publisher.flush();
        }
    }

    /**
     * Also waits for {@code r}'s progress: another shard's subscribers, whose acknowledgements {@code r} receives
     * (its {@link Receiver#next()} is their slowest subscriber's). The window then bounds every subscriber of the run.
     */
    public void awaitAlso(Receiver r) {
        r.listener(this);
        remote.add(r);
    }

    /** Lowest progress over the subscribers: every sequence number below it was received (or lost) by all. */
    public long acked() {
        long min = Long.MAX_VALUE;
        for (Receiver r : receivers) {
            min = Math.min(min, r.next());
        }
        for (Receiver r : remote) {
            min = Math.min(min, r.next());
        }
        return min;
    }

    /** Messages received, summed over subscribers. */
    public long received() {
        long n = 0;
        for (Receiver r : receivers) {
            n += r.count();
        }
        return n;
    }

    /** Bytes received, summed over subscribers. */
    public long receivedBytes() {
        long n = 0;
        for (Receiver r : receivers) {
            n += r.bytes();
        }
        return n;
    }

    private long markMessages;
    private long markBytes;

    /** Marks the start of a JMH iteration: {@link #countSinceMark} counts from here. */
    public void mark() {
        markMessages = received();
        markBytes = receivedBytes();
    }

    /** What the subscribers received since {@link #mark}, into JMH's counters (JMH divides by the iteration's time). */
    public void countSinceMark(ReceivedCounters counters) {
        counters.set(received() - markMessages, receivedBytes() - markBytes);
    }

    @Override
    public void progressed(Receiver r, long n) {
        Thread w = waiter;
        if (w != null && (n >= wakeAt || r.disconnected())) {
            LockSupport.unpark(w);
        }
    }

    /** Waits until every subscriber reached {@code target}; fails on a disconnect or a stall. */
    private void await(long target) {
        long progress = acked();
        long stallDeadline = System.nanoTime() + STALL_TIMEOUT.toNanos();
        wakeAt = target;
        waiter = Thread.currentThread();
        try {
            long a;
            while ((a = acked()) < target) {
                for (Receiver r : all()) {
                    if (r.disconnected()) {
                        throw new TargetFailure(where + ": subscriber " + r.name() + " disconnected (" + r.disconnect() + ") after "
                                + r.count() + " of " + next + " messages");
                    }
                }
                if (a > progress) {
                    progress = a;
                    stallDeadline = System.nanoTime() + STALL_TIMEOUT.toNanos();
                } else if (System.nanoTime() > stallDeadline) {
                    throw new TargetFailure(where + ": subscribers made no progress for " + STALL_TIMEOUT.toSeconds() + " s: received "
                            + a + " of " + next + " messages");
                }
                LockSupport.parkNanos(this, 10_000_000L);
            }
        } finally {
            waiter = null;
            wakeAt = Long.MAX_VALUE;
        }
    }

    /**
     * Flushes, waits until every subscriber has every message, and checks they arrived complete and in
     * order and that the server delivered each one to every subscriber. Throws a one-line
     * {@link TargetFailure} naming what was lost — a loss in this flow-controlled setting is a defect.
     */
    public void drain() {
        flush();
        await(next);
        check(next);
        if (publisher.shortfall() != 0) {
            throw new TargetFailure(where + ": the server delivered " + publisher.shortfall() + " of " + publisher.published()
                    + " messages to fewer than " + receivers.size() + " subscribers");
        }
    }

    /**
     * For a shard that only subscribes: waits until every subscriber here has the {@code published} messages the
     * publisher (another shard) sent so far, and checks they arrived complete and in order, as {@link #drain} does.
     */
    public void drainTo(long published) {
        next = published;
        await(published);
        check(published);
    }

    private void check(long n) {
        for (Receiver r : receivers) {
            if (r.count() != n || r.missing() != 0 || r.outOfOrder() != 0) {
                throw new TargetFailure(where + ": subscriber " + r.name() + " received " + r.count() + " of " + n + " messages ("
                        + r.missing() + " lost in " + r.gaps() + " gaps, " + r.outOfOrder() + " out of order)");
            }
        }
    }

    private List<Receiver> all() {
        List<Receiver> out = new java.util.ArrayList<>(receivers);
        out.addAll(remote);
        return out;
    }

    /** Lost, out-of-order and gap counts summed over subscribers (for the record). */
    public long lost() {
        long n = 0;
        for (Receiver r : receivers) {
            n += Math.max(r.missing(), next - r.count());
        }
        return n;
    }

    public long outOfOrder() {
        long n = 0;
        for (Receiver r : receivers) {
            n += r.outOfOrder();
        }
        return n;
    }
}
