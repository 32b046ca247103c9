package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.shard.StartAt;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Whether N shard folders are parts of one run: every check throws a one-line {@link BadInput} before
 * {@link Merge} writes anything. Shards must be indices {@code 0 … N-1} of the same {@code N}, once each;
 * of one commit and one {@code startAt}; with the same benchmarks, params, modes, forks and iterations;
 * with clock offsets to the target within {@link StartAt#CLOCK_BOUND_MS} of each other; and with every
 * aligned measurement iteration's windows (read from the interval logs, on the target's clock)
 * overlapping by at least {@link #MIN_OVERLAP} of the longer window.
 */
final class Alignment {

    /** Aligned iterations must share at least this fraction of the longer one's window. */
    static final double MIN_OVERLAP = 0.5;

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
                    if (!"thrpt".equals(a.path("mode").asText())) {
                        refuse("mode", a.path("benchmark").asText() + " is " + a.path("mode").asText(),
                                "throughput (thrpt) benchmarks: only rates add up across shards");
                    }
                    same("iterations per fork of " + e.getKey(), first, s, shape(a), shape(b));
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

    /** Every interval log of shard 0 is in every shard, with the same forks and intervals, and lines up. */
    private static void windows(List<ShardFolder> shards) {
        ShardFolder first = shards.get(0);
        for (ShardFolder s : shards) {
            same("interval logs", first, s, first.hlogs.keySet(), s.hlogs.keySet());
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
                    if (end - start < MIN_OVERLAP * longest) {
                        refuse("windows", name + " fork " + (f + 1) + " iteration " + (i + 1) + " overlaps "
                                + Math.max(0, end - start) + " ms of " + longest + " ms across shards",
                                "shards started together (-Dkensho.startAt) whose aligned iterations overlap by ≥ "
                                        + Math.round(MIN_OVERLAP * 100) + "%");
                    }
                }
            }
        }
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
