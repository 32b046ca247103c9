package dev.kensho.launcher;

import dev.kensho.common.Setting;
import dev.kensho.common.export.RunFolder;

import java.io.PrintStream;
import java.util.Optional;

/**
 * Ends the launcher when the process that started it is gone. Maven starts the launcher as a child JVM
 * ({@link MavenBench}); a CI system that kills Maven alone ({@code kill -9 <maven pid>}, or SIGINT to that
 * pid only) would otherwise leave the launcher, its JMH forks and their servers running to the end of the
 * module. The launcher marks its run {@code failed (killed)} and exits; its shutdown hook stops the forks,
 * whose hooks stop their servers. Only runs started through Maven are watched: a {@code main()} run under
 * {@code nohup} must outlive its shell.
 */
final class ParentWatch {

    private ParentWatch() {
    }

    static void start(RunFolder run, PrintStream err) {
        String v = System.getProperty(Setting.WATCH_PID.key());
        if (v == null || v.isBlank()) {
            return;
        }
        Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(v.trim()));
        if (parent.isEmpty()) {
            gone(run, err, v);
            return;
        }
        // a poll, not onExit(): for a process that is not our child the JDK checks it only every few seconds
        ProcessHandle p = parent.get();
        Thread t = new Thread(() -> {
            while (p.isAlive()) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
            gone(run, err, v);
        }, "kensho-parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void gone(RunFolder run, PrintStream err, String pid) {
        String why = "killed: the Maven process that started this run (pid " + pid + ") ended";
        err.println("kensho: " + why + "; stopping the benchmarks and their servers");
        try {
            run.markKilled(why);
        } finally {
            System.exit(1);
        }
    }
}
