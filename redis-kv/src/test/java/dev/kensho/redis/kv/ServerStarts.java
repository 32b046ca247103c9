package dev.kensho.redis.kv;

import java.util.function.Supplier;

/**
 * The tests that run concurrently start their servers one at a time in a test JVM. An embedded server is given a
 * port the kernel just handed out and released ({@code bind(0)}), and binds it moments later; two starts at once can
 * be handed the same port (here 1% of {@code bind(0)} calls repeated a port handed out in the previous 200 ms), and the
 * loser's trial then ran against the winner's server. Stopping servers, which is most of these tests' time, still
 * overlaps.
 */
final class ServerStarts {

    private static final Object ONE_AT_A_TIME = new Object();

    private ServerStarts() {
    }

    /** Runs {@code start} (a server's start, or a trial's open that starts one) while no other test here does. */
    static <T> T one(Supplier<T> start) {
        synchronized (ONE_AT_A_TIME) {
            return start.get();
        }
    }

    /** As {@link #one(Supplier)}, for a start that returns nothing ({@code open(Case)}). */
    static void one(Runnable start) {
        synchronized (ONE_AT_A_TIME) {
            start.run();
        }
    }
}
