package dev.kensho.report;

import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ledger as read: four columns a row (claim, ours with its interval, published, the verdict as a word), the
 * reason and the rest one click away in HTML and on a numbered line in Markdown; every cell of the data kept.
 */
class LedgerViewTest {

    private static Table ledger() {
        return Table.of("", "published claim or figure", ">ours", ">± or interval (99.9%)", ">published", "verdict",
                        "ours measured with", "published on", "source", "chart")
                .row("SINTER: A=B takes far longer than A≠B", "2.47 x", "[2.01, 3.04] pooled fork spread (t, 6 df over 6 cases)",
                        "21.10 x", "direction reproduced; magnitude not reproducible here: redis-cli writing the reply (ours 2.47"
                                + " [2.01, 3.04] vs 21.10)", "op=SINTER overlap=1 ÷ overlap=0; rests on 2 runs pooled",
                        "|A| = 10M", "000.txt, set operation table", "[sets-algebra-ratio](#sets-algebra-ratio)")
                .row("bulk import", "653,253 records/s", "64,257 (unresolved: ±10%)", "169,000 records/s",
                        "context (no verdict)", "client=REDIS_CLI", "ElastiCache", "000.txt, import", "")
                .row("small messages flat", "1.39 x", "[0.912, 2.13] pooled fork spread (t, 18 df over 18 cases)",
                        "shape: 0.500 … 2.00 x", "not resolved here: our interval straddles the claim's edge 2.00 (ours 1.39"
                                + " [0.912, 2.13] vs shape: 0.500 … 2.00 x); resolve: ≈ 9 forks per side (this run: 4) at this spread",
                        "size=4096 ÷ size=16", "their box", "003.txt", "")
                .row("SDIFF ratio", "2.06 x", "– (no interval)", "50.60 x", "not resolved here: no interval (one sample) (ours 2.06"
                        + " vs 50.60); resolve: two forks or more per side", "op=SDIFF", "their box", "000.txt", "");
    }

    @Test
    void markdownLeadsWithTheClaimAndPutsTheReasonOnANumberedLineBelow() {
        String md = LedgerView.markdown(ledger());
        assertTrue(md.startsWith("| # | claim | ours (99.9% interval) | published | verdict |\n|---:|---|---:|---:|---|\n"), md);
        assertTrue(md.contains("| 1 | SINTER: A=B takes far longer than A≠B | 2.47 x [2.01, 3.04] | 21.10 x | ✓ direction |\n"), md);
        assertTrue(md.contains("| 2 | bulk import | 653,253 ± 64,257 records/s | 169,000 records/s | · context |\n"), md);
        assertTrue(md.contains("| 3 | small messages flat | 1.39 x [0.912, 2.13] | shape: 0.500 … 2.00 x | ? open |\n"), md);
        assertTrue(md.contains("\n1. **direction reproduced; magnitude not reproducible here: redis-cli writing the reply (ours 2.47"
                + " [2.01, 3.04] vs 21.10)**. Interval: pooled fork spread (t, 6 df over 6 cases). Ours: op=SINTER overlap=1 ÷"
                + " overlap=0; rests on 2 runs pooled. Published on: |A| = 10M; source: 000.txt, set operation table. Chart:"
                + " [sets-algebra-ratio](#sets-algebra-ratio).\n"), md);
        assertTrue(md.contains("\n3. **not resolved here: our interval straddles the claim's edge 2.00"), md);
        assertTrue(md.contains("| 4 | SDIFF ratio | 2.06 x | 50.60 x | ? open |"), "a missing interval is not printed as ± –: " + md);
        assertTrue(md.contains("per side**. No interval (one sample). Ours: op=SDIFF."), md);
        assertTrue(md.contains("resolve: ≈ 9 forks per side (this run: 4) at this spread**"), "the remedy is on its line: " + md);
        for (String line : md.split("\n")) {
            if (line.startsWith("|")) {
                assertEquals(7, line.split("(?<!\\\\)\\|", -1).length, "five columns: " + line);
            }
        }
    }

    @Test
    void htmlHidesTheReasonUnderTheClaimAndShowsTheVerdictAsAMarkedWord() {
        String html = LedgerView.html(ledger());
        assertTrue(html.contains("<tr class=\"ok\"><td class=\"n\">1</td><td><details><summary>SINTER: A=B takes far longer than"
                + " A≠B</summary><div class=\"why\"><b>direction reproduced; magnitude not reproducible here"), html);
        assertTrue(html.contains("<td class=\"n\"><span class=\"nw\">2.47 x</span> <span class=\"nw\">[2.01, 3.04]</span></td>"
                + "<td class=\"n\"><span class=\"nw\">21.10 x</span></td><td class=\"v\">✓ direction</td>"),
                "a narrow window wraps a number cell between the value and its interval, never inside either: " + html);
        assertTrue(html.contains("<span class=\"nw\">shape: 0.500 … 2.00 x</span>"), html);
        assertEquals(java.util.List.of(), HtmlLayout.problems(html), "in its scrolling box, numbers in the number columns");
        assertTrue(html.contains("<tr class=\"open\">") && html.contains("<td class=\"v\">? open</td>"), html);
        assertTrue(html.contains("<a href=\"#sets-algebra-ratio\">sets-algebra-ratio</a>"), "the chart link is in the details");
        assertEquals(5, html.split("<tr", -1).length - 1, "a header and four rows, no second row per claim");
        assertFalse(html.contains("<th>ours measured with</th>"), "the parameters are not a column");
    }

    @Test
    void aNumberCellWrapsOnlyBetweenItsParts() {
        assertEquals("<span class=\"nw\">21.10 x;</span> <span class=\"nw\">range 10.55–42.20 (ratio×2)</span>",
                LedgerView.together("21.10 x; range 10.55–42.20 (ratio×2)"));
        assertEquals("<span class=\"nw\">1.2 x,</span> <span class=\"nw\">unbounded</span>", LedgerView.together("1.2 x, unbounded"));
        assertEquals("<span class=\"nw\">&lt;1 s</span>", LedgerView.together("<1 s"));
    }

    @Test
    void everyVerdictKindHasItsWord() {
        assertEquals("✓ reproduced", LedgerView.word("reproduced (ours 1 [0.9, 1.1] vs 1)"));
        assertEquals("✓ direction", LedgerView.word(Verdict.DIRECTION + "; magnitude …"));
        assertEquals("✗ contradicted", LedgerView.word("contradicted: opposite direction"));
        assertEquals("? open", LedgerView.word(Verdict.NOT_RESOLVED + ": …"));
        assertEquals("⊘ out of reach", LedgerView.word(Verdict.NOT_REPRODUCIBLE + ": needs ≥ 4 cores"));
        assertEquals("· context", LedgerView.word(Verdict.CONTEXT));
        assertEquals("– unmeasured", LedgerView.word(Verdict.NOT_MEASURED));
        assertEquals("⚙ set", LedgerView.word(Verdict.SET_BY_SUITE));
    }
}
