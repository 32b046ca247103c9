package dev.kensho.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import dev.kensho.report.profile.ProfilePart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A profiled run's ledger row links to the profiles of the cases its interval comes from — both sides of a ratio —
 * and every such link lands on a row of the profile part, in report.html and report.md; a plain run's rows link to
 * none. The section is {@link SectionRendererTest.TestSection}'s "A ÷ B" claim, its two cases profiled as perf's
 * collapsed stacks (no JFR needed).
 */
class ProfileLinksTest {

    private static final Path ENV = Path.of("env.json");
    private static final String A = ProfilePart.anchor("FooBenchmark", "run", Map.of("size", "16", "transport", "A"));
    private static final String B = ProfilePart.anchor("FooBenchmark", "run", Map.of("size", "16", "transport", "B"));

    private static Results.Row row(String transport, double score) {
        return new Results.Row("x-y", "FooBenchmark", "run", Map.of("size", "16", "transport", transport), "thrpt",
                score, score / 20, "ops/s", 5, "jmh");
    }

    /** A run folder whose x-y section is rendered; with {@code profiled}, both of the claim's cases carry a profile. */
    private static Path run(Path dir, boolean profiled) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(ENV), "{\"host\":{\"cores\":2}}");
        if (profiled) {
            StringBuilder index = new StringBuilder();
            for (String t : List.of("A", "B")) {
                String folder = "jfr/FooBenchmark/run,size=16,transport=" + t;
                Files.writeString(Files.createDirectories(dir.resolve(folder)).resolve("server-fork1.collapsed"),
                        "main;serve;parse 60\nmain;epoll_wait_[k] 40\n");
                index.append("{\"benchmark\":\"dev.kensho.x.FooBenchmark.run\",\"params\":{\"size\":\"16\",\"transport\":\"")
                        .append(t).append("\"},\"fork\":1,\"settings\":\"profile\",\"ops\":100,\"seconds\":1.5,\"side\":\"server\","
                                + "\"kind\":\"perf\",\"what\":\"x (pid 1)\",\"file\":\"").append(folder).append("/server-fork1.collapsed\"}\n");
            }
            Files.writeString(dir.resolve("profiles.jsonl"), index);
        }
        SectionRenderer.render(new SectionRendererTest.TestSection(), dir, List.of(row("B", 100), row("A", 200)), List.of(),
                new ObjectMapper().readTree(dir.resolve(ENV).toFile())).save(dir);
        Report.render(dir, List.of());
        return dir;
    }

    @Test
    void aProfiledRatioRowLinksBothSidesAndEveryLinkLands(@TempDir Path tmp) throws IOException {
        Path run = run(tmp.resolve("profiled"), true);
        String html = Files.readString(run.resolve("report.html"));
        String md = Files.readString(run.resolve("report.md"));
        assertEquals(List.of(), HtmlLayout.danglingLinks(html));
        assertEquals(List.of(), HtmlLayout.danglingLinks(md));
        assertEquals(List.of(), HtmlLayout.problems(html));
        assertTrue(html.contains("<tr id=\"" + A + "\">") && html.contains("<tr id=\"" + B + "\">"),
                "each profiled case's row carries its anchor: " + html);
        String claim = html.substring(html.indexOf("<summary>A ÷ B</summary>"));
        claim = claim.substring(0, claim.indexOf("</td>"));
        assertTrue(claim.contains("Profiles: <a href=\"#" + A + "\">numerator</a> ÷ <a href=\"#" + B + "\">denominator</a>"), claim);
        assertTrue(md.contains("Profiles: [numerator](#" + A + ") ÷ [denominator](#" + B + ")."), md);
        assertTrue(md.contains("| <a id=\"" + A + "\"></a>FooBenchmark.run size=16 transport=A |"), md);
    }

    @Test
    void aPlainRunsRowsLinkNoProfile(@TempDir Path tmp) throws IOException {
        Path run = run(tmp.resolve("plain"), false);
        String html = Files.readString(run.resolve("report.html"));
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(html.contains("<summary>A ÷ B</summary>"), html);
        assertFalse(html.contains("#profile-") || md.contains("#profile-") || html.contains("Profiles:"), html);
        assertEquals(List.of(), HtmlLayout.danglingLinks(html));
        assertEquals(List.of(), HtmlLayout.danglingLinks(md));
    }

    @Test
    void aRowNamingAProfileThePageLacksIsNotLinked() {
        Table ledger = SectionRenderer.ledger(new SectionRendererTest.TestSection(),
                new SectionRendererTest.TestSection().published(), List.of(row("A", 200)), new ObjectMapper().createObjectNode(),
                List.of(), new ObjectMapper().createObjectNode());
        LedgerView.Columns c = new LedgerView.Columns(ledger.headers());
        List<String> r = new java.util.ArrayList<>(ledger.rows().get(0));
        r.set(c.profiles(), A + " ÷ " + B);
        assertEquals("Profiles: [numerator](#" + A + ") ÷ denominator (not profiled)", LedgerView.profiles(r, c, java.util.Set.of(A)));
        assertEquals("", LedgerView.profiles(r, c, java.util.Set.of()), "a page without the profile part links none");
    }

    @Test
    void aLinkToAnIdThePageLacksIsFound() {
        List<String> p = HtmlLayout.danglingLinks("<h2 id=\"a\">A</h2><a href=\"#a\">a</a> <a href=\"#b\">b</a> [c](#c) [a](#a)");
        assertEquals(List.of("a link to #b, an id the page does not hold", "a link to #c, an id the page does not hold"), p);
    }
}
