package dev.kensho.report;

import dev.kensho.common.export.ForkSpread;
import dev.kensho.common.export.Interval;
import dev.kensho.report.stats.ConfidenceSequence;
import dev.kensho.report.stats.RatioInterval;
import dev.kensho.report.stats.RatioMethod;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's legend and the derived rows' caption name the methods {@link RatioInterval} uses, in the order it
 * tries them, and the check that says so fails on a legend that names another method.
 */
class LegendTest {

    private static final List<double[]> NUM = List.of(new double[]{10, 11, 12}, new double[]{11, 12, 13});
    private static final List<double[]> DEN = List.of(new double[]{5, 6, 5}, new double[]{6, 5, 6});

    /** One interval made by each method, with the method that made it. */
    private static Map<RatioMethod, Interval> oneOfEach() {
        ForkSpread rounds = new ForkSpread(0.1, 11, 12, 2);
        ForkSpread forks = new ForkSpread(0.1, 10, 4);
        return Map.of(RatioMethod.ANYTIME, ConfidenceSequence.REPORT.ofLogRatios(new double[]{0.1, 0.12, 0.08, 0.11, 0.09}),
                RatioMethod.POOLED_ROUNDS, RatioInterval.pooledSpread(2, 2, rounds, 1, 2, rounds),
                RatioMethod.PAIRED, RatioInterval.paired(NUM, DEN),
                RatioMethod.POOLED_SPREAD, RatioInterval.pooledSpread(2, 2, forks, 1, 2, forks),
                RatioMethod.BOOTSTRAP, RatioInterval.bootstrap(NUM, DEN),
                RatioMethod.DELTA, RatioInterval.delta(100, 5, 50, 2.5),
                RatioMethod.FIELLER, RatioInterval.fieller(100, 50, 5, 50, 30, 5));
    }

    @Test
    void eachIntervalNamesTheMethodThatMadeIt() {
        oneOfEach().forEach((m, i) -> assertEquals(m, RatioMethod.of(i.method()), i.method()));
        assertEquals(null, RatioMethod.of("JMH"), "JMH's own interval is no ratio method");
    }

    @Test
    void theLegendAndTheCaptionNameEveryMethodUsedInTheOrderTried() {
        List<Interval> used = List.copyOf(oneOfEach().values());
        assertEquals(List.of(), RatioMethod.unnamed(Report.LEGEND, used));
        assertEquals(List.of(), RatioMethod.unnamed(SectionRenderer.DERIVED_CAPTION, used));
        String legend = RatioMethod.legend();
        assertTrue(legend.startsWith("an anytime-valid confidence sequence over paired rounds (rounds stopped when decided),"
                + " else the rounds' spread pooled over the method's cases (same interleaved rounds), else paired rounds,"
                + " else a fork's spread pooled"), legend);
        assertTrue(legend.endsWith("else the delta rule when both sides are within ±10%, else Fieller's"), legend);
    }

    @Test
    void aLegendThatNamesAnotherMethodFails() {
        // the caption as it read before the enum: it left out the pooled spreads that RatioInterval tries first
        String drifted = "99.9% interval from both sides' by the method named — paired rounds, else a bootstrap over"
                + " the iterations, else the delta rule when both are within ±10%, else Fieller's";
        Map<RatioMethod, Interval> used = oneOfEach();
        List<String> missing = RatioMethod.unnamed(drifted, List.of(used.get(RatioMethod.POOLED_SPREAD),
                used.get(RatioMethod.POOLED_ROUNDS), used.get(RatioMethod.PAIRED)));
        assertEquals(2, missing.size(), missing.toString());
        assertTrue(missing.get(0).startsWith("pooled fork spread (t, 10 df over 4 cases)"), missing.get(0));
        assertFalse(RatioMethod.unnamed(Report.LEGEND.replace("Fieller's", "Wald's"), List.of(used.get(RatioMethod.FIELLER))).isEmpty(),
                "a legend naming Wald's where Fieller's was used");
        assertFalse(RatioMethod.unnamed(Report.LEGEND, List.of(new Interval(0.9, 1.1, "Wald"))).isEmpty(),
                "an interval whose label no ratio method gives");
    }
}
