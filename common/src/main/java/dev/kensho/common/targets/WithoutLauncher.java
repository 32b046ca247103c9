package dev.kensho.common.targets;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.runfiles.Launched;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * A benchmark that JMH started on its own — an IDE's JMH plugin, {@code org.openjdk.jmh.Main}, a plain {@code Runner}
 * — runs as its class's {@code main} would, within what one JMH fork can do alone. Asked before the first server
 * ({@link Target#choose}), the fork checks the {@code kensho.*} settings it was given, opens a run folder under the
 * checkout's {@code target/kensho-runs/} (or {@code -Dkensho.results}) — one per JMH run, named by the time the JMH
 * that forks it started and its pid, so every fork of that run records into the same folder — says where on the
 * console, and records into it as a launcher's fork does. The class's embedded server starts in the fork and dies
 * with it ({@code ChildProcess}); at the fork's end the folder is exported (results.csv, env.json, the report) and
 * marked complete. JMH's scores stay with that JMH (its console, its {@code -rff} file): only the launcher receives
 * them. A server the suite did not start (an external endpoint, a container) stays refused in one line: writing on
 * it is safe only under the prefix claims the launcher takes before any fork.
 */
public final class WithoutLauncher {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** JMH's forked JVM's main class: its parent process is the JMH that runs the benchmarks. */
    private static final String FORKED_MAIN = "org.openjdk.jmh.runner.ForkedMain";

    private static RunFolder run;

    private WithoutLauncher() {
    }

    /**
     * Nothing under the launcher or outside JMH (a unit test calling {@code @Setup} itself); else opens this fork's run
     * folder once for an {@code embedded} server, or refuses any other server in one line.
     */
    static void require(boolean embedded) {
        if (Setting.RUN_DIR.get() != null) {
            return;
        }
        Optional<String> cls = Launched.benchmarkOnStack();
        if (cls.isEmpty()) {
            return;
        }
        String name = cls.get();
        String simple = name.substring(name.lastIndexOf('.') + 1);
        if (!embedded) {
            throw new BadInput(name + " was started by JMH without the kensho launcher (an IDE's JMH plugin or"
                    + " org.openjdk.jmh.Main), which runs only the class's embedded server; for a server of yours run "
                    + name + ".main, or java -jar kensho-benchmarks.jar " + simple);
        }
        adopt(name, simple);
    }

    private static synchronized void adopt(String name, String simple) {
        if (run != null) {
            return;
        }
        SettingRegistry.onClassPath().check(System.getProperties()); // a typo must not leave the run on a default
        ProcessHandle jmh = jmh();
        if (Setting.RUN_ID.get() == null) {
            System.setProperty(Setting.RUN_ID.key(), runId(jmh));
        }
        RunFolder folder = RunFolder.open(jmh);
        System.setProperty(Setting.RUN_DIR.key(), folder.dir().toString());
        System.setProperty(Setting.BENCH_CLASS.key(), simple);
        folder.markRunning(simple);
        folder.note("launcher", simple + " was started by JMH without the kensho launcher: each fork ran the class's"
                + " embedded server and recorded its servers and measurements here; JMH's scores are in that JMH's output."
                + " " + simple + ".main runs it through the launcher, with the scores and verdicts in the report");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> end(folder, simple), "kensho-run-folder"));
        run = folder;
        System.err.println("kensho: " + simple + " started by JMH without the kensho launcher: its embedded server, records in "
                + folder.dir() + " (JMH's scores stay in JMH's output; " + simple + ".main runs it with the launcher)");
    }

    /** The fork ends: its class done, the folder exported and complete (the next fork of the run re-opens it). */
    private static void end(RunFolder folder, String simple) {
        try {
            folder.markDone(simple);
            folder.finish();
            folder.export();
        } catch (RuntimeException e) {
            System.err.println("kensho: the run folder " + folder.dir() + " could not be finished: " + e.getMessage());
        }
    }

    /** The JMH that runs the benchmarks: this JVM's parent when it is JMH's fork, else this JVM ({@code -f 0}). */
    static ProcessHandle jmh() {
        String command = System.getProperty("sun.java.command", "");
        if (command.startsWith(FORKED_MAIN)) {
            Optional<ProcessHandle> parent = ProcessHandle.current().parent();
            if (parent.isPresent()) {
                return parent.get();
            }
        }
        return ProcessHandle.current();
    }

    /** {@code <yyyyMMdd-HHmmss>-jmh<pid>}: when that JMH started, and its pid, so its forks agree on one folder. */
    static String runId(ProcessHandle jmh) {
        LocalDateTime started = jmh.info().startInstant().map(t -> LocalDateTime.ofInstant(t, ZoneId.systemDefault()))
                .orElseGet(LocalDateTime::now);
        return started.format(STAMP) + "-jmh" + jmh.pid();
    }
}
