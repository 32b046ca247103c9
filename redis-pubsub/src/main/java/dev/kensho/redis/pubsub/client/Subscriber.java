package dev.kensho.redis.pubsub.client;

/** One subscribed connection feeding a {@link Receiver}. Closing it unsubscribes and ends its thread, bounded in time. */
public interface Subscriber extends AutoCloseable {

    Receiver receiver();

    /** The server's id of this connection ({@code CLIENT ID}), or -1 where there is none (TCP). */
    long clientId();

    @Override
    void close();
}
