package dev.kensho.redis.kv.load;

import dev.kensho.common.BadInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link KeyDistribution}: the sampler against the exact pmf (fixed seed, no timing), the permutation, uniform as before. */
class KeyDistributionTest {

    /** Exact pmf of rank k of n: k^-s / H(n,s), H summed directly. */
    private static double[] pmf(int n, double s) {
        double[] p = new double[n];
        double h = 0;
        for (int k = n; k >= 1; k--) {
            h += Math.pow(k, -s);
        }
        for (int k = 1; k <= n; k++) {
            p[k - 1] = Math.pow(k, -s) / h;
        }
        return p;
    }

    /**
     * Pearson's chi-square of 400,000 seeded draws over every rank against the exact pmf, below the 0.1% critical
     * value of its degrees of freedom (the seed is fixed: the test is deterministic, not flaky).
     */
    @ParameterizedTest
    @CsvSource({
            "10, 0.5, 27.88", "10, 0.99, 27.88", "10, 1.0, 27.88", "10, 2.0, 27.88", "10, 5.0, 27.88",
            "100, 0.99, 148.23", "100, 1.5, 148.23",
    })
    void ranksFollowTheExactPmf(int n, double s, double critical999) {
        int draws = 400_000;
        KeyDistribution.Zipf z = new KeyDistribution.Zipf(n, s, KeyDistribution.SEED);
        long[] count = new long[n];
        for (int i = 0; i < draws; i++) {
            count[z.nextRank() - 1]++;
        }
        double[] p = pmf(n, s);
        double chi2 = 0;
        int df = -1;
        double pooledExpected = 0;
        long pooledObserved = 0;
        for (int k = 0; k < n; k++) { // ranks expected fewer than 5 times are pooled into one cell
            double e = p[k] * draws;
            if (e >= 5) {
                chi2 += (count[k] - e) * (count[k] - e) / e;
                df++;
            } else {
                pooledExpected += e;
                pooledObserved += count[k];
            }
        }
        if (pooledExpected > 0) {
            chi2 += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
            df++;
        }
        assertTrue(df <= n - 1);
        assertTrue(chi2 < critical999, "chi-square " + chi2 + " with " + df + " df, counts " + Arrays.toString(count));
        assertEquals(p[0], z.hottestShare(), 1e-12, "the exact share of rank 1 is 1/H(n,s)");
        double sd = Math.sqrt(p[0] * (1 - p[0]) / draws);
        assertEquals(p[0], z.hottestShareObserved(), 5 * sd, "observed share of rank 1");
    }

    @ParameterizedTest
    @CsvSource({"1000000, 0.99", "1000000, 0.5", "1000000, 1.0", "1000000, 1.2", "123457, 5.0", "14700000, 0.99", "10000, 0.99", "10001, 0.99"})
    void harmonicNumberMatchesTheDirectSum(int n, double s) {
        double direct = 0;
        for (int k = n; k >= 1; k--) {
            direct += Math.pow(k, -s);
        }
        assertEquals(direct, KeyDistribution.harmonic(n, s), direct * 1e-13);
    }

    @Test
    void hottestKeyShareAtTheDefaultKeyspace() {
        KeyDistribution z = KeyDistribution.of("zipf:0.99", 1_000_000);
        assertEquals(0.06497, z.hottestShare(), 1e-5); // 1/H(1e6, 0.99) = 1/15.3918
        assertEquals(1e-6, KeyDistribution.of("uniform", 1_000_000).hottestShare(), 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 64, 65, 1000, 10_007, 1 << 16})
    void scatterIsAPermutation(int n) {
        KeyDistribution.Scatter p = new KeyDistribution.Scatter(n, KeyDistribution.SEED);
        BitSet seen = new BitSet(n);
        for (int i = 0; i < n; i++) {
            int k = p.apply(i);
            assertTrue(k >= 0 && k < n, k + " out of [0, " + n + ")");
            assertFalse(seen.get(k), "index " + k + " reached twice");
            seen.set(k);
        }
        assertEquals(n, seen.cardinality());
    }

