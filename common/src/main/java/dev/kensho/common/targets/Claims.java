package dev.kensho.common.targets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a run must make its own on a server it did not start, before its first write there. A target's
 * preflight (run by the launcher while it checks the plan, before the run folder exists) looks and
 * refuses in one line what it may not touch, then registers a {@link Claim}; the launcher takes every
 * registered claim once the run has an id ({@link #takeAll}), renews them while it runs, and releases
 * them at its end. A run stopped from outside drops its leases only ({@link Held#interrupted()}), so the
 * next run recognises what it left as the suite's.
 */
public final class Claims {

    /** One server's claim. */
    public interface Claim {
        /** Identifies the server and prefix, so two classes on the same target register one claim. */
        String key();

        void claim(String runId, Consumer<String> note);

        void renew(String runId);

        /** A line for the run's notes when the run leaves something behind, or null. */
        String release(String runId);

        void interrupted();
    }

    /** How often a held claim is renewed; a target's lease must outlive several of these. */
    public static final long RENEW_MS = 5_000;

    private static final Map<String, Claim> PENDING = new LinkedHashMap<>();

    private Claims() {
    }

    public static synchronized void register(Claim c) {
        PENDING.putIfAbsent(c.key(), c);
    }

    /** Forgets what was registered (a plan that was refused, a test). */
    public static synchronized void clear() {
        PENDING.clear();
    }

    /** Claims everything registered for {@code runId}; the caller closes the result at the run's end. */
    public static synchronized Held takeAll(String runId, Consumer<String> note) {
        List<Claim> claims = new ArrayList<>(PENDING.values());
        PENDING.clear();
        List<Claim> taken = new ArrayList<>();
        try {
            for (Claim c : claims) {
                c.claim(runId, note);
                taken.add(c);
            }
        } catch (RuntimeException e) {
            taken.forEach(c -> c.release(runId));
            throw e;
        }
        return new Held(runId, taken, note);
    }

    /**
     * Claims {@code c} for {@code runId} in this JVM alone and keeps renewing it until the result is closed: for a
     * benchmark's JVM that found no launcher's claim (an entry point that bypassed the launcher), so its lease
     * does not expire under it while it writes.
     */
    public static Held hold(Claim c, String runId, Consumer<String> note) {
        c.claim(runId, note);
        return new Held(runId, List.of(c), note);
    }

    /** Claims held by a running run: renewed every few seconds by a daemon thread. */
    public static final class Held implements AutoCloseable {
        private final String runId;
        private final List<Claim> claims;
        private final Consumer<String> note;
        private final Thread renewer;
        private volatile boolean over;

        Held(String runId, List<Claim> claims, Consumer<String> note) {
            this.runId = runId;
            this.claims = claims;
            this.note = note;
            this.renewer = new Thread(this::renewLoop, "kensho-claim-renewer");
            renewer.setDaemon(true);
            if (!claims.isEmpty()) {
                renewer.start();
            }
        }

        private void renewLoop() {
            while (!over) {
                try {
                    Thread.sleep(RENEW_MS);
                } catch (InterruptedException e) {
                    return;
                }
                for (Claim c : claims) {
                    try {
                        if (!over) {
                            c.renew(runId);
                        }
                    } catch (RuntimeException e) {
                        // a server that is briefly unreachable: the next renewal tries again, its benchmark reports it
                    }
                }
            }
        }

        /** The run is being stopped from outside: stop renewing and drop the leases, keep the markers. */
        public synchronized void interrupted() {
            if (over) {
                return;
            }
            over = true;
            renewer.interrupt();
            for (Claim c : claims) {
                try {
                    c.interrupted();
                } catch (RuntimeException e) {
                    // the lease expires by itself
                }
            }
        }

        @Override
        public synchronized void close() {
            if (over) {
                return;
            }
            over = true;
            renewer.interrupt();
            for (Claim c : claims) {
                String left = c.release(runId);
                if (left != null) {
                    note.accept(left);
                }
            }
        }
    }
}
