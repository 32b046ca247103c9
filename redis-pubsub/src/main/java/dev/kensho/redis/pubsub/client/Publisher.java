package dev.kensho.redis.pubsub.client;

/**
 * The publishing side of one channel, on its own connection. One thread uses it. {@link #publish}
 * queues one message (a client may already write it to the socket); {@link #flush} sends what is
 * queued and, for Redis, reads every reply: {@code PUBLISH}/{@code SPUBLISH} answer how many
 * subscribers received the message, which is checked against the expected number.
 */
public interface Publisher extends AutoCloseable {

    /** Queues message {@code seq}, stamped with {@code sentNanos}. */
    void publish(long seq, long sentNanos);

    /** Sends what is queued and waits (bounded) for its replies. */
    void flush();

    /** Messages flushed so far. */
    long published();

    /** Of those, messages the server delivered to fewer subscribers than expected (0 for TCP). */
    long shortfall();

    /** Sum over flushed messages of the receivers the server reported (for TCP: one each). */
    long deliveries();

    /**
     * Position, in publish order, just after the last message the server delivered to every expected
     * subscriber (0 if none; for TCP: every flushed message). With messages published as sequence numbers
     * 0, 1, 2, … it is the sequence number after the last one delivered — counted by position, not by
     * adding up replies as {@link #deliveries()} does.
     */
    long deliveredThrough();

    @Override
    void close();
}
