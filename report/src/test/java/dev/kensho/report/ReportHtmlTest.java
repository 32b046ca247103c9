package dev.kensho.report;

import dev.kensho.common.export.RunFolder;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report page reads at any window width ({@link HtmlLayout}): the rendered report keeps the rules, and each rule
 * is shown to find the defect it is for — a table outside its scrolling box, Markdown emphasis left as asterisks, a
 * sentence in a number column.
 */
class ReportHtmlTest {

    @Test
    void theRenderedReportKeepsEveryLayoutRule(@TempDir Path tmp) throws IOException {
        Path run = ReportTest.fixture(tmp.resolve("fixture-run"));
        RunFolder.at(run).export();
        String html = Files.readString(run.resolve("report.html"));
        assertTrue(html.contains("<table"), "the fixture's report has tables to check");
        assertEquals(List.of(), HtmlLayout.problems(html));
        assertEquals(List.of(), HtmlLayout.danglingLinks(html), "every #anchor lands on an id of the page");
        assertEquals(List.of(), HtmlLayout.danglingLinks(Files.readString(run.resolve("report.md"))));
        assertTrue(html.contains("<meta name=\"viewport\""), "a phone's browser lays it out at its own width");
        Matcher href = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        while (href.find()) {
            assertTrue(href.group(1).startsWith("#") || Docs.REPORT_FILES.contains(href.group(1)),
                    "a link that breaks once report.html is copied with the files Docs copies: " + href.group(1));
        }
    }

    @Test
    void aTableOutsideItsScrollingBoxIsFound() {
        List<String> p = HtmlLayout.problems("<p>x</p><table><tr><td>1</td></tr></table>");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("a table outside its scrolling box"), p.get(0));
        assertEquals(List.of(), HtmlLayout.problems(Table.of("", "a", ">b").row("x", "1").html()));
    }

    @Test
    void emphasisIsRenderedAndAnAsteriskLeftIsFound() {
        String cell = Html.inline("C = F + h·320 ms: per-call cost (ms) — *set by the suite*");
        assertTrue(cell.endsWith("— <i>set by the suite</i>"), cell);
        assertEquals("a regex .* and 2*3*4 stay as written", Html.inline("a regex .* and 2*3*4 stay as written"));
        assertEquals("<b>bold</b> and <i>this</i>", Html.inline("**bold** and *this*"));
        List<String> p = HtmlLayout.problems("<p>per-call cost — *set by the suite*</p>");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("Markdown emphasis left as asterisks"), p.get(0));
        assertEquals(List.of(), HtmlLayout.problems("<p>" + cell + "</p><p>a regex .* in <code>*.java</code></p>"));
    }

    @Test
    void aSentenceInANumberColumnIsFound() {
        Table t = Table.of("", "quantity", ">ours", ">published")
                .row("speed-up at 320 ms", "482.2 ± 11.39", "124.8")
                .row("verdict", Verdict.SET_BY_SUITE + "; the speed-up is set by C / b, 500·(C/b + 1) / (C/b + 500): ours 4.94"
                        + " vs the write-up's 165.0; b is measured (emulator, SDK, this machine)", "");
        List<String> p = HtmlLayout.problems(t.html());
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("prose in a number column"), p.get(0));
        for (String n : List.of("1.06 x [0.913, 1.22]", "21.10 x; range 10.55–42.20 (ratio×2)", "not measured",
                "679,955 records/s [616,700, 743,210]", "shape: 0.500 … 2.00 x", "above 1 (direction)", "–", "5, 0.998")) {
            assertTrue(HtmlLayout.number(n), n);
        }
        assertFalse(HtmlLayout.number("none: the sweep (0, 40, 160 ms) does not contain it"));
    }
}
