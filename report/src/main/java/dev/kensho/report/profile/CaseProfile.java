package dev.kensho.report.profile;

import dev.kensho.common.profile.CaseFiles;
import dev.kensho.common.profile.JmhProfilerFiles;
import dev.kensho.common.profile.ProfileIndex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One profiled case of a run: its sides (the benchmark JVM, by each profiler that recorded it — {@code -Dkensho.jfr},
 * JMH's {@code -prof jfr}, JMH's {@code -prof async}; the HBase server JVM; redis-server's perf profile),
 * each with every fork's files read as one. A side whose files cannot be parsed is {@link Side#unreadable()} —
 * said in the report, never a failure of the run; a profile that could not be taken keeps the forks' reasons, and a
 * profile of a binary that names no functions says so. A JFR side gets a flame graph per {@link JfrStacks.View}: CPU
 * (its main graph), wall clock, allocation and locks, each where the recording has its events.
 */
record CaseProfile(String key, String benchmark, Map<String, String> params, List<Side> sides) {

    /**
     * One side: {@code label} for the reader, its files (relative to the run folder) by fork, the operations JMH
     * counted while they recorded, its frame counts, its JFR figures (null for perf), its flame graph (relative,
     * null when none; CPU for JFR and perf), its other graphs by what they count ({@code wall clock}, {@code allocation},
     * {@code locks}; relative), why it is unreadable (null when it is not), and the forks' notes (why a profile is
     * missing, what a profile lacks); {@code stacks} are its main graph's (stack → weight; empty without one).
     */
    record Side(String label, String kind, Map<Integer, String> files, long ops, FrameCounts frames, JfrSummary jfr,
                String flame, Map<String, String> views, String unreadable, Set<String> notes, Map<String, Long> stacks) {

        boolean readable() {
            return unreadable == null && frames != null;
        }
    }

    /** Every profiled case of {@code runDir}, in the order they ran; flame graphs are rendered on the way. */
    static List<CaseProfile> load(Path runDir) {
        List<CaseProfile> out = new ArrayList<>();
        for (Map.Entry<String, List<ProfileIndex.Entry>> c : ProfileIndex.byCase(runDir).entrySet()) {
            ProfileIndex.Entry first = c.getValue().get(0);
            Map<String, List<ProfileIndex.Entry>> bySide = new LinkedHashMap<>();
            for (ProfileIndex.Entry e : c.getValue()) {
                bySide.computeIfAbsent(e.side() + "/" + e.kind(), k -> new ArrayList<>()).add(e);
            }
            List<Side> sides = new ArrayList<>();
            Path dir = CaseFiles.of(runDir, first.benchmark(), first.params()).dir();
            bySide.forEach((k, es) -> sides.add(side(runDir, dir, es)));
            out.add(new CaseProfile(c.getKey(), first.benchmark(), first.params(), sides));
        }
        return out;
    }

    private static Side side(Path runDir, Path dir, List<ProfileIndex.Entry> es) {
        ProfileIndex.Entry e0 = es.get(0);
        String label = label(e0);
        Map<Integer, String> files = new LinkedHashMap<>();
        Set<String> notes = new LinkedHashSet<>();
        List<Path> paths = new ArrayList<>();
        long ops = 0;
        for (ProfileIndex.Entry e : es) {
            if (e.file() != null) {
                files.put(e.fork(), e.file());
                paths.add(runDir.resolve(e.file()));
                ops += e.ops();
            } else {
                notes.add(e.unavailable());
            }
            if (e.note() != null) {
                notes.add(e.note());
            }
        }
        if (e0.kind().equals(JmhProfilerFiles.ASYNC_KIND)) {
            files.replaceAll((fork, f) -> forkFlame(runDir, f)); // a fork's link: JMH's own flame graph of it
        }
        if (paths.isEmpty()) {
            return new Side(label, e0.kind(), files, ops, null, null, null, Map.of(), null, notes, Map.of());
        }
        if (paths.stream().allMatch(p -> p.toString().endsWith(".html"))) {
            // -prof async with output=flamegraph only: JMH's graph per fork, nothing to count frames in
            return new Side(label, e0.kind(), files, ops, null, null, files.values().iterator().next(), Map.of(), null, notes, Map.of());
        }
        String flameName = "flame-" + switch (e0.kind()) {
            case JmhProfilerFiles.JFR_KIND -> "prof-jfr";
            case JmhProfilerFiles.ASYNC_KIND -> "prof-async";
            default -> e0.side().equals("client") ? "client" : e0.kind().equals("perf") ? "perf" : "server";
        } + ".html";
        String title = ProfileIndex.key(cls(e0.benchmark()), e0.benchmark().substring(e0.benchmark().lastIndexOf('.') + 1),
                e0.params()) + " — " + label;
        try {
            boolean isJfr = paths.get(0).toString().endsWith(".jfr");
            JfrSummary jfr = isJfr ? JfrSummary.read(paths) : null;
            FrameCounts frames = jfr != null ? jfr.frames() : FrameCounts.collapsed(paths);
            Map<JfrStacks.View, Map<String, Long>> stacks = isJfr ? JfrStacks.read(paths) : Map.of();
            String flame = null;
            Map<String, String> views = new LinkedHashMap<>();
            try {
                Path f = isJfr ? FlameGraphs.render(stacks.get(JfrStacks.View.CPU), paths, dir.resolve(flameName),
                        title + " — CPU (" + JfrStacks.View.CPU.unit + ")") : FlameGraphs.render(paths, dir.resolve(flameName), title);
                flame = runDir.relativize(f).toString().replace('\\', '/');
                for (JfrStacks.View v : JfrStacks.View.values()) {
                    if (isJfr && v != JfrStacks.View.CPU && !stacks.get(v).isEmpty()) {
                        Path g = FlameGraphs.render(stacks.get(v), paths, dir.resolve(flameName.replace(".html", "-" + v.file + ".html")),
                                title + " — " + v.label + " (" + v.unit + ")");
                        views.put(v.label, runDir.relativize(g).toString().replace('\\', '/'));
                    }
                }
            } catch (IOException ex) {
                notes.add("no flame graph: " + ex.getMessage()); // the figures stand without it
            }
            return new Side(label, e0.kind(), files, ops, frames, jfr, flame, views, null, notes,
                    isJfr ? stacks.get(JfrStacks.View.CPU) : FrameCounts.stacks(paths));
        } catch (IOException | RuntimeException ex) {
            return new Side(label, e0.kind(), files, ops, null, null, null, Map.of(), "unreadable: " + firstLine(ex.getMessage()), notes, Map.of());
        }
    }

    /** The forward flame graph JMH's {@code -prof async} drew beside {@code file} (relative), else {@code file}. */
    private static String forkFlame(Path runDir, String file) {
        Path dir = runDir.resolve(file).getParent();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("flame-") && n.endsWith("-forward.html"))
                    .sorted().findFirst().map(n -> runDir.relativize(dir.resolve(n)).toString().replace('\\', '/')).orElse(file);
        } catch (IOException e) {
            return file;
        }
    }

    /** What the reader calls a side: the benchmark JVM by its profiler, a server by its name and profiler. */
    static String label(ProfileIndex.Entry e) {
        return switch (e.kind()) {
            case JmhProfilerFiles.JFR_KIND -> "benchmark JVM (JMH -prof jfr)";
            case JmhProfilerFiles.ASYNC_KIND -> "benchmark JVM (JMH -prof async)";
            case JmhProfilerFiles.MOVE_KIND -> "benchmark JVM (JMH's profilers)";
            default -> e.side().equals("client") ? "benchmark JVM (JFR)"
                    : e.what().replaceAll(" \\(pid \\d+\\)", "").replaceAll(":\\d+$", "")
                    + (e.kind().equals("perf") ? " (perf)" : " (JFR)");
        };
    }

    private static String cls(String benchmark) {
        String c = benchmark.substring(0, benchmark.lastIndexOf('.'));
        return c.substring(c.lastIndexOf('.') + 1);
    }

    private static String firstLine(String s) {
        return s == null ? "(no message)" : s.lines().findFirst().orElse(s);
    }
}
