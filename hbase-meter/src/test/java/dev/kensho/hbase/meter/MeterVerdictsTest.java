package dev.kensho.hbase.meter;

import dev.kensho.common.export.Interval;
import dev.kensho.report.Published;
import dev.kensho.report.stats.Range;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The write-up's HBase claims carry the ranges its words or the written rule give (docs/method.md, Ranges), each
 * judged once on the measure the write-up used. Intervals here are hand-picked, not taken from the code.
 */
class MeterVerdictsTest {

    private static final List<Published> PUBLISHED = Published.load(MeterSection.class);
    private static final Verdict.Conditions OURS = new Verdict.Conditions(2, 4);

    private static Published claim(String key) {
        return PUBLISHED.stream().filter(p -> p.key().equals(key)).findFirst().orElseThrow();
    }

    private static String of(String key, double lo, double hi) {
        return Verdict.of(claim(key), Math.sqrt(lo * hi), new Interval(lo, hi, "paired"), OURS);
    }

    @Test
    void threadScalingMeasuredAt64To100ThreadsOnAClusterIsNotReproducibleHereNeverContradicted() {
        for (String key : List.of("load_threads", "q1_threads", "q2_threads")) {
            Published p = claim(key);
            assertTrue(p.needsThreads() >= 64 && p.needsCluster(), key);
            assertEquals("≥ 7.00 (write-up)", p.range().shown(), key + ": the conclusion's '7× or more'");
            String v = Verdict.of(p, 1.84, new Interval(0.94, 2.74, "Fieller"), new Verdict.Conditions(2, 16));
            assertTrue(v.startsWith(Verdict.NOT_REPRODUCIBLE + ": needs ≥ " + p.needsThreads() + " client threads (ours: 16)"), v);
        }
    }

    @Test
    void sizeRatiosAreJudgedWithinAFactorOfTwoAndSyntheticReadingsReachAnyGapBelow() {
        assertEquals("0.265–1.00 (ratio×2)", claim("size_diff").range().shown(), "53% keeps its side of 1");
        assertTrue(of("size_diff", 0.298, 0.300).startsWith(Verdict.REPRODUCED));
        assertTrue(of("size_diff_gz", 0.0914, 0.0916).startsWith(Verdict.DIRECTION + "; magnitude "
                + Verdict.NOT_REPRODUCIBLE + ": synthetic readings"), "below 0.095, the condition reaches to 0");
        assertTrue(of("size_gz", 1.1, 1.3).startsWith(Verdict.CONTRADICTED + ": opposite direction"), "a codec that grows the file");
        assertTrue(of("size_gz", 0.5, 0.6).startsWith(Verdict.CONTRADICTED + ": same direction"), "above the range: synthetic"
                + " readings compress further, never less");
    }

    /** One claim, one verdict: the load time is judged, the region server's CPU explains it. */
    @Test
    void loadTimeIsJudgedOnAChangeWithinAFactorOfTwoAndItsCpuExplainsIt() {
        assertTrue(PUBLISHED.stream().noneMatch(p -> p.metric() != null && p.metric().equals("load_cpu_ratio_to_none")),
                "no second verdict on the CPU");
        for (String key : List.of("load_diff", "load_gz", "load_diff_gz", "every_load")) {
            assertEquals("load_cpu_ratio_to_none", claim(key).explanationMetric(), key);
            assertTrue(claim(key).condition().isEmpty(), key + ": no condition is argued for the load time");
        }
        assertEquals("1.24–1.96 (change×2)", claim("load_diff").range().shown());
        assertTrue(of("load_diff", 0.913, 1.22).startsWith(Verdict.CONTRADICTED), "wholly below +24%, holding 1");
        assertTrue(of("load_gz", 1.03, 1.37).startsWith(Verdict.NOT_RESOLVED), "straddles +22%");
        assertTrue(of("load_diff_gz", 0.948, 1.27).startsWith(Verdict.CONTRADICTED), "wholly below +31.5%");
    }

    /** scan DIFF is judged on its own −3% read by the rule, never on Table 6's range over every cell. */
    @Test
    void scanDiffIsItsOwnChangeNotTheFiguresRange() {
        Range r = claim("scan_diff").range();
        assertTrue(r.sameEnds(0.94, 0.985), r.shown());
        assertTrue(of("scan_diff", 1.08, 1.20).startsWith(Verdict.CONTRADICTED + ": opposite direction"),
                "a slowdown never reproduces DIFF's −3%");
        assertTrue(of("scan_diff_gz", 0.820, 1.16).startsWith(Verdict.NOT_RESOLVED), "straddles +8.5%");
        assertTrue(claim("every_scan").range().sameEnds(0.97, 1.23), "Table 6's range belongs to its own claim");
        assertTrue(claim("every_scan").every() && claim("every_load").every() && claim("every_size").every());
    }

    @Test
    void scanOverGetIsTheWriteUpsFortySevenOrMore() {
        assertEquals("≥ 47.00 (at-least)", claim("scan_vs_get").range().shown());
        assertTrue(of("scan_vs_get", 37.37, 51.10).startsWith(Verdict.NOT_RESOLVED));
        assertTrue(of("scan_vs_get", 48, 60).startsWith(Verdict.REPRODUCED));
    }

    @Test
    void queryOneOverDaysIsAFactorOfTwoAroundTwoHundredAndSeven() {
        assertTrue(claim("q1_days").range().sameEnds(103.5, 414));
        assertTrue(of("q1_days", 30, 50).startsWith(Verdict.DIRECTION), "a cheaper scan here lowers the ratio toward 1");
        assertTrue(of("q1_days", 0.5, 0.9).startsWith(Verdict.CONTRADICTED), "longer scans slower per row");
        assertTrue(claim("q2_1m_10m").range().sameEnds(0.5, 2) && !claim("q2_1m_10m").measure().isEmpty(),
                "'about the same', and what would measure it");
        assertTrue(!claim("fig4_balance").measured() && !claim("fig4_balance").measure().isEmpty());
    }
}
