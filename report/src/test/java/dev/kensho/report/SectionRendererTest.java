package dev.kensho.report;

import dev.kensho.report.stats.Range;
import dev.kensho.report.stats.Ratios;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A section's derived ratio, ledger and verdict, rendered from rows; the table model in both formats. */
class SectionRendererTest {

    private static Results.Row row(String method, String transport, double score, double error) {
        return new Results.Row("x-y", "FooBenchmark", method, Map.of("size", "16", "transport", transport), "thrpt",
                score, error, "ops/s", 5, "jmh");
    }

    /** A section with one chart, one claim on a derived ratio, and one context figure. */
    static final class TestSection implements Section {
        public String id() { return "x-y"; }
        public int order() { return 1; }
        public String title() { return "1. Test"; }
        public String seed() { return "seed.txt"; }
        public String question() { return "Is A faster than B?"; }
        public List<ChartSpec> charts() {
            return List.of(ChartSpec.bar("x-rate", "Rate", "FooBenchmark", "run", "thrpt", "size", "ops/s", "transport")
                    .reference("rate"));
        }
        public List<Published> published() {
            return List.of(
                    new Published("a_over_b", Published.Kind.CLAIM, "A ÷ B", 2.0, "x", "FooBenchmark", "run",
                            Map.of("transport", "A"), "a_over_b", new Range(1.5, 3, Range.Rule.WRITE_UP)),
                    new Published("rate", Published.Kind.CONTEXT, "rate of A", 150, "ops/s", "FooBenchmark", "run",
                            Map.of("transport", "A"), "thrpt", null));
        }
        public List<Results.Row> derived(List<Results.Row> rows) {
            return Ratios.pairs(rows, Ratios.rows("FooBenchmark", "run", "thrpt"), "transport", "A", "B", "a_over_b");
        }
    }

    @Test
    void derivedRatioCarriesAnIntervalFromBothSidesAndGetsAVerdict(@TempDir Path tmp) throws IOException {
        // B first: the ratio does not depend on the order the cases ran in
        List<Results.Row> rows = List.of(row("run", "B", 100, 5), row("run", "A", 200, 10));
        Rendered r = SectionRenderer.render(new TestSection(), tmp, rows, List.of(),
                new ObjectMapper().readTree("{\"host\":{\"cores\":2}}"));
        Results.Row ratio = new TestSection().derived(rows).get(0);
        assertEquals(2.0, ratio.score(), 1e-12);
        assertEquals(0.141421, ratio.error(), 1e-6, "delta rule, by hand: 2 × √(0.05² + 0.05²)");
        assertEquals("transport=B", ratio.param("over"));
        assertEquals("higher", Ratios.reading(ratio));

        String ledger = r.ledger().markdown();
        assertTrue(ledger.contains("| A ÷ B | 2.00 x | [1.86, 2.14] delta | 2.00 x; range 1.50–3.00 (write-up) | reproduced"
                + " (ours 2.00 [1.86, 2.14] vs 2.00 x; range 1.50–3.00 (write-up)) | size=16 transport=A ÷ transport=B;"), ledger);
        assertTrue(ledger.contains("| finding |"), "a claim is a finding: " + ledger);
        assertTrue(ledger.contains("| rate of A | 200.0 ops/s | [190.0, 210.0] JMH | 150.0 ops/s | context (no verdict) |"),
                "a half-width reads as its interval, as a ratio's does: " + ledger);
        assertTrue(ledger.contains("[x-rate](#x-rate)"), "the ledger links to the chart");
        assertTrue(Files.size(tmp.resolve("charts/x-rate.png")) > 1000);

        r.save(tmp);
        Rendered back = Rendered.load(tmp).get(0);
        assertEquals(r.markdown("charts/"), back.markdown("charts/"));
        assertEquals(r.ledger(), back.ledger());
    }

    @Test
    void oneTableModelRendersToMarkdownAndHtml() {
        Table t = Table.of("Caption with [link](#x)", "name", ">value").row("a|b", "1.0").row("<c>", "2");
        assertEquals("Caption with [link](#x)\n\n| name | value |\n|---|---:|\n| a\\|b | 1.0 |\n| <c> | 2 |\n\n", t.markdown());
        assertEquals("<p>Caption with <a href=\"#x\">link</a></p><div class=\"scroll\"><table><tr><th>name</th><th>value</th></tr>"
                + "<tr><td>a|b</td><td class=\"n\">1.0</td></tr><tr><td>&lt;c&gt;</td><td class=\"n\">2</td></tr></table></div>", t.html());
    }

