package dev.kensho.report;

import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An experiment page stays readable however large its ledger: the page's block holds every finding with its verdict,
 * numbered as on the run page, and one link to that run page; each row's reason, and the context, set, check and
 * unmeasured rows, are on the run page only. The fixture is a ledger the size of HBase's (40 findings with long
 * reasons, 20 other rows), whose whole rendering is past the page's budget.
 */
class DocsPageSizeTest {

    /** The most characters an experiment page's generated block may take. */
    static final int PAGE_BLOCK_CHARS = 35_000;

    private static final String REASON = "our interval holds 1, so the direction is open (ours 1.00 [0.451, 2.22] vs above 1"
            + " (write-up)); resolve: none at this spread — ours sits on 1.00, so no number of rounds moves the interval off"
            + " it; explained by the region server's CPU seconds per million rows: 1.27 [1.08, 1.48] (not judged)";

    private static Table ledger() {
        Table t = Table.of("", "published claim or figure", ">ours", ">± or interval (99.9%)", ">published", "verdict",
                "ours measured with", "published on", "source", "chart", SectionRenderer.KIND, SectionRenderer.PROFILES);
        for (int i = 0; i < 40; i++) {
            t.row("Query " + i + ": more meters raise rows/s (the largest fleet ÷ the smallest) — case: threads=" + i, "1.00 x",
                    "[0.451, 2.22] Fieller", "above 1 (write-up)", Verdict.NOT_RESOLVED + ": " + REASON,
                    "meters=10000 threads=" + i + " ÷ meters=1000; 2 cores shared by client and server; rests on 5"
                            + " interleaved rounds of one run; " + REASON, "10M meters, 400 regions",
                    "write-up 2 (Ito; Think IT; 2017), Query 2", "[meter-q2](#meter-q2)", "finding", "");
        }
        for (int i = 0; i < 20; i++) {
            String kind = i % 4 == 0 ? "check" : i % 4 == 1 ? "set" : "context";
            String verdict = kind.equals("context") ? Verdict.CONTEXT : kind.equals("set") ? Verdict.SET_BY_SUITE
                    : Verdict.REPRODUCED + " (ours 3.00 [2.50, 3.50] vs above 1)";
            t.row("Other figure " + i + " of kind " + kind, "3.00 x", "[2.50, 3.50] JMH", "1,002 records/s", verdict,
                    "threads=1; " + REASON, "10M meters", "write-up 2", "", kind, "");
        }
        t.row("Query 2: 1M and 10M meters give about the same rows/s", Verdict.NOT_MEASURED, "", "1.00 x",
                Verdict.NOT_MEASURED + ": 480M rows at 10M meters", "", "86.4G-row table", "write-up 2", "", "finding", "");
        return t;
    }

    @Test
    void thePageHoldsEveryFindingAndOneLinkTheRunPageTheWholeLedger(@TempDir Path tmp) throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run-1"));
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Files.writeString(docs.resolve("big.md"), "# big\n\nmethod text\n");
        Table ledger = ledger();
        Rendered big = new Rendered("big", 1, "Big", "write-up 2", "Does it scale?", "docs/big.md", true, ledger, List.of());
        assertTrue(LedgerView.markdown(ledger).length() > PAGE_BLOCK_CHARS, "the whole ledger is past the page's budget");

        Docs.publish(run, List.of(big), docs);
        String page = Files.readString(docs.resolve("big.md"));
        String block = page.substring(page.indexOf(Docs.START), page.indexOf(Docs.END) + Docs.END.length());
        assertTrue(block.length() <= PAGE_BLOCK_CHARS, block.length() + " characters");
        for (int i = 0; i < 40; i++) {
            assertTrue(block.contains("| " + (i + 1) + " | " + ledger.rows().get(i).get(0) + " | 1.00 x [0.451, 2.22] |"
                    + " above 1 (write-up) | ? open |\n"), "finding " + (i + 1) + " on the page, numbered as on the run page");
        }
        assertFalse(block.contains("Other figure") || block.contains("1M and 10M") || block.contains(REASON),
                "context, set, check and unmeasured rows and the reasons are on the run page");
        assertEquals(List.of("runs/run-1/big.md"), Pattern.compile("\\]\\(([^)]*)\\)").matcher(block).results()
                .map(m -> m.group(1)).toList(), "one link, to the run page");
        assertTrue(block.contains("the ledger's other 21 rows"), block);

        String whole = Files.readString(docs.resolve("runs/run-1/big.md"));
        for (List<String> r : ledger.rows()) {
            assertTrue(whole.contains(" | " + r.get(0) + " | "), "the run page holds every row: " + r.get(0));
        }
        assertTrue(whole.contains(REASON), "and each row's reason");
    }
}
