package dev.kensho.hbase.meter;

import dev.kensho.common.export.Results;
import dev.kensho.report.Published;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The write-up's size orders from a grid whose bytes the test sets, and the verdicts they give. */
class SizeOrderTest {

    /** HFile bytes per encoding × codec: {encoding, codec, bytes}. */
    private static List<Results.Row> grid(Object[][] cells) {
        List<Results.Row> rows = new ArrayList<>();
        for (Object[] c : cells) {
            Map<String, String> p = new TreeMap<>(Map.of("encoding", (String) c[0], "codec", (String) c[1], "meters", "500"));
            double bytes = ((Number) c[2]).doubleValue();
            // three shots whose sizes differ by a few bytes in a million, as the compacted files of one cell do
            rows.add(new Results.Row("hbase-meter", SizeOrder.CLS, "load", p, "hfile_bytes", bytes, bytes * 1e-5,
                    "bytes", 3, Results.RECORDED));
        }
        return rows;
    }

    private static final Object[][] WRITE_UPS_ORDER = {
            {"NONE", "NONE", 1000}, {"PREFIX", "NONE", 800}, {"DIFF", "NONE", 500}, {"FAST_DIFF", "NONE", 600},
            {"NONE", "GZ", 200}, {"NONE", "SNAPPY", 400}, {"NONE", "LZ4", 450},
            {"DIFF", "GZ", 100}, {"FAST_DIFF", "GZ", 120}, {"PREFIX", "GZ", 150}, {"DIFF", "SNAPPY", 300}};

    private static Results.Row find(List<Results.Row> derived, String encoding, String codec) {
        return derived.stream().filter(r -> encoding.equals(r.param("encoding")) && codec.equals(r.param("codec")))
                .findFirst().orElseThrow();
    }

    @Test
    void eachNamedCellOverTheSmallestOtherCellOfItsFigure() {
        List<Results.Row> d = SizeOrder.derive(grid(WRITE_UPS_ORDER));
        assertEquals(3, d.size());
        Results.Row diff = find(d, "DIFF", "NONE"); // encodings without a codec: FAST_DIFF's 600 is the next
        assertEquals(500.0 / 600, diff.score(), 1e-12);
        assertEquals("encoding=FAST_DIFF", diff.param("over"));
        Results.Row gz = find(d, "NONE", "GZ"); // codecs without an encoding: SNAPPY's 400
        assertEquals(0.5, gz.score(), 1e-12);
        assertEquals("codec=SNAPPY", gz.param("over"));
        Results.Row both = find(d, "DIFF", "GZ"); // every cell: FAST_DIFF + GZ's 120
        assertEquals(100.0 / 120, both.score(), 1e-12);
        assertTrue(both.interval().high() < 1, both.interval().toString());
    }

    @Test
    void aGridWhereAnotherEncodingIsSmallerContradictsTheOrder() {
        Object[][] cells = {{"NONE", "NONE", 1000}, {"DIFF", "NONE", 500}, {"FAST_DIFF", "NONE", 400}};
        Results.Row diff = SizeOrder.derive(grid(cells)).get(0);
        assertEquals(1.25, diff.score(), 1e-12);
        Published claim = Published.load(MeterSection.class).stream().filter(p -> p.key().equals("size_order_diff"))
                .findFirst().orElseThrow();
        String v = Verdict.of(claim, diff.score(), diff.interval(), new Verdict.Conditions(2, 4));
        assertTrue(v.startsWith(Verdict.CONTRADICTED + ": opposite direction"), v);
        Results.Row ok = find(SizeOrder.derive(grid(WRITE_UPS_ORDER)), "DIFF", "NONE");
        assertTrue(Verdict.of(claim, ok.score(), ok.interval(), new Verdict.Conditions(2, 4)).startsWith(Verdict.REPRODUCED));
    }

    @Test
    void aFigureWithOneCellGivesNoRow() {
        assertTrue(SizeOrder.derive(grid(new Object[][]{{"DIFF", "NONE", 500}})).isEmpty());
    }
}
