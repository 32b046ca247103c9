package dev.kensho.api;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What must happen when a benchmark class has run, for state a non-forked run ({@code -f 0}) keeps across the
 * trials of one class in the launcher's JVM (redis-kv's curve keeps one server per case between its points).
 * The launcher runs every hook after each class, so nothing of one class — an open server, connections, a
 * clean-up of the suite's keys — outlives it into the next class's measurement. In a forked run the fork's
 * exit ends that state anyway.
 */
public final class ClassEnd {

    private static final Set<Runnable> HOOKS = new LinkedHashSet<>();

    private ClassEnd() {
    }

    /** Registers {@code hook} (once: registering the same hook again changes nothing). */
    public static synchronized void register(Runnable hook) {
        HOOKS.add(hook);
    }

    /** Runs every hook; one that throws does not stop the others. The launcher calls it after each class. */
    public static void runAll() {
        Runnable[] hooks;
        synchronized (ClassEnd.class) {
            hooks = HOOKS.toArray(Runnable[]::new);
        }
        for (Runnable h : hooks) {
            try {
                h.run();
            } catch (RuntimeException e) {
                System.err.println("kensho: after a benchmark class: " + e);
            }
        }
    }
}
