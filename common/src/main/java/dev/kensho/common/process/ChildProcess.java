package dev.kensho.common.process;

import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * A server launched as a child process that can never outlive this JVM.
 *
 * <p>Two guards. A shutdown hook stops it on a normal exit, Ctrl-C or SIGTERM. For the cases no hook
 * sees (SIGKILL, a crash, the OOM killer) the command runs under a tiny {@code sh} watchdog that holds
 * the read end of a pipe whose write end only this JVM holds: when the JVM dies the kernel closes the
 * pipe, the watchdog's guard sees end-of-file, and it kills the server with SIGKILL. No polling, no sleeps.
 * ({@code PR_SET_PDEATHSIG} is not used: it fires when the <em>thread</em> that forked dies, and JMH
 * runs setup in threads that end.) The watchdog and its guard ignore SIGTERM, SIGINT and SIGHUP (the server
 * itself keeps their default handling): a signal sent to the whole process group or tree — Ctrl-C, a test
 * stopping a run, this class's own stop — reaches the server but never removes the guard, so a server that
 * refuses to exit (Redis does when its shutdown save fails, e.g. in a deleted folder) is still killed when
 * this JVM dies, even if the JVM is killed while it waits for the server.
 *
 * <p>{@link #stop(Duration)} is bounded: SIGTERM, at most the grace period for the server to exit, then SIGKILL.
 * At JVM exit every live child is stopped at once (in parallel), and {@link TempDirs}' folders are removed only
 * after that, so no server loses its folder while it shuts down.
 *
 * <p>Output of the server goes to a log file; {@link #logTail()} returns its end for error messages.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(ChildProcess::stopAll, "kensho-child-reaper"));
        } catch (IllegalStateException shuttingDown) {
            // first named by TempDirs' exit hook in a JVM that never started a child: nothing to reap
        }
    }

    /** How long {@link #close()} lets a server shut down on SIGTERM before SIGKILL. */
    public static final Duration GRACE = Duration.ofSeconds(5);
    /** How long a process has to disappear after SIGKILL (the kernel's work, not the server's) before stop gives up. */
    private static final Duration AFTER_KILL = Duration.ofSeconds(10);

    // $1.. = the command. fd 3 keeps the JVM's pipe; the server itself gets neither (it must not hold it). The server
    // starts before the trap, so it keeps the default handling of TERM, INT and HUP; the watchdog and its guard (forked
    // after the trap) ignore them. The guard reads the pipe with the shell's own read (no second process to leave
    // behind): end-of-file means this JVM is gone or has let go, and the server is killed. The watchdog reaps its guard
    // before it exits: an orphaned guard's zombie waits for init to reap it (a second or more where init is slow, e.g. a
    // VM's agent), and stop waits for every process of the child to be gone.
    private static final String WATCHDOG = String.join("\n",
            "exec 3<&0 0</dev/null",
            "\"$@\" 3<&- &",
            "c=$!",
            "trap '' TERM INT HUP",
            "( while read -r x <&3; do :; done; kill -KILL $c 2>/dev/null ) &",
            "w=$!",
            "exec 3<&-",
            "wait $c; s=$?",
            "kill -KILL $w 2>/dev/null",
            "wait $w 2>/dev/null",
            "exit $s");

    private final String name;
    private final Process shell;
    private final OutputStream lifeline;
    private final Path log;
    private volatile boolean closed;

    private ChildProcess(String name, Process shell, Path log) {
        this.name = name;
        this.shell = shell;
        this.lifeline = shell.getOutputStream();
        this.log = log;
    }

    /**
     * Starts {@code command} in {@code workDir}, output to {@code log}.
     *
     * @param name what the user knows this server as, used in every message ("embedded redis-server")
     */
    public static ChildProcess start(String name, List<String> command, Path workDir, Path log) {
        return start(name, command, workDir, log, Map.of());
    }

    /** As {@link #start(String, List, Path, Path)}, with extra environment variables (e.g. a password). */
    public static ChildProcess start(String name, List<String> command, Path workDir, Path log,
                                     Map<String, String> env) {
        List<String> argv = new ArrayList<>(List.of("/bin/sh", "-c", WATCHDOG, "kensho-watchdog"));
        argv.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(argv)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        try {
            ChildProcess c = new ChildProcess(name, pb.start(), log);
            LIVE.add(c);
            return c;
        } catch (IOException e) {
            throw new TargetFailure(name + ": cannot start " + command.get(0) + " (" + e.getMessage() + ")");
        }
    }

    public String name() {
        return name;
    }

    public boolean isAlive() {
        // the watchdog shell waits for the server and exits with it
        return !closed && shell.isAlive();
    }

    /**
     * Whether the child has exited, or exits within {@code grace}. For error paths: a client sees a
     * killed server's connection close a moment before the watchdog has reaped it, and the message should
     * say the process is gone.
     */
    public boolean exitedWithin(Duration grace) {
        try {
            return closed || shell.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !shell.isAlive();
        }
    }

    /** The server's pid (the watchdog's child running the command), or -1 once it has exited. */
    public long pid() {
        return shell.children()
                .filter(p -> p.info().command().map(cmd -> !cmd.endsWith("/sh") && !cmd.endsWith("/dash")).orElse(true))
                .mapToLong(ProcessHandle::pid).findFirst().orElse(-1);
    }

    /** Every process this child consists of (watchdog, server, and anything the server forked). */
    public List<ProcessHandle> handles() {
        List<ProcessHandle> all = new ArrayList<>();
        all.add(shell.toHandle());
        shell.descendants().forEach(all::add);
        return all;
    }

    public Path log() {
        return log;
    }

    /** The last lines of the server's output, joined into one line for an error message. */
    public String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Why the child ended before it was ready, as one line: this run being stopped, or the exit status, a signal
     * named, and the end of its log ({@link StartExit}).
     */
    public String exitedAtStart() {
        return StartExit.describe(name, shell.isAlive() ? null : shell.exitValue(), this::logTail);
    }

    /** A free TCP port on 127.0.0.1 for a server about to be started. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new TargetFailure("cannot find a free port on 127.0.0.1 (" + e.getMessage() + ")");
        }
    }

    /**
     * Runs {@code start} with a free port, and again (3 tries in all) when another process took that port
     * between the probe and the bind: the failure then contains {@code inUse} (the server's own wording).
     */
    public static <T> T onFreePort(String inUse, IntFunction<T> start) {
        TargetFailure last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                return start.apply(freePort());
            } catch (TargetFailure e) {
                if (!e.getMessage().contains(inUse)) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    /**
     * Waits until the child accepts TCP connections on 127.0.0.1:{@code port} <em>and</em> its own output has a line
     * containing {@code ownLine} (ignoring case), the line the server prints once it holds the port. A listener alone
     * is no proof: a port taken by another process between {@link #freePort()} and the child's bind answers as well,
     * while the child is failing with "address in use" — without the line, a start could be handed a server it did
     * not start. Throws a {@link TargetFailure} naming the child (with the end of its log) if it exits first or is
     * not ready within {@code timeout}.
     */
    public void awaitListening(int port, String ownLine, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean listening = false;
        String own = ownLine.toLowerCase(Locale.ROOT);
        while (System.nanoTime() < deadline) {
            if (!isAlive()) {
                throw new TargetFailure(exitedAtStart());
            }
            if (!listening) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    listening = true;
                } catch (IOException notYet) {
                    Thread.onSpinWait();
                }
            }
            if (listening && logHas(own)) {
                return;
            }
            try {
                Thread.sleep(10); // readiness poll of a starting process, not part of any measurement
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetFailure(name + ": interrupted while starting");
            }
        }
        throw new TargetFailure(name + (listening ? " did not print '" + ownLine + "' within " : " did not accept connections within ")
                + timeout.toSeconds() + " s: " + logTail());
    }

    private boolean logHas(String lowerCase) {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT).contains(lowerCase);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Waits for a short-lived child (a calibration tool) to exit; returns its exit status, or throws a
     * {@link TargetFailure} after {@code timeout} (and stops it).
     */
    public int waitFor(Duration timeout) {
        try {
            if (!shell.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                throw new TargetFailure(name + " did not finish within " + timeout.toSeconds() + " s");
            }
            LIVE.remove(this);
            closed = true;
            closeLifeline();
            return shell.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new TargetFailure(name + ": interrupted");
        }
    }

    /**
     * Stops the server: SIGTERM to it (and to whatever it started), at most {@code grace} for it to exit, then SIGKILL;
     * returns once every process of this child has exited (or, should the kernel not reap one within seconds of
     * SIGKILL, gives up on it). Idempotent; a second caller waits for the first.
     */
    public synchronized void stop(Duration grace) {
        if (closed) {
            return;
        }
        closed = true;
        try {
            List<ProcessHandle> kids = new ArrayList<>(shell.descendants().toList());
            kids.forEach(ProcessHandle::destroy); // the server shuts down; the watchdog and its guard ignore it
            if (!exits(shell.toHandle(), grace)) {
                // the server did not exit in time (or refused to): kill it and everything it started since
                shell.descendants().filter(p -> !kids.contains(p)).forEach(kids::add);
                kids.forEach(ProcessHandle::destroyForcibly);
            }
            closeLifeline(); // the guard, if still there, kills the server too
            if (!exits(shell.toHandle(), AFTER_KILL)) {
                shell.destroyForcibly();
            }
            long deadline = System.nanoTime() + AFTER_KILL.toNanos();
            for (ProcessHandle k : kids) {
                if (!exits(k, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                    k.destroyForcibly();
                }
            }
        } finally {
            LIVE.remove(this);
        }
    }

    /** Stops every live child at once (SIGTERM to all, then each one's grace in parallel): the JVM is exiting. */
    static void stopAll() {
        List<Thread> stopping = new ArrayList<>();
        for (ChildProcess c : List.copyOf(LIVE)) {
            Thread t = new Thread(c::close, "kensho-stop-" + c.name);
            t.start();
            stopping.add(t);
        }
        for (Thread t : stopping) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Whether {@code p} exits within {@code timeout}. */
    private static boolean exits(ProcessHandle p, Duration timeout) {
        try {
            p.onExit().get(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return !p.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.isAlive();
        }
    }

    private void closeLifeline() {
        try {
            lifeline.close();
        } catch (IOException ignored) {
            // the watchdog kills the server when the pipe closes, which is what we want anyway
        }
    }

    @Override
    public void close() {
        stop(GRACE);
    }
}
