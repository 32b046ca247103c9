package dev.kensho.report;

import dev.kensho.report.stats.RatioMethod;
import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The ledger says what each verdict rests on: one run, or the paired rounds of one run. */
class RestsOnTest {

    private static Results.Row row(Interval interval, Forks forks) {
        return new Results.Row("redis-kv", "K", "m", Map.of(), "x", 1.2, 0.1, "x", 10, "derived", interval, forks);
    }

    @Test
    void oneRunUnlessPairedRounds() {
        assertEquals("rests on one run", SectionRenderer.restsOn(row(null, null)));
        assertEquals("rests on one run (2 forks)", SectionRenderer.restsOn(row(null,
                new Forks(List.of(new double[]{1, 2}, new double[]{3}), 0))));
        assertEquals("rests on paired rounds (10) of one run", SectionRenderer.restsOn(row(
                new Interval(1.1, 1.3, "paired rounds (10)"), null)));
        assertEquals("rests on 2 interleaved rounds of one run", SectionRenderer.restsOn(row(
                new Interval(0.9, 1.6, RatioMethod.pooledRoundsLabel(11, 12, 2)), null)), "a ratio of two rounds cases");
        assertEquals("rests on 4 interleaved rounds of one run", SectionRenderer.restsOn(row(null,
                new Forks(List.of(new double[]{1}, new double[]{1}, new double[]{1}, new double[]{1}), 4))));
        assertEquals("rests on 2 runs pooled (default1, default2; 4 forks)", SectionRenderer.restsOn(row(null,
                new Forks(List.of(new double[]{1}, new double[]{2}, new double[]{1}, new double[]{2}), 0)), "default1, default2"),
                "a pooled row names the runs it rests on");
        assertEquals("rests on one run", SectionRenderer.restsOn(row(null, null), ""));
    }
}
