package dev.kensho.report.profile;

import dev.kensho.common.export.Export;
import dev.kensho.common.profile.ProfileIndex;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The report's profile part for a profiled run: one row per profiled case and side — its recordings per fork, its
 * flame graph, its top frames by self CPU samples, bytes allocated per operation and GC pause time per second —
 * then, per ledger row whose two cases were profiled, {@link ClaimDiff}'s tables. Empty for a run without profiles.
 */
public final class ProfilePart {

    /** Frames shown per case. */
    static final int TOP = 5;

    /** The part's opening sentence and its tables. */
    public record Part(String intro, List<Grid> grids) {
        public boolean isEmpty() {
            return grids.isEmpty();
        }

        /** The ids the part's rows carry: what a link from the ledger may point at. */
        public Set<String> anchors() {
            Set<String> out = new LinkedHashSet<>();
            grids.forEach(g -> g.ids().stream().filter(Objects::nonNull).forEach(out::add));
            return out;
        }
    }

    private ProfilePart() {
    }

    public static Part of(Path runDir) {
        List<CaseProfile> cases = CaseProfile.load(runDir);
        if (cases.isEmpty()) {
            return new Part("", List.of());
        }
        Grid g = Grid.of("", "case", "profile of", "recordings", "flame graphs", "top frames (share of self CPU samples)",
                ">allocated B/op", ">GC pause ms/s");
        for (CaseProfile c : cases) {
            String id = anchor(c); // on the case's first row: where a ledger row's link lands
            for (CaseProfile.Side s : c.sides()) {
                g.rowWithId(id, caseName(c), s.label(), recordings(s), graphs(s),
                        frames(s), s.jfr() == null ? "–" : Export.fmt(s.jfr().bytesPerOp(s.ops())),
                        s.jfr() == null ? "–" : Export.fmt(s.jfr().gcPauseMsPerSecond()));
                id = null;
            }
        }
        List<Grid> grids = new ArrayList<>(List.of(g));
        for (ClaimSides.Claim claim : ClaimSides.load(runDir)) {
            grids.addAll(ClaimDiff.of(claim, cases, runDir));
        }
        String intro = "Profiled over the measured iterations of every case (warm-up left out; a class without warm-up"
                + " iterations has its trial set-up, such as loading the data, inside the first), one recording per fork; a"
                + " server's allocation is per operation of the benchmark that drove it. Self CPU samples: the method on top"
                + " of the stack when sampled (JFR's jdk.ExecutionSample every 10–20 ms with the profile settings: threads"
                + " running Java code; perf's cpu-clock for redis-server, its functions named only when its binary carries"
                + " symbols — the bundled one does not, and its line then says what to install; JMH's -prof jfr read as JFR,"
                + " JMH's -prof async from its collapsed stacks, each fork's own graph linked as the fork). A JFR recording's"
                + " CPU graph holds those samples only; threads inside a native method (a socket read, a wait for a child"
                + " process) are in its wall-clock graph, weighted by sampling period; its allocation graph weighs JFR's"
                + " allocation samples in bytes, its locks graph the monitor waits and parks longer than the settings'"
                + " threshold (10 ms) in µs. The numbers of a profiled run carry the profilers' cost (docs/method.md). "
                + (grids.size() > 1 ? "Below the cases, per published claim whose two sides were profiled, the frames whose"
                + " share moved most, and a differential flame graph: frames as wide as their mean share of the two sides'"
                + " samples, red where the numerator's case spends more of its samples, blue where less."
                : "No ledger row has both of its sides profiled in this run.");
        return new Part(intro, grids);
    }

    /**
     * The anchor a case's first row of the part carries, for a ledger row to link its two sides' profiles
     * ({@link ProfileAnchors}):
     * {@code profile-} and the case's name as results.csv gives it ({@link ProfileIndex#key}), each run of characters
     * other than letters, digits, {@code .}, {@code _} and {@code -} as one {@code -}
     * ({@code profile-SetAlgebraBenchmark.sinter-layout-EQUAL-members-1000}).
     */
    public static String anchor(String cls, String method, Map<String, String> params) {
        return "profile-" + ProfileIndex.key(cls, method, params).replaceAll("[^A-Za-z0-9._-]+", "-");
    }

    /** The anchor of a profiled case's rows. */
    static String anchor(CaseProfile c) {
        String cls = c.benchmark().substring(0, c.benchmark().lastIndexOf('.'));
        return anchor(cls.substring(cls.lastIndexOf('.') + 1), c.benchmark().substring(c.benchmark().lastIndexOf('.') + 1),
                c.params());
    }

    /** {@code Class.method k=v …}. */
    static String caseName(CaseProfile c) {
        String cls = c.benchmark().substring(0, c.benchmark().lastIndexOf('.'));
        return cls.substring(cls.lastIndexOf('.') + 1) + c.benchmark().substring(c.benchmark().lastIndexOf('.'))
                + c.params().entrySet().stream().map(e -> " " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining());
    }

    /** A frame as the reader scans it: {@code Class.method} without the package. */
    static String frame(String f) {
        if (f.startsWith("[") || f.endsWith("_[k]")) {
            return f;
        }
        String[] p = f.replace('/', '.').split("\\."); // async-profiler writes java/lang/Thread.run
        return p.length <= 2 ? f : p[p.length - 2] + "." + p[p.length - 1];
    }

    private static String recordings(CaseProfile.Side s) {
        String files = s.files().entrySet().stream().map(e -> "[fork " + e.getKey() + "](" + e.getValue() + ")")
                .collect(Collectors.joining(" "));
        String notes = s.notes().isEmpty() ? "" : (files.isEmpty() ? "" : "; ") + String.join("; ", s.notes());
        return files + notes;
    }

    /** {@code [flame graph](cpu) · [wall clock](…) · [allocation](…) · [locks](…)}: the graphs this side has. */
    private static String graphs(CaseProfile.Side s) {
        if (s.flame() == null) {
            return "–";
        }
        StringBuilder sb = new StringBuilder("[flame graph](" + s.flame() + ")");
        s.views().forEach((label, link) -> sb.append(" · [").append(label).append("](").append(link).append(')'));
        return sb.toString();
    }

    private static String frames(CaseProfile.Side s) {
        if (s.unreadable() != null) {
            return "profile " + s.unreadable();
        }
        if (s.frames() == null) {
            return "–";
        }
        if (s.frames().total() == 0) {
            return "no CPU samples";
        }
        return s.frames().top(TOP).stream().map(Map.Entry::getKey)
                .map(f -> frame(f) + " " + ClaimDiff.pct(s.frames().share(f))).collect(Collectors.joining(" · "));
    }
}
