package dev.kensho.common.export;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Known answers of the pooled spread of fork means, and which rows carry it. */
class ForkSpreadTest {

    private static Forks forks(int rounds, double... forkMeans) {
        return new Forks(java.util.Arrays.stream(forkMeans).mapToObj(m -> new double[]{m * 0.99, m * 1.01}).toList(), rounds);
    }

    @Test
    void pooledOverEveryCaseOfTwoForksOrMore() {
        // case 1: logs of 100 and 110 lie ln(1.1)/2 either side of their mean; case 2: 200 and 180, ln(10/9)/2;
        // the one-fork case adds nothing: df 2, ss = (ln² 1.1 + ln² (10/9)) / 2
        ForkSpread s = ForkSpread.of(List.of(forks(0, 100, 110), forks(0, 200, 180), forks(0, 50)));
        double ss = (Math.pow(Math.log(1.1), 2) + Math.pow(Math.log(10.0 / 9), 2)) / 2;
        assertEquals(2, s.df());
        assertEquals(2, s.cases());
        assertEquals(Math.sqrt(ss / 2), s.logSd(), 1e-12);
        assertNull(ForkSpread.of(List.of(forks(0, 100), forks(0, 120))), "one fork per case: no spread to pool");
    }

    @Test
    void attachedByMethodAndMetricNeverToRoundsOrRowsWithoutForks() {
        Results.Row a = row("load", Map.of("codec", "NONE"), forks(0, 100, 110));
        Results.Row b = row("load", Map.of("codec", "GZ"), forks(0, 50));
        Results.Row c = row("scan", Map.of("codec", "NONE"), forks(0, 10));
        Results.Row d = row("paired", Map.of("codec", "NONE"), forks(2, 10, 12));
        Results.Row e = new Results.Row("hbase-meter", "C", "load", Map.of(), "records/s", 5, 1, "records/s", 2, "derived");
        List<Results.Row> out = ForkSpread.attach(List.of(a, b, c, d, e));
        ForkSpread load = out.get(0).forks().spread();
        assertEquals(1, load.df());
        assertSame(load, out.get(1).forks().spread(), "a one-fork case of the method carries the method's spread");
        assertNull(out.get(2).forks().spread(), "a method of one-fork cases has none");
        assertNull(out.get(3).forks().spread(), "interleaved rounds are paired, not pooled");
        assertSame(e, out.get(4));
        assertEquals(a.forks(), out.get(0).forks(), "the iterations are unchanged");
    }

    private static Results.Row row(String method, Map<String, String> p, Forks f) {
        return new Results.Row("hbase-meter", "C", method, p, "thrpt", f.pooledMean(), Double.NaN, "ops/s", f.samples(),
                "jmh", null, f);
    }
}