    @Test
    void theHottestKeysAreSpreadOverTheKeyspace() {
        int n = 1_000_000;
        KeyDistribution.Zipf z = new KeyDistribution.Zipf(n, 0.99, KeyDistribution.SEED);
        int[] hot = new int[20];
        for (int r = 1; r <= hot.length; r++) {
            hot[r - 1] = z.keyOfRank(r);
        }
        int[] sorted = hot.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            assertTrue(sorted[i] - sorted[i - 1] > 1, "adjacent hot keys: " + Arrays.toString(sorted));
        }
        assertTrue(sorted[sorted.length - 1] - sorted[0] > n / 2, "20 hottest keys span most of the keyspace: " + Arrays.toString(sorted));
        // the same keys in every run: the permutation is seeded
        KeyDistribution.Zipf again = new KeyDistribution.Zipf(n, 0.99, KeyDistribution.SEED);
        for (int r = 1; r <= hot.length; r++) {
            assertEquals(hot[r - 1], again.keyOfRank(r));
        }
    }

    @Test
    void zipfDrawsAreReproducibleFromTheSeed() {
        int[] a = new int[10_000];
        int[] b = new int[10_000];
        KeyDistribution x = KeyDistribution.of("zipf:0.99", 50_000);
        KeyDistribution y = KeyDistribution.of("zipf:0.99", 50_000);
        for (int i = 0; i < a.length; i++) {
            a[i] = x.nextIndex();
            b[i] = y.nextIndex();
        }
        assertArrayEquals(a, b, "a thread's first stream is the same in every trial");
    }

    /** Uniform makes exactly today's draw: one nextInt(keyspace) per key on the thread's generator, nothing else. */
    @Test
    void uniformReproducesTodaysKeySequence() {
        int n = 1_000_000;
        KeyDistribution d = KeyDistribution.of("uniform", n);
        KeyDistribution.Uniform u = assertInstanceOf(KeyDistribution.Uniform.class, d);
        assertInstanceOf(KeyDistribution.Uniform.class, KeyDistribution.of(null, n), "a state built outside JMH");
        assertInstanceOf(KeyDistribution.Uniform.class, new Workload("kensho:", n, 0.8).keys(), "the default workload");
        SplittableRandom before = new SplittableRandom(20261124L);
        SplittableRandom now = new SplittableRandom(20261124L);
        for (int i = 0; i < 100_000; i++) { // the GET/SET draw follows the key's on the same generator, as in Workload
            assertEquals(before.nextInt(n), u.draw(now), "draw " + i);
            assertEquals(before.nextDouble() < 0.8, now.nextDouble() < 0.8);
        }
        assertEquals(before.nextLong(), now.nextLong(), "no extra draws: the generators are in step");
        int k = d.nextIndex();
        assertTrue(k >= 0 && k < n);
        assertTrue(Double.isNaN(d.hottestShareObserved()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zipf:", "zipf:-1", "zipf:0", "zipf:5.01", "zipf:NaN", "zipf:Infinity", "zipf:x", "pareto",
            "gaussian", "", "zipf 0.99", "uniform:1"})
    void badValuesAreOneLineNamingTheParamAndTheForms(String v) {
        BadInput e = assertThrows(BadInput.class, () -> KeyDistribution.check(v));
        assertTrue(e.getMessage().startsWith("distribution=" + v + " is not allowed"), e.getMessage());
        assertTrue(e.getMessage().contains("uniform, or zipf:<s> with s in (0, 5]"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @ParameterizedTest
    @ValueSource(strings = {"uniform", "zipf:0.99", "zipf:5", "zipf:0.01", "ZIPF:1.2"})
    void goodValuesPass(String v) {
        KeyDistribution.check(v);
    }
}
