package dev.kensho.report.stats;

import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The power-law fit recovers a known exponent, refuses too few sizes, and widens on a bend. */
class GrowthTest {

    private static Results.Row point(double n, double score, double halfWidth) {
        return new Results.Row("x-y", "GrowBenchmark", "op", Map.of("users", String.valueOf((long) n), "op", "SINTER"),
                "ss", score, halfWidth, "s/op", 10, "jmh");
    }

    private static List<Results.Row> law(double c, double b, double... sizes) {
        return java.util.Arrays.stream(sizes).mapToObj(n -> point(n, c * Math.pow(n, b), 0.01 * c * Math.pow(n, b))).toList();
    }

    @Test
    void recoversTheExponentAndExtrapolatesFromThreeSizes() {
        List<Results.Row> out = Growth.exponents(law(2e-7, 1.3, 1e4, 1e5, 1e6),
                Ratios.rows("GrowBenchmark", "op", "ss"), "users", 1e7);
        assertEquals(2, out.size());
        Results.Row b = out.get(0);
        assertEquals("growth_exponent", b.metric());
        assertEquals(1.3, b.score(), 1e-9);
        assertTrue(b.error() > 0 && b.error() < 0.05, "interval from the points' 1% half-widths: " + b.error());
        assertEquals("higher", Ratios.reading(b), "super-linear, resolved");
        Results.Row at = out.get(1);
        assertEquals("ss_at_10,000,000", at.metric());
        assertEquals(2e-7 * Math.pow(1e7, 1.3), at.score(), 1e-9 * at.score());
        assertTrue(at.error() > 0.01 * at.score(), "an extrapolation is less certain than a measured point");
    }

    @Test
    void noRowFromTwoSizesOrAPointWithoutInterval() {
        assertTrue(Growth.exponents(law(1, 1, 1e4, 1e5), r -> true, "users", 1e7).isEmpty());
        List<Results.Row> noError = List.of(point(1e4, 1, 0.01), point(1e5, 10, Double.NaN), point(1e6, 100, 1));
        assertTrue(Growth.exponents(noError, r -> true, "users", 1e7).isEmpty());
    }

    @Test
    void aBendTheLawDoesNotDescribeWidensTheInterval() {
        List<Results.Row> straight = law(1e-6, 1.0, 1e4, 1e5, 1e6, 1e7);
        List<Results.Row> bent = List.of(point(1e4, 0.01, 1e-4), point(1e5, 0.1, 1e-3), point(1e6, 3, 0.03),
                point(1e7, 30, 0.3));
        double narrow = Growth.exponents(straight, r -> true, "users", 0).get(0).error();
        double wide = Growth.exponents(bent, r -> true, "users", 0).get(0).error();
        assertTrue(wide > 10 * narrow, narrow + " vs " + wide);
    }
}
