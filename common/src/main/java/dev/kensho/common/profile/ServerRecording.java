package dev.kensho.common.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One server's profile while a case is measured: a JVM through {@code jcmd <pid> JFR.start}/{@code JFR.stop}
 * (the server's own recording, written by the server into the case's folder), a native process through
 * {@code perf record -e cpu-clock -p <pid>} (a software event: it needs no hardware PMU; call graphs by DWARF
 * unwinding where the binary names its functions, else by frame pointers), its samples folded into
 * a collapsed-stack file ({@link PerfCollapse}) while the binary is still there to name them. What cannot run says
 * why in {@link #unavailable()}, one line, and the measurement goes on. A native server whose binary names no
 * functions ({@link ElfSymbols}) is profiled all the same, and its line says so with what to do about it
 * ({@link #note()}), as does the console, once per run folder.
 */
abstract class ServerRecording {

    /** perf's sampling rate: 499 Hz gives ~5,000 samples in a 10 s case at one busy core, at well under 1% of it. */
    static final int PERF_HZ = 499;
    /** perf's call graph for a binary that names its functions: 4 KiB of stack per sample holds redis-server's. */
    static final String DWARF = "dwarf,4096";

    final ServerProfiles.Server server;
    String unavailable;
    String binary;
    String note;

    ServerRecording(ServerProfiles.Server server) {
        this.server = server;
    }

    /** Starts recording {@code server} into {@code files}' folder for fork {@code fork}. */
    static ServerRecording start(ServerProfiles.Server server, CaseFiles files, int fork, String settings) {
        ServerRecording r = server.kind() == ServerProfiles.Kind.JVM
                ? new Jvm(server, files.dir().resolve("server-fork" + fork + ".jfr"), "kensho-fork" + fork, settings)
                : new Perf(server, files.dir().resolve(server.name() + "-fork" + fork + ".perf.data"), files.runDir());
        r.begin();
        return r;
    }

    abstract void begin();

    /** Stops it; returns the file it wrote, or null (then {@link #unavailable()} says why). */
    abstract Path end();

    /** Why there is no profile of this server, one line; null when there is one. */
    String unavailable() {
        return unavailable;
    }

    /** What the reader should know about this profile (a binary without function names), one line; null when nothing. */
    String note() {
        return note;
    }

    /** Runs a short command; its output, or null with {@link #unavailable} set from its first line. */
    String run(List<String> cmd, String what) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                unavailable = what + " failed: " + firstLine(out);
                return null;
            }
            return out;
        } catch (IOException e) {
            unavailable = what + " cannot run (" + e.getMessage() + ")";
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unavailable = what + " interrupted";
            return null;
        }
    }

    static String firstLine(String out) {
        return out.lines().map(String::trim).filter(l -> !l.isEmpty()).findFirst().orElse("(no output)");
    }

    /** The server JVM's own JFR recording, started and stopped with {@code jcmd}. */
    static final class Jvm extends ServerRecording {
        private final Path file;
        private final String name;
        private final String settings;
        private final String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();

        Jvm(ServerProfiles.Server server, Path file, String name, String settings) {
            super(server);
            this.file = file;
            this.name = name;
            this.settings = settings;
        }

        @Override
        void begin() {
            run(List.of(jcmd, Long.toString(server.pid()), "JFR.start", "name=" + name, "settings=" + settings),
                    "jcmd JFR.start on " + server.what());
        }

        @Override
        Path end() {
            if (unavailable != null) {
                return null;
            }
            String out = run(List.of(jcmd, Long.toString(server.pid()), "JFR.stop", "name=" + name, "filename=" + file),
                    "jcmd JFR.stop on " + server.what());
            return out == null ? null : file;
        }
    }

    /** {@code perf record} of a native server; folded into {@code <name>-fork<n>.collapsed} when it stops. */
    static final class Perf extends ServerRecording {
        private final Path data;
        private final Path runDir;
        private Process perf;
        private Path log;

        Perf(ServerProfiles.Server server, Path data, Path runDir) {
            super(server);
            this.data = data;
            this.runDir = runDir;
        }

        @Override
        void begin() {
            symbols();
            log = data.resolveSibling(data.getFileName() + ".log");
            List<String> cmd = new ArrayList<>(List.of("perf", "record", "-F", Integer.toString(PERF_HZ), "-e", "cpu-clock"));
            // a binary that names its functions is walked with its unwind tables: built without frame pointers (as
            // Debian builds redis-server), -g cuts its stacks after the sampled function and processCommand's callers
            // and callees fall apart; a stripped one has nothing to name, and frame pointers cost less
            cmd.addAll(note == null && binary != null ? List.of("--call-graph", DWARF) : List.of("-g"));
            cmd.addAll(List.of("--no-buildid-cache", "-q", "-p", Long.toString(server.pid()), "-o", data.toString()));
            try {
                perf = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                // perf refuses at once (no permission, no such event): give it a moment to say so
                if (perf.waitFor(300, TimeUnit.MILLISECONDS)) {
                    unavailable = "perf record refused (" + firstLine(read(log)) + ")";
                }
            } catch (IOException e) {
                unavailable = "perf is not installed here (Debian: apt-get install linux-perf; " + e.getMessage() + ")";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                unavailable = "perf record interrupted";
            }
        }

        @Override
        Path end() {
            if (unavailable != null) {
                return null;
            }
            perf.destroy(); // SIGTERM: perf record writes its file and exits
            try {
                if (!perf.waitFor(30, TimeUnit.SECONDS)) {
                    perf.destroyForcibly();
                    unavailable = "perf record did not stop within 30 s";
                    return null;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                perf.destroyForcibly();
                unavailable = "perf record interrupted";
                return null;
            }
            String script = run(List.of("perf", "script", "-i", data.toString(), "-F", "comm,tid,ip,sym,dso"), "perf script");
            if (script == null) {
                return null;
            }
            Path collapsed = data.resolveSibling(data.getFileName().toString().replace(".perf.data", ".collapsed"));
            try {
                Files.writeString(collapsed, PerfCollapse.text(PerfCollapse.collapse(script)), StandardCharsets.UTF_8);
                Files.deleteIfExists(log);
            } catch (IOException e) {
                unavailable = "cannot write " + collapsed + " (" + e.getMessage() + ")";
                return null;
            }
            return collapsed;
        }

        /** Which binary runs, and whether it names its functions; a note (and one console line per run) when not. */
        private void symbols() {
            Path exe = Path.of("/proc", Long.toString(server.pid()), "exe");
            try {
                binary = Files.readSymbolicLink(exe).toString();
            } catch (IOException | UnsupportedOperationException e) {
                return; // not Linux, or the process is gone: perf will say so
            }
            note = note(server, binary, exe);
            if (note != null) {
                sayOnce(runDir, "stripped-" + server.name(), note);
            }
        }

        private static String read(Path f) {
            try {
                return Files.readString(f, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return e.getMessage();
            }
        }
    }

    /**
     * What a profile of {@code server}, running {@code binary} (read at {@code exe}), lacks: a note when the binary
     * names fewer than {@link ElfSymbols#NAMED} functions, with what the server's registration says to do about it;
     * null when it names them or cannot be read.
     */
    static String note(ServerProfiles.Server server, String binary, Path exe) {
        long n = ElfSymbols.functions(exe);
        if (n < 0 || n >= ElfSymbols.NAMED) {
            return null;
        }
        String box = "[" + Path.of(binary).getFileName() + "]";
        return server.name() + " is " + binary + ", a binary that names " + n + " functions: its flame graph shows its"
                + " own frames as one " + box + " box" + (server.named() == null ? "" : "; " + server.named());
    }

    /**
     * Prints {@code line} once per run folder {@code runDir}: the first fork to say it leaves a mark in
     * {@code jfr/}, and the later forks (which run one at a time) find it.
     */
    static void sayOnce(Path runDir, String key, String line) {
        try {
            Files.createFile(runDir.resolve("jfr").resolve("." + key));
            System.err.println("kensho: " + line);
        } catch (IOException | RuntimeException e) {
            // said already, or the folder is gone: the profile's line in profiles.jsonl says it either way
        }
    }

    /** The fields of this server's line in {@link ProfileIndex#FILE}. */
    Map<String, Object> fields(Path file, CaseFiles files) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("side", "server");
        m.put("kind", server.kind() == ServerProfiles.Kind.JVM ? "jfr" : "perf");
        m.put("what", server.what());
        if (binary != null) {
            m.put("binary", binary);
        }
        if (file != null) {
            m.put("file", files.relative(file));
        } else {
            m.put("unavailable", unavailable);
        }
        if (note != null) {
            m.put("note", note);
        }
        return m;
    }
}
