package dev.kensho.common.process;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Says in one line why a child ended before it was ready.
 *
 * <p>When this JVM is being stopped too (a Ctrl-C reaches the whole process group), that is the reason, not the
 * server's last log line (often a library's start-up warning); otherwise the exit status, a signal named, and the end
 * of its log. A class of its own because the answer depends on this JVM's state, not only on the child: a child ended
 * by SIGINT or SIGTERM is judged only after the JVM's own signal handling has had a moment to begin.
 */
final class StartExit {

    private StartExit() {
    }

    /**
     * The line for a child named {@code name} that ended with {@code status} ({@code null}: still running), waiting
     * briefly when a signal ended it, to see whether this JVM is being stopped by the same signal.
     */
    static String describe(String name, Integer status, Supplier<String> logTail) {
        boolean bySignal = status != null && (status == 128 + 2 || status == 128 + 15);
        // the signal reaches this JVM as it reaches the child: give its shutdown a moment to begin before judging
        long deadline = System.nanoTime() + (bySignal ? TimeUnit.SECONDS.toNanos(2) : 0);
        boolean stopping = shuttingDown();
        while (!stopping && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20); // waiting for the JVM's own signal handling, not timing anything
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopping = true;
                break;
            }
            stopping = shuttingDown();
        }
        return line(name, status, stopping, logTail.get());
    }

    static String line(String name, Integer status, boolean stopping, String logTail) {
        if (stopping) {
            return name + " stopped while starting: this run was interrupted (SIGINT or SIGTERM)";
        }
        String how = status == null ? "" : status > 128 && status < 160 ? " (ended by signal " + signalName(status - 128) + ")"
                : " (status " + status + ")";
        return name + " exited at start" + how + ": " + logTail;
    }

    private static String signalName(int n) {
        return switch (n) {
            case 2 -> "SIGINT";
            case 9 -> "SIGKILL";
            case 15 -> "SIGTERM";
            default -> Integer.toString(n);
        };
    }

    /** True once this JVM has begun to shut down (a hook can no longer be added). */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
