package dev.kensho.report.stats;

import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A wide interval names its measured cause: forks that disagree, or iterations that vary. */
class WidthTest {

    private static Results.Row row(String codec, double[]... forks) {
        Forks f = new Forks(List.of(forks), 0);
        double mean = f.pooledMean();
        return new Results.Row("hbase-meter", "LoadBenchmark", "load", Map.of("codec", codec), "thrpt", mean,
                0.4 * mean, "ops/s", f.samples(), "jmh", null, f);
    }

    @Test
    void steadyForksThatDisagreeAreNamed() {
        // each fork steady to ±1%, the two forks' means 100 and 160 apart
        Results.Row a = row("GZ", new double[]{100, 101, 99, 100, 100}, new double[]{160, 161, 159, 160, 160});
        Results.Row b = row("NONE", new double[]{100, 100.5, 99.5, 100, 100}, new double[]{101, 100, 100, 100.5, 99.5});
        Results.Row r = Ratios.ratio("gz_over_none", a, b);
        String why = r.interval().why();
        assertTrue(why.startsWith("wide (±"), why);
        assertTrue(why.contains("the numerator forks disagree"), why);
        assertTrue(why.contains("2 forks"), why);
    }

    @Test
    void noisyIterationsInAgreeingForksAreNamed() {
        Results.Row a = row("GZ", new double[]{60, 140, 70, 130, 100}, new double[]{140, 60, 130, 70, 100});
        String why = Width.explain(new Interval(40, 160, "JMH"), 100, a).why();
        assertTrue(why.startsWith("wide (±60%): iterations vary"), why);
    }

    @Test
    void aNarrowIntervalSaysNothingAndAnUnboundedOneKeepsItsOwnReason() {
        Results.Row a = row("GZ", new double[]{100, 101, 99}, new double[]{100, 99, 101});
        Interval narrow = new Interval(90, 110, "JMH");
        assertSame(narrow, Width.explain(narrow, 100, a), "±10% is within the limit");
        assertEquals("", Width.explain(new Interval(85, 115, "JMH"), 100, a).why(), "±15% exactly: within");
        Interval unbounded = Interval.unbounded("Fieller");
        assertSame(unbounded, Width.explain(unbounded, 1, a));
    }

    /** A wrong answer: a cause computed from the wrong spread would name iterations here; the check fails then. */
    @Test
    void theBetweenAndWithinSpreadsAreTheTextbookOnes() {
        Forks f = new Forks(List.of(new double[]{1, 3}, new double[]{5, 7}), 0);
        assertEquals(Math.sqrt(8), Width.betweenSd(f), 1e-12, "fork means 2 and 6: sd √8");
        assertEquals(Math.sqrt(2), Width.withinSd(f), 1e-12, "each fork ±1 around its mean, 1 df each: pooled var 2");
        assertTrue(Width.cause(row("X", new double[]{1, 3}, new double[]{5, 7}), "").startsWith("forks disagree"),
                "between² 8 > within² 2 / 2 iterations");
    }
}
