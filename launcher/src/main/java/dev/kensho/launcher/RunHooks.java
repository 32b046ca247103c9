package dev.kensho.launcher;

import dev.kensho.common.export.RunFolder;
import dev.kensho.common.targets.Claims;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** What the launcher does when it is stopped from outside: its status says so, and its forks and servers end. */
final class RunHooks {

    private RunHooks() {
    }

    /**
     * On Ctrl-C or SIGTERM of the launcher (or {@code System.exit} from {@link ParentWatch}), in this order: the run's
     * status says so ({@code interrupted}, unless it is already {@code failed (killed)} or {@code complete}), its
     * claims drop their leases so the next run recognises what this one left, and then JMH's forked JVMs are stopped
     * (their own hooks stop the servers they started; on SIGKILL the servers' pipe watchdogs do it, see ChildProcess).
     * One hook, so the order holds: a fork stopped first would let the run loop go on and write {@code complete}
     * before the status said {@code interrupted} (two hooks run in no set order).
     */
    static Thread markInterruptedOnExit(RunFolder run, Claims.Held held) {
        Thread t = new Thread(() -> {
            try {
                held.interrupted();
                run.markInterrupted("interrupted: the launcher was stopped (SIGINT, SIGTERM or its Maven ended) before the run ended");
            } finally {
                stopForks();
            }
        }, "kensho-status-on-stop");
        Runtime.getRuntime().addShutdownHook(t);
        return t;
    }

    private static void stopForks() {
        List<ProcessHandle> forks = ProcessHandle.current().children().toList();
        forks.forEach(ProcessHandle::destroy);
        for (ProcessHandle f : forks) {
            try {
                f.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                f.destroyForcibly();
            }
        }
    }
}
