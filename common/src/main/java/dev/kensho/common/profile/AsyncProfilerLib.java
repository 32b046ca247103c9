package dev.kensho.common.profile;

import dev.kensho.common.BadInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code -prof async} as a JMH user expects it, with no library path: the native library comes from
 * {@code tools.profiler:async-profiler} (4.2, on the classpath) and is extracted into {@code async/lib/} of the run
 * folder; JMH's output goes to {@value JmhProfilerFiles#STAGING}{@code /<benchmark id>/} there, from where
 * {@link JmhProfilerFiles} moves each fork's files into the case's folder; without {@code output=} it is a flame graph
 * (and collapsed stacks, which the report reads) rather than JMH's text summary. Where the host forbids
 * perf events to this user (not root, {@code kernel.perf_event_paranoid} above 1) the default {@code event=cpu}
 * becomes {@code event=itimer}, which needs none, and one line says so. Options the user gave win.
 */
final class AsyncProfilerLib {

    static final String VERSION = "4.2";

    private AsyncProfilerLib() {
    }

    /** {@code args} with every {@code -prof async[:…]} completed; the same array when there is none. */
    static String[] complete(String[] args, Path runDir, Consumer<String> line) {
        List<String> out = new ArrayList<>(List.of(args));
        boolean changed = false;
        for (int i = 0; i + 1 < out.size(); i++) {
            String v = out.get(i + 1);
            if (!out.get(i).equals("-prof") || !(v.equals("async") || v.startsWith("async:"))) {
                continue;
            }
            String opts = v.equals("async") ? "" : v.substring("async:".length());
            List<String> add = new ArrayList<>();
            if (!has(opts, "libPath")) {
                add.add("libPath=" + extract(runDir.resolve("async").resolve("lib")));
            }
            if (!has(opts, "dir")) {
                add.add("dir=" + runDir.resolve(JmhProfilerFiles.STAGING));
            }
            if (!has(opts, "output")) {
                // JMH's default is a text summary only; collapsed stacks are what the report reads and joins over forks
                add.add("output=flamegraph,collapsed");
            }
            if (!has(opts, "event") && !perfEventsAllowed()) {
                add.add("event=itimer");
                line.accept("-prof async: this host forbids perf events to this user (kernel.perf_event_paranoid="
                        + paranoid() + ", not root): sampling with event=itimer, which needs none");
            }
            String all = String.join(";", add) + (opts.isEmpty() ? "" : (add.isEmpty() ? "" : ";") + opts);
            out.set(i + 1, "async" + (all.isEmpty() ? "" : ":" + all));
            changed = true;
        }
        return changed ? out.toArray(String[]::new) : args;
    }

    static boolean has(String opts, String key) {
        for (String o : opts.split(";")) {
            if (o.trim().startsWith(key + "=")) {
                return true;
            }
        }
        return false;
    }

    /** The library for this OS and CPU, extracted into {@code dir}; a one-line {@link BadInput} where there is none. */
    static Path extract(Path dir) {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        String res = os.contains("mac") ? "macos" : os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))
                ? "linux-x64" : os.contains("linux") && arch.equals("aarch64") ? "linux-arm64" : null;
        if (res == null) {
            throw new BadInput("-prof async: async-profiler " + VERSION + " has no library for " + os + " " + arch
                    + " (it has linux-x64, linux-arm64, macos); give -prof async:libPath=<your libasyncProfiler>");
        }
        Path lib = dir.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfilerLib.class.getResourceAsStream("/" + res + "/libasyncProfiler.so")) {
            if (in == null) {
                throw new BadInput("-prof async: tools.profiler:async-profiler:" + VERSION + " is not on the class path");
            }
            Files.createDirectories(dir);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new BadInput("-prof async: cannot write " + lib + " (" + e.getMessage() + ")");
        }
        return lib;
    }

    /** Root, or a paranoid level of 1 or less: perf_event_open works for this user's processes. */
    static boolean perfEventsAllowed() {
        String p = paranoid();
        return root() || !p.isEmpty() && p.matches("-?\\d+") && Integer.parseInt(p) <= 1;
    }

    static String paranoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid"), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean root() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8).stream()
                    .anyMatch(l -> l.matches("Uid:\\s+\\d+\\s+0\\s.*"));
        } catch (IOException e) {
            return false;
        }
    }
}
