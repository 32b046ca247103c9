package dev.kensho.report.profile;

import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run folder with profiles.jsonl as the forks write it: a readable recording shows its top frames and a flame graph,
 * a broken one marks its case unreadable (and nothing fails), and a claim whose two sides were profiled gets the frames
 * whose share moved most, with known shares.
 */
class ProfilePartTest {

    private static final String BENCH = "dev.kensho.redis.sets.SetAlgebraBenchmark.sinter";

    private static String line(String layout, int fork, String side, String kind, String file, long ops) {
        return "{\"benchmark\":\"" + BENCH + "\",\"params\":{\"layout\":\"" + layout + "\"},\"fork\":" + fork + ",\"settings\":\"profile\","
                + "\"ops\":" + ops + ",\"seconds\":1.5,\"side\":\"" + side + "\",\"kind\":\"" + kind + "\",\"what\":\"x (pid 1)\","
                + "\"file\":\"" + file + "\"}\n";
    }

    @Test
    void readableAndUnreadableCases(@TempDir Path run) throws Exception {
        Path good = Files.createDirectories(run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=EQUAL"));
        long calls = Workload.record(good.resolve("client-fork1.jfr"), 1200);
        Path bad = Files.createDirectories(run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=DISJOINT"));
        Files.writeString(bad.resolve("client-fork1.jfr"), "truncated");
        Files.writeString(run.resolve("profiles.jsonl"),
                line("EQUAL", 1, "client", "jfr", "jfr/SetAlgebraBenchmark/sinter,layout=EQUAL/client-fork1.jfr", calls)
                        + line("DISJOINT", 1, "client", "jfr", "jfr/SetAlgebraBenchmark/sinter,layout=DISJOINT/client-fork1.jfr", 10),
                StandardCharsets.UTF_8);
        ProfilePart.Part part = ProfilePart.of(run);
        Grid cases = part.grids().get(0);
        assertEquals(2, cases.rows().size());
        List<String> eq = cases.rows().get(0);
        assertTrue(eq.get(0).equals("SetAlgebraBenchmark.sinter layout=EQUAL"), eq.toString());
        assertTrue(eq.get(2).contains("[fork 1](jfr/SetAlgebraBenchmark/sinter,layout=EQUAL/client-fork1.jfr)"), eq.get(2));
        assertTrue(eq.get(3).startsWith("[flame graph](jfr/SetAlgebraBenchmark/sinter,layout=EQUAL/flame-client.html)"), eq.get(3));
        assertTrue(Files.readString(good.resolve("flame-client.html")).contains("spinHotLoop"), "the flame graph draws the hot method");
        // the other views of a JFR side sit beside its CPU graph, each where the recording has its events
        assertTrue(eq.get(3).matches("\\[flame graph]\\([^)]*\\)( · \\[(wall clock|allocation|locks)]\\([^)]*-(wall|alloc|lock)\\.html\\))*"), eq.get(3));
        assertTrue(eq.get(4).startsWith("Workload.spinHotLoop "), "top frames: " + eq.get(4));
        double bytesPerOp = Double.parseDouble(eq.get(5).replace(",", ""));
        assertTrue(bytesPerOp >= Workload.BYTES_PER_CALL, "B/op " + eq.get(5) + " (each op allocated " + Workload.BYTES_PER_CALL + ")");
        List<String> broken = cases.rows().get(1);
        assertTrue(broken.get(4).startsWith("profile unreadable: "), broken.toString());
        assertEquals("–", broken.get(5));
    }

    @Test
    void jmhsAsyncProfilerIsReadFromItsCollapsedStacksAndLinksEachForksGraph(@TempDir Path run) throws Exception {
        String dir = "jfr/SetAlgebraBenchmark/sinter,layout=EQUAL";
        for (int fork = 1; fork <= 2; fork++) {
            Path f = Files.createDirectories(run.resolve(dir).resolve("async-fork" + fork));
            // async-profiler's collapsed stacks: Java frames with slashes, kernel frames marked _[k]
            Files.writeString(f.resolve("collapsed-cpu.csv"), "java/lang/Thread.run;dev/kensho/Sets.sinter 30\n"
                    + "java/lang/Thread.run;write_[k] 10\n");
            Files.writeString(f.resolve("flame-cpu-forward.html"), "<html/>");
            Files.writeString(f.resolve("flame-cpu-reverse.html"), "<html/>");
        }
        Files.writeString(run.resolve("profiles.jsonl"),
                line("EQUAL", 1, "client", "async", dir + "/async-fork1/collapsed-cpu.csv", 100)
                        + line("EQUAL", 2, "client", "async", dir + "/async-fork2/collapsed-cpu.csv", 100));
        List<String> row = ProfilePart.of(run).grids().get(0).rows().get(0);
        assertEquals("benchmark JVM (JMH -prof async)", row.get(1));
        assertEquals("[fork 1](" + dir + "/async-fork1/flame-cpu-forward.html) [fork 2](" + dir
                + "/async-fork2/flame-cpu-forward.html)", row.get(2), "each fork links JMH's own graph of it");
        assertEquals("[flame graph](" + dir + "/flame-prof-async.html)", row.get(3), "the forks joined in one graph");
        assertEquals("Sets.sinter 75.0% · write_[k] 25.0%", row.get(4), "both forks' samples, frames as the reader scans them");
    }

    @Test
    void aClaimsTwoProfiledSidesShowWhereTheSharesMoved(@TempDir Path run) throws Exception {
        // perf's collapsed stacks, as redis-server's side is kept: known leaf frames, known shares
        Path a = Files.createDirectories(run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=EQUAL"));
        Path b = Files.createDirectories(run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=DISJOINT"));
        Files.writeString(a.resolve("redis-server-fork1.collapsed"), "main;sinterCommand;dictFind 80\nmain;epoll_wait_[k] 20\n");
        Files.writeString(b.resolve("redis-server-fork1.collapsed"), "main;sinterCommand;dictFind 10\nmain;epoll_wait_[k] 90\n");
        Files.writeString(run.resolve("profiles.jsonl"),
                line("EQUAL", 1, "server", "perf", "jfr/SetAlgebraBenchmark/sinter,layout=EQUAL/redis-server-fork1.collapsed", 100)
                        + line("DISJOINT", 1, "server", "perf", "jfr/SetAlgebraBenchmark/sinter,layout=DISJOINT/redis-server-fork1.collapsed", 100));
        Results.Row ratio = new Results.Row("redis-sets", "SetAlgebraBenchmark", "sinter",
                Map.of("layout", "EQUAL", "over", "layout=DISJOINT"), "sinter A=B / A≠B", 21, 1, "x", 3, "derived");
        Results.Row notProfiled = new Results.Row("redis-sets", "SetAlgebraBenchmark", "sunion",
                Map.of("layout", "EQUAL", "over", "layout=DISJOINT"), "sunion", 3, 1, "x", 3, "derived");
        ClaimSides.save(run, "redis-sets", List.of(Map.entry("SINTER: A=B takes far longer", ratio),
                Map.entry("SUNION", notProfiled)));
        ProfilePart.Part part = ProfilePart.of(run);
        assertEquals(2, part.grids().size(), "the cases, then one claim's table (the other claim's sides have no profile)");
        Grid diff = part.grids().get(1);
        assertTrue(diff.caption().contains("SINTER: A=B takes far longer"), diff.caption());
        assertEquals(List.of("dictFind", "80.0%", "10.0%", "+70.0 pp"), diff.rows().get(0).subList(0, 4));
        assertEquals(List.of("epoll_wait_[k]", "20.0%", "90.0%", "-70.0 pp"), diff.rows().get(1).subList(0, 4));
        String graph = "jfr/SetAlgebraBenchmark/sinter,layout=EQUAL/diff-perf-over-layout=DISJOINT.svg";
        assertTrue(diff.caption().contains("[differential flame graph](" + graph + ")"), diff.caption());
        String svg = Files.readString(run.resolve(graph));
        // the frame whose share grew most is the deepest red, the one that shrank most the deepest blue
        assertTrue(svg.contains("<title>dictFind — numerator 80.0%, denominator 10.0%, change +70.0 pp</title><rect")
                && svg.matches("(?s).*<title>dictFind .*?fill=\"rgb\\(255,0,0\\)\".*"), svg);
        assertTrue(svg.matches("(?s).*<title>epoll_wait_\\[k] .*?fill=\"rgb\\(0,0,255\\)\".*"), svg);
    }

    @Test
    void aServerBinaryWithoutFunctionNamesIsSaidBesideItsRecording(@TempDir Path run) throws Exception {
        String dir = "jfr/SetAlgebraBenchmark/sinter,layout=EQUAL";
        Files.writeString(Files.createDirectories(run.resolve(dir)).resolve("redis-server-fork1.collapsed"), "[redis-server] 50\n");
        String note = "redis-server is /tmp/redis-server, a binary that names 0 functions: its flame graph shows its own"
                + " frames as one [redis-server] box; install one with symbols";
        Files.writeString(run.resolve("profiles.jsonl"), line("EQUAL", 1, "server", "perf", dir + "/redis-server-fork1.collapsed", 100)
                .replace("}\n", ",\"note\":\"" + note + "\"}\n"));
        List<String> row = ProfilePart.of(run).grids().get(0).rows().get(0);
        assertEquals("[fork 1](" + dir + "/redis-server-fork1.collapsed); " + note, row.get(2));
        assertEquals("[flame graph](" + dir + "/flame-perf.html)", row.get(3), "perf's graph is CPU only: no other views");
    }

    @Test
    void aCasesAnchorIsItsNameWithOnlyLinkSafeCharacters() {
        assertEquals("profile-SetAlgebraBenchmark.sinter-layout-EQUAL-members-1000",
                ProfilePart.anchor("SetAlgebraBenchmark", "sinter", Map.of("members", "1000", "layout", "EQUAL")));
    }

    @Test
    void aRunWithoutProfilesHasNoPart(@TempDir Path run) {
        assertTrue(ProfilePart.of(run).isEmpty());
        ClaimSides.save(run, "redis-sets", List.of());
        assertTrue(Files.notExists(run.resolve(ClaimSides.DIR)), "a plain run gets no claim files");
    }
}