    @Test
    void aFigureThatSelectsSeveralRowsOfOursNamesEachRowsCaseInItsClaim() throws IOException {
        Published rate = new Published("rate", Published.Kind.CONTEXT, "rate, 1 thread", 150, "ops/s", "FooBenchmark", "run",
                Map.of("threads", "1"), "thrpt", null);
        Published fast = new Published("fast", Published.Kind.CONTEXT, "rate, 4 threads", 600, "ops/s", "FooBenchmark", "run",
                Map.of("threads", "4"), "thrpt", null);
        List<Results.Row> rows = List.of(
                new Results.Row("x-y", "FooBenchmark", "run", Map.of("saltBuckets", "0", "threads", "1"), "thrpt", 100, 5, "ops/s", 5, "jmh"),
                new Results.Row("x-y", "FooBenchmark", "run", Map.of("saltBuckets", "8", "threads", "1"), "thrpt", 120, 5, "ops/s", 5, "jmh"),
                new Results.Row("x-y", "FooBenchmark", "run", Map.of("saltBuckets", "8", "threads", "4"), "thrpt", 400, 5, "ops/s", 5, "jmh"));
        Table t = SectionRenderer.ledger(new TestSection(), List.of(rate, fast), rows,
                new ObjectMapper().readTree("{\"host\":{\"cores\":2}}"), List.of(), new ObjectMapper().createObjectNode());
        assertEquals(List.of("rate, 1 thread — case: saltBuckets=0", "rate, 1 thread — case: saltBuckets=8", "rate, 4 threads"),
                t.rows().stream().map(r -> r.get(0)).toList(), "two rows of one figure read apart; a figure's only row as written");
        assertEquals("rate, 1 thread", ClaimCase.figure(t.rows().get(1).get(0)));
    }

    @Test
    void aRowsCaseIsWhatTellsItApartItsMethodThenParamsThenItsCounterpart() {
        Results.Row a = new Results.Row("x-y", "FooBenchmark", "scan", Map.of("days", "1", "meters", "100", "over", "threads=1"),
                "gain", 2, 0.1, "x", 5, "derived");
        Results.Row b = new Results.Row("x-y", "FooBenchmark", "get", Map.of("days", "1", "meters", "100", "over", "threads=4"),
                "gain", 3, 0.1, "x", 5, "derived");
        assertEquals("scan ÷ threads=1", ClaimCase.distinct(a, List.of(a, b)));
        assertEquals("", ClaimCase.distinct(a, List.of(a)), "a figure's only row needs no case");
    }

    @Test
    void aNumberOutsideThePrecisionBudgetSaysSo() {
        org.junit.jupiter.api.Assertions.assertEquals("", SectionRenderer.budget(100, 5));
        org.junit.jupiter.api.Assertions.assertEquals(" (unresolved: ±31%)", SectionRenderer.budget(100, 31));
        org.junit.jupiter.api.Assertions.assertEquals(" (no interval)", SectionRenderer.budget(100, Double.NaN));
    }

    /** A time's symmetric interval that reaches below 0 (FLUSHDB: 1.47 s ± 2.22) starts at 0 and says why; others stay. */
    @Test
    void aTimeOrRateIsNeverShownReachingBelowZero() {
        var flush = SectionRenderer.symmetric(1.47, 2.224, "s/op", "JMH");
        assertEquals(0, flush.low(), 0);
        assertEquals(3.694, flush.high(), 1e-9);
        assertEquals("JMH" + SectionRenderer.CLIPPED_AT_0, flush.method());
        assertEquals(-0.754, SectionRenderer.symmetric(1.47, 2.224, "x", "JMH").low(), 1e-9, "a ratio's row is not clipped here");
        assertEquals(-0.754, SectionRenderer.symmetric(1.47, 2.224, "cores", "JMH").low(), 1e-9);
        assertEquals(0, SectionRenderer.symmetric(9_633, 20_000, "records/s", "JMH").low(), 0);
        assertEquals(1.0, SectionRenderer.symmetric(1.47, 0.47, "ms", "Student t").low(), 1e-9, "one that stays above 0 is as it was");
        assertEquals("Student t", SectionRenderer.symmetric(1.47, 0.47, "ms", "Student t").method());
    }

    @Test
    void aRecordedMeasurementsStandardDeviationIsTurnedIntoItsIntervalBeforeARatioUsesIt() {
        // 3 samples, sd 1: the 99.9% half-width is t(2) × 1 / √3 = 31.60 × 0.577 = 18.24, not 1
        Results.Row a = new Results.Row("x-y", "FooBenchmark", "run", Map.of("io", "2"), "latency_p50", 100, 1, "us", 3,
                Results.RECORDED);
        Results.Row b = new Results.Row("x-y", "FooBenchmark", "run", Map.of("io", "1"), "latency_p50", 100, 0, "us", 3,
                Results.RECORDED);
        assertEquals(18.24, a.halfWidth(), 0.01);
        Results.Row ratio = Ratios.ratio("p50_ratio", a, b);
        assertEquals(0.1824, ratio.error(), 0.001);
        assertEquals("not resolved at this noise", Ratios.reading(ratio));
        assertEquals(Double.NaN, new Results.Row("x-y", "FooBenchmark", "run", Map.of(), "m", 1, 1, "us", 1,
                Results.RECORDED).halfWidth(), "one sample: no interval");
    }
}
