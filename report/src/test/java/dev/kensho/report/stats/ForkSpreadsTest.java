package dev.kensho.report.stats;

import dev.kensho.common.export.ForkSpread;
import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Known answers of the pooled spread of fork means, and which rows carry it. */
class ForkSpreadsTest {

    private static Forks forks(int rounds, double... forkMeans) {
        return new Forks(java.util.Arrays.stream(forkMeans).mapToObj(m -> new double[]{m * 0.99, m * 1.01}).toList(), rounds);
    }

    @Test
    void pooledOverEveryCaseOfTwoForksOrMore() {
        // case 1: logs of 100 and 110 lie ln(1.1)/2 either side of their mean; case 2: 200 and 180, ln(10/9)/2;
        // the one-fork case adds nothing: df 2, ss = (ln² 1.1 + ln² (10/9)) / 2
        ForkSpread s = ForkSpreads.of(List.of(forks(0, 100, 110), forks(0, 200, 180), forks(0, 50)));
        assertEquals(2, s.df());
        assertEquals(2, s.cases());
        assertEquals(0.0710367, s.logSd(), 1e-7, "numpy: √((Σ (ln m − mean)² over both cases) / 2)");
        assertNull(ForkSpreads.of(List.of(forks(0, 100), forks(0, 120))), "one fork per case: no spread to pool");
    }

    @Test
    void attachedByMethodMetricAndRoundsNeverToRowsWithoutForks() {
        Results.Row a = row("load", Map.of("codec", "NONE"), forks(0, 100, 110));
        Results.Row b = row("load", Map.of("codec", "GZ"), forks(0, 50));
        Results.Row c = row("scan", Map.of("codec", "NONE"), forks(0, 10));
        Results.Row d = row("load", Map.of("codec", "LZ4"), forks(2, 10, 12));
        Results.Row e = new Results.Row("hbase-meter", "C", "load", Map.of(), "records/s", 5, 1, "records/s", 2, "derived");
        Results.Row f = row("load", Map.of("codec", "ZSTD"), forks(2, 20, 20));
        List<Results.Row> out = ForkSpreads.attach(List.of(a, b, c, d, e, f));
        ForkSpread load = out.get(0).forks().spread();
        assertEquals(1, load.df());
        assertEquals(0, load.rounds());
        assertSame(load, out.get(1).forks().spread(), "a one-fork case of the method carries the method's spread");
        assertNull(out.get(2).forks().spread(), "a method of one-fork cases has none");
        ForkSpread rounds = out.get(3).forks().spread();
        assertEquals(2, rounds.rounds(), "rounds of the method pool apart from its consecutive forks");
        assertEquals(2, rounds.cases());
        assertSame(rounds, out.get(5).forks().spread());
        assertSame(e, out.get(4));
        assertEquals(a.forks(), out.get(0).forks(), "the iterations are unchanged");
    }

    @Test
    void roundsTakeOutWhatMovesEveryCaseOfARound() {
        // three cases, three rounds; round 2 runs 30% faster for every case, round 3 20% slower: taken out
        double[] drift = {1, 1.3, 0.8};
        double[][] noise = {{1.02, 0.99, 1.0}, {0.98, 1.01, 1.0}, {1.0, 1.0, 1.01}};
        double[] size = {100, 50, 10};
        List<Forks> cases = new java.util.ArrayList<>();
        for (int c = 0; c < 3; c++) {
            double[] means = new double[3];
            for (int k = 0; k < 3; k++) {
                means[k] = size[c] * drift[k] * noise[c][k];
            }
            cases.add(forks(3, means));
        }
        ForkSpread s = ForkSpreads.ofRounds(cases, 3);
        assertEquals(4, s.df(), "(cases - 1) (rounds - 1)");
        // numpy, apart from the code: the log means less case and round means plus the grand mean, √(SS / 4); the
        // drift and the sizes leave only the noise's interaction
        assertEquals(0.0156240, s.logSd(), 1e-7);
        assertEquals(3, s.rounds());
        // consecutive forks of the same means spread with the drift in them
        assertTrue(ForkSpreads.of(cases).logSd() > 5 * s.logSd(), ForkSpreads.of(cases) + " vs " + s);
        assertNull(ForkSpreads.ofRounds(cases.subList(0, 1), 3), "one case: nothing to pool");
    }

    @Test
    void twoCasesInRoundsSpreadAsTheirRoundRatiosDo() {
        // with two cases the blocked spread is the paired one: var(log ratio per round) = 2 logSd²
        Forks a = forks(4, 20, 26, 17, 22);
        Forks b = forks(4, 10, 12, 9, 11);
        double[] d = new double[4];
        for (int k = 0; k < 4; k++) {
            d[k] = Math.log(a.forkMean(k) / b.forkMean(k));
        }
        double mean = java.util.Arrays.stream(d).average().orElseThrow();
        double var = java.util.Arrays.stream(d).map(x -> (x - mean) * (x - mean)).sum() / 3;
        ForkSpread s = ForkSpreads.ofRounds(List.of(a, b), 4);
        assertEquals(3, s.df());
        assertEquals(var, 2 * s.logSd() * s.logSd(), 1e-12);
    }

    private static Results.Row row(String method, Map<String, String> p, Forks f) {
        return new Results.Row("hbase-meter", "C", method, p, "thrpt", f.pooledMean(), Double.NaN, "ops/s", f.samples(),
                "jmh", null, f);
    }
}
