package dev.kensho.report.profile;

import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A JFR recording's stacks as collapsed stacks ({@code root;…;leaf weight}), one {@link View} per question, read with
 * the JDK's {@code jdk.jfr.consumer}. JFR samples a thread running Java code as {@code jdk.ExecutionSample} and a
 * thread inside a native method as {@code jdk.NativeMethodSample}; the second is nearly always a wait (a socket read,
 * {@code ProcessHandleImpl.waitForProcessExit0} while a child process runs), so it never enters the CPU view, only
 * the wall-clock view. (async-profiler's converter reads both as one kind of sample and draws them in one graph.)
 */
final class JfrStacks {

    /** What a graph counts. */
    enum View {
        /** {@code jdk.ExecutionSample}: threads running Java code, one per sample. */
        CPU("cpu", "CPU", "samples of threads running Java code"),
        /**
         * {@code jdk.ExecutionSample} and {@code jdk.NativeMethodSample}, each weighted by its sampling period in ms:
         * threads running Java code or inside a native method (waiting, mostly). JFR samples a few threads per period
         * and none that is parked or blocked (those are the {@link #LOCK} view's).
         */
        WALL("wall", "wall clock", "ms of sampled thread time, running Java code or inside a native method"),
        /** {@code jdk.ObjectAllocationSample}, weighted by the bytes each sample stands for; the leaf is the class allocated. */
        ALLOC("alloc", "allocation", "bytes allocated (sampled), by allocating stack and class"),
        /**
         * {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark} longer than the settings' threshold (10 ms with the
         * profile settings), weighted by their duration in µs; the leaf is the monitor's or the parked-on class.
         */
        LOCK("lock", "locks", "µs threads waited for a monitor or parked, by stack and class");

        final String file;
        final String label;
        final String unit;

        View(String file, String label, String unit) {
            this.file = file;
            this.label = label;
            this.unit = unit;
        }
    }

    private JfrStacks() {
    }

    /** Every view of {@code files} read as one; a view with no events is an empty map. */
    static Map<View, Map<String, Long>> read(List<Path> files) throws IOException {
        Map<View, Map<String, Long>> out = new EnumMap<>(View.class);
        for (View v : View.values()) {
            out.put(v, new TreeMap<>());
        }
        for (Path f : files) {
            Map<Long, Long> periodMs = new HashMap<>(); // event type id → its shortest sampling period in this file
            Map<Long, Map<String, Long>> wallByType = new HashMap<>();
            try (RecordingFile rf = new RecordingFile(f)) {
                while (rf.hasMoreEvents()) {
                    RecordedEvent e = rf.readEvent();
                    switch (e.getEventType().getName()) {
                        case "jdk.ExecutionSample" -> {
                            String s = stack(e.getStackTrace(), null);
                            if (s != null) {
                                out.get(View.CPU).merge(s, 1L, Long::sum);
                                wallByType.computeIfAbsent(e.getEventType().getId(), k -> new HashMap<>()).merge(s, 1L, Long::sum);
                            }
                        }
                        case "jdk.NativeMethodSample" -> {
                            String s = stack(e.getStackTrace(), null);
                            if (s != null) {
                                wallByType.computeIfAbsent(e.getEventType().getId(), k -> new HashMap<>()).merge(s, 1L, Long::sum);
                            }
                        }
                        case "jdk.ObjectAllocationSample" -> add(out.get(View.ALLOC),
                                stack(e.getStackTrace(), className(e.getClass("objectClass"))), e.getLong("weight"));
                        case "jdk.JavaMonitorEnter" -> add(out.get(View.LOCK),
                                stack(e.getStackTrace(), className(e.getClass("monitorClass"))), e.getDuration().toNanos() / 1000);
                        case "jdk.ThreadPark" -> add(out.get(View.LOCK),
                                stack(e.getStackTrace(), className(e.getClass("parkedClass"))), e.getDuration().toNanos() / 1000);
                        case "jdk.ActiveSetting" -> {
                            if ("period".equals(e.getString("name"))) {
                                long ms = millis(e.getString("value"));
                                if (ms > 0) {
                                    periodMs.merge(e.getLong("id"), ms, Math::min);
                                }
                            }
                        }
                        default -> {
                            // other events draw no stacks
                        }
                    }
                }
            } catch (RuntimeException e) {
                throw new IOException(f.getFileName() + ": " + e, e);
            }
            // weighted by period: a 20 ms native sample stands for twice the time of a 10 ms Java one
            wallByType.forEach((type, stacks) -> stacks.forEach((s, n) ->
                    out.get(View.WALL).merge(s, n * periodMs.getOrDefault(type, 1L), Long::sum)));
        }
        return out;
    }

    private static void add(Map<String, Long> view, String stack, long weight) {
        if (stack != null && weight > 0) {
            view.merge(stack, weight, Long::sum);
        }
    }

    /**
     * {@code root;…;top[;leaf]}: each frame {@code package.Class.method} with the type async-profiler's graph colours
     * by ({@code _[j]} compiled, {@code _[i]} inlined, {@code _[0]} interpreted; a native method's frame bare); null
     * without a stack.
     */
    static String stack(RecordedStackTrace st, String leaf) {
        if (st == null || st.getFrames().isEmpty()) {
            return null;
        }
        List<RecordedFrame> frames = st.getFrames();
        List<String> names = new ArrayList<>(frames.size() + 1);
        for (int i = frames.size() - 1; i >= 0; i--) {
            RecordedFrame f = frames.get(i);
            String name = JfrSummary.name(f).replace(';', ':');
            String type = f.getType() == null ? "" : f.getType();
            names.add(name + switch (type) {
                case "JIT compiled" -> "_[j]";
                case "Inlined" -> "_[i]";
                case "Interpreted" -> "_[0]";
                default -> "";
            });
        }
        if (leaf != null) {
            names.add(leaf);
        }
        return String.join(";", names);
    }

    private static String className(RecordedClass c) {
        return c == null ? null : c.getName().replace(';', ':');
    }

    /** {@code "10 ms"}, {@code "1 s"}, {@code "500 us"} in whole ms (at least 1); 0 for anything else ("off", "everyChunk"). */
    static long millis(String value) {
        String[] p = value.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (p.length != 2 || !p[0].matches("\\d+")) {
            return 0;
        }
        long n = Long.parseLong(p[0]);
        return switch (p[1]) {
            case "ns" -> Math.max(1, n / 1_000_000);
            case "us" -> Math.max(1, n / 1000);
            case "ms" -> n;
            case "s" -> n * 1000;
            case "m" -> n * 60_000;
            default -> 0;
        };
    }
}
