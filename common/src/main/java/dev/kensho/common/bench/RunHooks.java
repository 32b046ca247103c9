package dev.kensho.common.bench;

import dev.kensho.common.export.RunFolder;
import dev.kensho.common.targets.Claims;

/** What the launcher does when it is stopped from outside: its status says so, and its forks and servers end. */
final class RunHooks {

    private RunHooks() {
    }

    /**
     * On Ctrl-C or SIGTERM of the launcher (or {@code System.exit} from {@link ParentWatch}), the run's status
     * says so ({@code interrupted}, unless it is already {@code failed (killed)}), and its claims drop their
     * leases so the next run recognises what this one left.
     */
    static Thread markInterruptedOnExit(RunFolder run, Claims.Held held) {
        Thread t = new Thread(() -> {
            held.interrupted();
            run.markInterrupted("interrupted: the launcher was stopped (SIGINT, SIGTERM or its Maven ended) before the run ended");
        }, "kensho-status-on-stop");
        Runtime.getRuntime().addShutdownHook(t);
        return t;
    }

    /**
     * On Ctrl-C or SIGTERM of the launcher, stop JMH's forked JVMs too (their own hooks then stop the
     * servers they started); on SIGKILL the servers' pipe watchdogs do it (see ChildProcess).
     */
    static void stopForksOnExit() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            java.util.List<ProcessHandle> forks = ProcessHandle.current().children().toList();
            forks.forEach(ProcessHandle::destroy);
            for (ProcessHandle f : forks) {
                try {
                    f.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception e) {
                    f.destroyForcibly();
                }
            }
        }, "kensho-fork-reaper"));
    }
}
