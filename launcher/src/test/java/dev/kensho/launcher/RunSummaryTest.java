package dev.kensho.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The closing summary: how the run ended, the verdict counts, the claims as far as they fit, the report's path. */
class RunSummaryTest {

    @Test
    void countsEveryVerdictKindAndFitsInThirtyLines(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("jmh"));
        Files.writeString(dir.resolve(RunFolder.STATUS_FILE), "{\"state\":\"complete\"}");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("SINTER A=B ÷ A≠B", "18", "2", "21", "reproduced: ours 18× [16, 20] vs 21×"));
        rows.add(List.of("load DIFF ÷ NONE", "0.7", "0.3", "1.48", "not resolved here"));
        rows.add(List.of("puts with threads", "1.2", "0.1", "7", "not reproducible here: needs 64–100 threads"));
        rows.add(List.of("io-threads gain", "0.5", "0.1", "1.3", "contradicted"));
        rows.add(List.of("SUNION A≠B ÷ A=B", "1.6", "0.3", "3.34", "direction reproduced; magnitude not reproducible here"));
        rows.add(List.of("delay 160 ms speed-up", "62", "", "125", "set by the suite"));
        rows.add(List.of("592 s import", "30", "1", "592", "context"));
        for (int i = 0; i < 40; i++) {
            rows.add(List.of("claim " + i, "1", "0.1", "1", "reproduced"));
        }
        // a section as the report module renders it (sections/<id>.json; report's RenderedJsonTest holds it to these names)
        Map<String, Object> section = Map.of("id", "sets", "order", 1, "title", "Sets", "measured", true,
                "ledger", Map.of("caption", "", "headers", List.of("published claim or figure", ">ours", ">± (99.9%)", ">published", "verdict"),
                        "rows", rows), "blocks", List.of());
        Files.createDirectories(dir.resolve("sections"));
        new ObjectMapper().writeValue(dir.resolve("sections").resolve("sets.json").toFile(), section);

        List<String> lines = RunSummary.lines(RunFolder.at(dir), 3723);
        assertTrue(lines.size() <= RunSummary.MAX_LINES, lines.size() + " lines");
        assertEquals("kensho | run " + dir.getFileName() + " complete in 1:02:03", lines.get(0));
        assertEquals("kensho | verdicts: reproduced 41, direction reproduced 1, contradicted 1, not resolved 1, not reproducible 1,"
                + " set by the suite 1",
                lines.get(1));
        assertTrue(lines.stream().anyMatch(l -> l.contains("more claims in the report")), String.join("\n", lines));
        assertEquals("kensho | report " + dir.resolve("report.html"), lines.get(lines.size() - 1));
    }

    /** A check (its answer follows from the suite's own set-up) is counted apart from the findings. */
    @Test
    void checksAreCountedApartFromFindings(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("jmh"));
        Files.writeString(dir.resolve(RunFolder.STATUS_FILE), "{\"state\":\"complete\"}");
        List<List<String>> rows = List.of(
                List.of("SINTER direction", "3", "[2.5, 3.5]", "above 1", "reproduced (ours 3 …)", "check"),
                List.of("SINTER 21×", "3", "[2.5, 3.5]", "21.1", "direction reproduced; magnitude …", "finding"),
                List.of("Redis below TCP", "0.1", "[0.07, 0.14]", "below 1", "reproduced (ours 0.1 …)", "check"));
        Map<String, Object> section = Map.of("id", "sets", "order", 1, "title", "Sets", "measured", true,
                "ledger", Map.of("caption", "", "headers", List.of("published claim or figure", ">ours", ">± or interval (99.9%)",
                        ">published", "verdict", "kind"), "rows", rows), "blocks", List.of());
        Files.createDirectories(dir.resolve("sections"));
        new ObjectMapper().writeValue(dir.resolve("sections").resolve("sets.json").toFile(), section);
        assertEquals("kensho | verdicts: reproduced 0, direction reproduced 1, contradicted 0, not resolved 0, not reproducible 0,"
                + " set by the suite 0; checks (follow from the suite's set-up, not findings): reproduced 2",
                RunSummary.lines(RunFolder.at(dir), 60).get(1));
    }

    /**
     * Two rows of one figure differ only in the case at the end of the claim: each prints whole (wrapped under the claim
     * column), so no two rows of an experiment print the same text.
     */
    @Test
    void everyClaimPrintsWholeWrappedUnderItsColumn(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("jmh"));
        Files.writeString(dir.resolve(RunFolder.STATUS_FILE), "{\"state\":\"complete\"}");
        String figure = "Query 2: more meters raise rows/s (1M ≈ 10M meters) at the same threads";
        List<List<String>> rows = List.of(
                List.of(figure + " — case: threads=1", "1.1", "[0.9, 1.3]", "1.0", "not resolved here", "finding"),
                List.of(figure + " — case: threads=10", "1.6", "[1.2, 2.0]", "1.0", "reproduced", "finding"),
                List.of("short claim", "2", "[1.5, 2.5]", "2", "reproduced", "finding"));
        Map<String, Object> section = Map.of("id", "hbase-meter", "order", 1, "title", "Meters", "measured", true,
                "ledger", Map.of("caption", "", "headers", List.of("published claim or figure", ">ours", ">± or interval (99.9%)",
                        ">published", "verdict", "kind"), "rows", rows), "blocks", List.of());
        Files.createDirectories(dir.resolve("sections"));
        new ObjectMapper().writeValue(dir.resolve("sections").resolve("hbase-meter.json").toFile(), section);

        List<String> lines = RunSummary.lines(RunFolder.at(dir), 60);
        List<String> printed = new ArrayList<>(); // each claim's text as the console shows it, continuations joined
        int column = "  hbase-meter ".length();
        for (String l : lines.subList(2, lines.size() - 1)) {
            if (l.startsWith("  hbase-meter ")) {
                String text = l.substring(column);
                printed.add((text.length() > RunSummary.CLAIM_WIDTH ? text.substring(0, RunSummary.CLAIM_WIDTH) : text).strip());
            } else {
                assertTrue(l.startsWith(" ".repeat(column)) && !l.substring(column).startsWith(" "),
                        "a continuation starts under the claim column: '" + l + "'");
                printed.set(printed.size() - 1, printed.get(printed.size() - 1) + " " + l.strip());
            }
        }
        assertEquals(List.of(figure + " — case: threads=1", figure + " — case: threads=10", "short claim"), printed,
                String.join("\n", lines));
        assertTrue(lines.stream().allMatch(l -> !l.contains("…") || l.contains("more claims")), "nothing cut: " + lines);
        assertEquals(List.of("  hbase-meter short claim" + " ".repeat(RunSummary.CLAIM_WIDTH - "short claim".length())
                + " 2 [1.5, 2.5] → reproduced"), RunSummary.claim("hbase-meter", "short claim", "2 [1.5, 2.5] → reproduced"));
        assertEquals(List.of("a".repeat(48), "a".repeat(12) + " b c"), RunSummary.wrap("a".repeat(60) + " b c", 48),
                "a word wider than the column is broken at it");
    }
}
