package dev.kensho.redis.pubsub.client;

/**
 * The bookkeeping every Redis publisher shares: each {@code PUBLISH} reply says how many subscribers got
 * the message; a reply below the expected number is a shortfall.
 */
abstract class CountingPublisher implements Publisher {

    private final int expected;
    private long published;
    private long shortfall;
    private long deliveries;
    private long replies;
    private long deliveredThrough;

    CountingPublisher(int expected) {
        this.expected = expected;
    }

    /** One reply: the message reached {@code receivers} subscribers. */
    protected final void counted(long receivers) {
        deliveries += receivers;
        replies++;
        if (receivers < expected) {
            shortfall++;
        } else {
            deliveredThrough = replies;
        }
    }

    /** {@code n} messages flushed. */
    protected final void flushed(int n) {
        published += n;
    }

    @Override
    public final long published() {
        return published;
    }

    @Override
    public final long shortfall() {
        return shortfall;
    }

    @Override
    public final long deliveries() {
        return deliveries;
    }

    @Override
    public final long deliveredThrough() {
        return deliveredThrough;
    }
}
