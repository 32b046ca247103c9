package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.shard.Windows;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether N shard folders are parts of one run: every check throws a one-line {@link BadInput} before
 * {@link Merge} writes anything. Shards must be indices {@code 0 … N-1} of the same {@code N}, once each;
 * of one commit and one {@code startAt}; with the same benchmarks, params, modes, forks and iterations;
 * with clock offsets to the target within {@link StartAt#CLOCK_BOUND_MS} of each other; and with every
 * aligned measurement iteration's windows (read from the interval logs, or the windows a benchmark without logs
 * records, on the target's clock) overlapping by at least {@link #MIN_OVERLAP} of the longer window.
 */
final class Alignment {

    /** Aligned iterations must share at least this fraction of the longer one's window. */
    static final double MIN_OVERLAP = 0.5;
    /** JMH modes whose shards add up: rates (thrpt), and times with their work (avgt, ss; see {@link Sums}). */
    static final Set<String> MODES = Set.of("thrpt", "avgt", "ss");

    private Alignment() {
    }

    static void check(List<ShardFolder> shards) {
        int n = shards.size();
        ShardFolder first = shards.get(0);
        TreeSet<Integer> seen = new TreeSet<>();
        for (ShardFolder s : shards) {
            if (s.count != n) {
                refuse("shard count", s + " is one of " + s.count + " shards, but " + n + " folders were given",
                        "all " + s.count + " shards of one run, each once");
            }
            if (!seen.add(s.index)) {
                refuse("shard index", s.index + " appears twice (" + s.dir.getFileName() + ")", "each of 0 … " + (n - 1) + " once");
            }
        }
        for (ShardFolder s : shards) {
            same("commit", first, s, first.commit, s.commit);
            if (s.commit == null) {
                refuse("commit", s + " has none recorded", "shards of one known commit");
            }
            same("startAt", first, s, first.startAt, s.startAt);
            same("benchmark classes", first, s, first.jmh.keySet(), s.jmh.keySet());
            for (String cls : first.jmh.keySet()) {
                same("benchmarks and params of " + cls, first, s, first.jmh.get(cls).keySet(), s.jmh.get(cls).keySet());
                for (Map.Entry<String, JsonNode> e : first.jmh.get(cls).entrySet()) {
                    JsonNode a = e.getValue();
                    JsonNode b = s.jmh.get(cls).get(e.getKey());
                    if (!MODES.contains(a.path("mode").asText())) {
                        refuse("mode", a.path("benchmark").asText() + " is " + a.path("mode").asText(),
                                "thrpt, avgt or ss benchmarks: rates (or work over time) add up across shards");
                    }
                    same("iterations per fork of " + e.getKey(), first, s, shape(a), shape(b));
                    same("counters of " + e.getKey(), first, s, counters(a), counters(b));
                }
            }
        }
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (ShardFolder s : shards) {
            if (s.offsetMicros == null) {
                refuse("clock offset", s + " recorded none (" + StartAt.FILE + ")",
                        "shards whose benchmark measured its clock against the target (StartAt.beginTrial)");
            }
            lo = Math.min(lo, s.offsetMicros);
            hi = Math.max(hi, s.offsetMicros);
        }
        if (hi - lo > StartAt.CLOCK_BOUND_MS * 1000) {
            refuse("clock offset", "the shards' clocks differ by " + (hi - lo) / 1000 + " ms",
                    "at most " + StartAt.CLOCK_BOUND_MS + " ms (synchronise the machines' clocks, e.g. with NTP)");
        }
        windows(shards);
    }

    /**
     * Every interval log of shard 0 is in every shard, with the same forks and intervals, and lines up; so do the
     * windows benchmarks without logs record ({@link Windows}). A shard with neither cannot be lined up.
     */
    private static void windows(List<ShardFolder> shards) {
        ShardFolder first = shards.get(0);
        for (ShardFolder s : shards) {
            same("interval logs", first, s, first.hlogs.keySet(), s.hlogs.keySet());
            same("iteration windows", first, s, first.windows.keySet(), s.windows.keySet());
        }
        if (first.hlogs.isEmpty() && first.windows.isEmpty()) {
            refuse("windows", first + " recorded no interval logs and no iteration windows (" + Windows.FILE + ")",
                    "shards of a sharded benchmark (docs/sharding.md lists them), whose windows can be lined up");
        }
        for (String key : first.windows.keySet()) {
            List<List<long[]>> forks = first.windows.get(key);
            for (ShardFolder s : shards) {
                same("iteration windows per fork of " + key, first, s, forks.stream().map(List::size).toList(),
                        s.windows.get(key).stream().map(List::size).toList());
            }
            for (int f = 0; f < forks.size(); f++) {
                for (int i = 0; i < forks.get(f).size(); i++) {
                    long start = Long.MIN_VALUE;
                    long end = Long.MAX_VALUE;
                    long longest = 0;
                    for (ShardFolder s : shards) {
                        if (s.idle.contains(key)) {
                            continue; // it sat the case out: its iterations did nothing
                        }
                        long[] w = s.windows.get(key).get(f).get(i);
                        start = Math.max(start, w[0] + s.offsetMicros); // onto the target's clock
                        end = Math.min(end, w[1] + s.offsetMicros);
                        longest = Math.max(longest, w[1] - w[0]);
                    }
                    overlap(key, f, i, (end - start) / 1000, longest / 1000);
                }
            }
        }
        for (String name : first.hlogs.keySet()) {
            List<List<Histogram>> forks = first.hlogs.get(name);
            for (ShardFolder s : shards) {
                same("intervals per fork of " + name, first, s, forks.stream().map(List::size).toList(),
                        s.hlogs.get(name).stream().map(List::size).toList());
            }
            for (int f = 0; f < forks.size(); f++) {
                for (int i = 0; i < forks.get(f).size(); i++) {
                    long start = Long.MIN_VALUE;
                    long end = Long.MAX_VALUE;
                    long longest = 0;
                    for (ShardFolder s : shards) {
                        Histogram h = s.hlogs.get(name).get(f).get(i);
                        long shift = s.offsetMicros / 1000; // onto the target's clock
                        start = Math.max(start, h.getStartTimeStamp() + shift);
                        end = Math.min(end, h.getEndTimeStamp() + shift);
                        longest = Math.max(longest, h.getEndTimeStamp() - h.getStartTimeStamp());
                    }
                    overlap(name, f, i, end - start, longest);
                }
            }
        }
    }

    /** Refuses an aligned iteration whose windows share less than {@link #MIN_OVERLAP} of the longest (ms). */
    private static void overlap(String name, int f, int i, long sharedMs, long longestMs) {
        if (sharedMs < MIN_OVERLAP * longestMs) {
            refuse("windows", name + " fork " + (f + 1) + " iteration " + (i + 1) + " overlaps "
                    + Math.max(0, sharedMs) + " ms of " + longestMs + " ms across shards",
                    "shards started together (-Dkensho.startAt) whose aligned iterations overlap by ≥ "
                            + Math.round(MIN_OVERLAP * 100) + "%");
        }
    }

    /** The additive secondary counters of a case ({@link CaseSums#additive}), which {@link Sums} adds over shards. */
    private static List<String> counters(JsonNode bench) {
        List<String> out = new ArrayList<>();
        bench.path("secondaryMetrics").fields().forEachRemaining(e -> {
            if (CaseSums.additive(e.getKey(), e.getValue())) {
                List<Integer> sizes = new ArrayList<>();
                e.getValue().path("rawData").forEach(f -> sizes.add(f.size()));
                out.add(e.getKey() + sizes);
            }
        });
        return out;
    }

    private static List<Integer> shape(JsonNode bench) {
        List<Integer> out = new ArrayList<>();
        bench.path("primaryMetric").path("rawData").forEach(f -> out.add(f.size()));
        return out;
    }

    private static void same(String what, ShardFolder a, ShardFolder b, Object va, Object vb) {
        if (!Objects.equals(va, vb)) {
            refuse(what, a + " has " + va + ", " + b + " has " + vb, "the same in every shard");
        }
    }

    private static void refuse(String what, String found, String allowed) {
        throw new BadInput("merge refused: " + what + ": " + found + "; allowed: " + allowed);
    }
}
