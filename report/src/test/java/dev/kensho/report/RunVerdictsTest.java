package dev.kensho.report;

import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A verdict the pool decided while each run left it open says so; the per-run table is one row per claim and case. */
class RunVerdictsTest {

    private static final String[] HEADERS = {"published claim or figure", ">ours", ">± or interval (99.9%)", ">published",
            "verdict", "ours measured with", "published on", "source", "chart", SectionRenderer.KIND};

    private static Table ledger(String... verdictsOfAB) {
        Table t = Table.of("", HEADERS);
        t.row("scan DIFF + GZ", "0.977 x", "[0.820, 1.16] t", "1.17 x", verdictsOfAB[0], "codec=GZ ÷ codec=NONE; 2 cores", "", "", "", "finding");
        t.row("size order", "0.956 x", "[0.953, 0.960] t", "below 1", verdictsOfAB[1], "codec=GZ; 2 cores", "", "", "", "check");
        return t;
    }

    private static RunVerdicts.Run run(String name, Table t) {
        return new RunVerdicts.Run(name, Map.of("hbase-meter", t));
    }

    @Test
    void aVerdictThePoolAloneDecidedSaysSo() {
        Table pooled = ledger(Verdict.CONTRADICTED + ": …", Verdict.REPRODUCED + " (ours …)");
        List<RunVerdicts.Run> runs = List.of(run("d1", ledger(Verdict.NOT_RESOLVED + ": …", Verdict.REPRODUCED + " (ours …)")),
                run("d2", ledger(Verdict.NOT_RESOLVED + ": …", Verdict.NOT_RESOLVED + ": …")));
        Table marked = RunVerdicts.marked(pooled, "hbase-meter", runs);
        assertTrue(marked.rows().get(0).get(5).endsWith("; decided by the pool alone: each of its 2 runs, judged alone, left it"
                + " not resolved"), marked.rows().get(0).get(5));
        assertFalse(marked.rows().get(1).get(5).contains("pool alone"), "one run decided it too");
        assertTrue(RunVerdicts.marked(pooled, "hbase-meter", List.of()) == pooled, "a run of its own is left as it is");

        Rendered section = new Rendered("hbase-meter", 2, "HBase", "", "", "", true, marked, List.of());
        String md = RunVerdicts.markdown(List.of(section), runs);
        assertTrue(md.contains("| experiment | claim | case | kind | `d1` | `d2` | pooled | decided by the pool alone |"), md);
        assertTrue(md.contains("| HBase | scan DIFF + GZ | codec=GZ ÷ codec=NONE | finding | 0.977 x [0.820, 1.16] ? open |"
                + " 0.977 x [0.820, 1.16] ? open | 0.977 x [0.820, 1.16] ✗ contradicted | yes |"), md);
        assertTrue(md.contains("| HBase | size order | codec=GZ | check |"), md);
    }
}
