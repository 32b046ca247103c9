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
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * A server launched as a child process that can never outlive this JVM.
 *
 * <p>Two guards. A shutdown hook stops it on a normal exit, Ctrl-C or SIGTERM. For the cases no hook
 * sees (SIGKILL, a crash, the OOM killer) the command runs under a tiny {@code sh} watchdog that holds
 * the read end of a pipe whose write end only this JVM holds: when the JVM dies the kernel closes the
 * pipe, the watchdog's {@code cat} sees end-of-file, and it kills the server. No polling, no sleeps.
 * ({@code PR_SET_PDEATHSIG} is not used: it fires when the <em>thread</em> that forked dies, and JMH
 * runs setup in threads that end.)
 *
 * <p>Output of the server goes to a log file; {@link #logTail()} returns its end for error messages.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (ChildProcess c : List.copyOf(LIVE)) {
                c.close();
            }
        }, "kensho-child-reaper"));
    }

    // $1.. = the command. fd 3 keeps the JVM's pipe; the server itself gets neither (it must not hold it).
    private static final String WATCHDOG = String.join("\n",
            "exec 3<&0 0</dev/null",
            "\"$@\" 3<&- &",
            "c=$!",
            "( cat <&3 >/dev/null; kill -KILL $c 2>/dev/null ) &",
            "w=$!",
            "exec 3<&-",
            "wait $c; s=$?",
            "kill $w 2>/dev/null",
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
            return shell.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new TargetFailure(name + ": interrupted");
        }
    }

    /** Stops the server: SIGTERM, then SIGKILL after {@code grace}. Idempotent. */
    public void stop(Duration grace) {
        if (closed) {
            return;
        }
        closed = true;
        List<ProcessHandle> kids = shell.descendants().toList();
        kids.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle k : kids) {
            long left = deadline - System.nanoTime();
            try {
                if (left > 0) {
                    k.onExit().get(left, TimeUnit.NANOSECONDS);
                }
            } catch (Exception ignored) {
                // timed out or interrupted: killed below
            }
            if (k.isAlive()) {
                k.destroyForcibly();
            }
        }
        try {
            lifeline.close();
        } catch (IOException ignored) {
            // the watchdog kills the server when the pipe closes, which is what we want anyway
        }
        shell.destroy();
        try {
            if (!shell.waitFor(2, TimeUnit.SECONDS)) {
                shell.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            shell.destroyForcibly();
        }
        LIVE.remove(this);
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(5));
    }
}
