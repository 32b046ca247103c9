package dev.kensho.redis.kv.load;

import dev.kensho.common.BadInput;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.random.RandomGenerator;

/**
 * The {@code distribution} param of the redis-kv throughput benchmarks: which key of the keyspace a request
 * draws ({@link Workload#nextIndex()}).
 * <ul>
 * <li>{@code uniform} (the default) — every key equally likely, drawn exactly as before this param existed:
 * one {@code ThreadLocalRandom.current().nextInt(keyspace)} per request, so the key sequence is bit-for-bit
 * the same. The hottest key's share is {@code 1/keyspace}.</li>
 * <li>{@code zipf:<s>}, {@code s} in (0, {@value #MAX_EXPONENT}] (e.g. {@code zipf:0.99}, YCSB's and memtier's
 * usual skew) — rank {@code k} of {@code n} keys is drawn with probability {@code k^-s / H(n,s)},
 * {@code H(n,s) = Σ_{i=1..n} i^-s}, by Apache Commons RNG's {@link RejectionInversionZipfSampler}
 * (Hörmann and Derflinger's rejection-inversion: O(1) per draw at any {@code n}, no table). Each thread draws
 * from its own stream split off one {@link SplittableRandom} seeded with {@link #SEED}. Ranks become keys
 * through a seeded pseudo-random <em>permutation</em> of {@code [0, n)} ({@link Scatter}: a keyed bijection on
 * the next power of two, cycle-walked into range, no table), so the hottest keys are spread over the
 * keyspace, not adjacent, and are the same keys in every run.</li>
 * </ul>
 * The draws only choose keys: answers stay checked as before (a key's value is derived from its index, and a
 * GET of a preloaded or acknowledged key must hit, see {@link Workload}).
 *
 * <p>Recorded per case ({@code TrialRecords.hitsAndHotKey}): {@code hot_key_share}, the exact share of requests that
 * go to the hottest key ({@code 1/H(n,s)}, or {@code 1/n} for uniform), and for zipf
 * {@code hot_key_share_observed}, the share of this trial's draws that went to rank 1.
 */
public abstract class KeyDistribution {

    public static final String PARAM = "distribution";
    public static final String UNIFORM = "uniform";
    static final String ZIPF = "zipf:";
    static final double MAX_EXPONENT = 5;
    public static final String ALLOWED = "uniform, or zipf:<s> with s in (0, 5] (e.g. zipf:0.99)";

    /** The seed of every zipf trial's draws and of its rank-to-key permutation ("kenshoZF"). */
    static final long SEED = 0x6B656E73686F5A46L;

    /** Keys in the keyspace. */
    final int keyspace;

    private KeyDistribution(int keyspace) {
        this.keyspace = keyspace;
    }

    /** The Zipf exponent of a {@code distribution} value, 0 for {@code uniform}; a bad value is one {@link BadInput} line. */
    static double exponent(String v) {
        String t = v == null ? "" : v.strip().toLowerCase(Locale.ROOT);
        if (t.equals(UNIFORM)) {
            return 0;
        }
        if (t.startsWith(ZIPF)) {
            try {
                double s = Double.parseDouble(t.substring(ZIPF.length()));
                if (s > 0 && s <= MAX_EXPONENT) {
                    return s;
                }
            } catch (NumberFormatException ignored) {
                // falls through to the one-line message
            }
        }
        throw BadInput.of(PARAM, v, ALLOWED);
    }

    /** The rule of the param ({@code ParamRules.rule}). */
    public static void check(String v) {
        exponent(v);
    }

    /** The distribution of {@code v} over {@code keyspace} keys; null is {@code uniform} (a state built outside JMH). */
    public static KeyDistribution of(String v, int keyspace) {
        double s = v == null ? 0 : exponent(v);
        return s == 0 ? new Uniform(keyspace) : new Zipf(keyspace, s, SEED);
    }

    static KeyDistribution uniform(int keyspace) {
        return new Uniform(keyspace);
    }

    /** The next request's key index, in {@code [0, keyspace)}; thread-safe. */
    abstract int nextIndex();

    /** The exact share of requests that go to the hottest key. */
    public abstract double hottestShare();

    /** The share of this instance's draws that went to the hottest key, NaN when not counted (uniform) or none drawn. */
    public abstract double hottestShareObserved();

    /** Every key equally likely, from {@link ThreadLocalRandom}, as before the param existed. */
    static final class Uniform extends KeyDistribution {

        Uniform(int keyspace) {
            super(keyspace);
        }

        @Override
        int nextIndex() {
            return draw(ThreadLocalRandom.current());
        }

        /** One draw from {@code g}: exactly the one {@code nextInt(keyspace)} call the workload always made. */
        int draw(RandomGenerator g) {
            return g.nextInt(keyspace);
        }

        @Override
        public double hottestShare() {
            return 1.0 / keyspace;
        }

        @Override
        public double hottestShareObserved() {
            return Double.NaN; // a count per key would cost a counter array of the keyspace's size
        }
    }

    /** Zipf-distributed ranks by rejection-inversion, mapped to keys through {@link Scatter}. */
    public static final class Zipf extends KeyDistribution {

        final double exponent;
        private final SplittableRandom root;
        private final SharedStateDiscreteSampler prototype;
        private final ThreadLocal<SharedStateDiscreteSampler> samplers = ThreadLocal.withInitial(this::newSampler);
        private final Scatter scatter;
        private final LongAdder draws = new LongAdder();
        private final LongAdder hottest = new LongAdder();
        private final double hottestShare;

        Zipf(int keyspace, double exponent, long seed) {
            super(keyspace);
            this.exponent = exponent;
            this.root = new SplittableRandom(seed);
            this.prototype = RejectionInversionZipfSampler.of(provider(new SplittableRandom(seed)), keyspace, exponent);
            this.scatter = new Scatter(keyspace, seed);
            this.hottestShare = 1 / harmonic(keyspace, exponent);
        }

        private static UniformRandomProvider provider(SplittableRandom r) {
            return r::nextLong;
        }

        /** A thread's own sampler: the shared sampler state over a stream split off the seeded root. */
        private synchronized SharedStateDiscreteSampler newSampler() {
            return prototype.withUniformRandomProvider(provider(root.split()));
        }

        /** The next rank, 1 (hottest) … keyspace, from this thread's stream. */
        int nextRank() {
            int rank = samplers.get().sample();
            draws.increment();
            if (rank == 1) {
                hottest.increment();
            }
            return rank;
        }

        @Override
        int nextIndex() {
            return scatter.apply(nextRank() - 1);
        }

        /** The key index of a rank (1 = the hottest key). */
        public int keyOfRank(int rank) {
            return scatter.apply(rank - 1);
        }

        @Override
        public double hottestShare() {
            return hottestShare;
        }

        @Override
        public double hottestShareObserved() {
            long n = draws.sum();
            return n == 0 ? Double.NaN : (double) hottest.sum() / n;
        }
    }

    /**
     * The generalized harmonic number {@code H(n,s) = Σ_{k=1..n} k^-s}: summed exactly up to
     * {@value #DIRECT_TERMS} terms, beyond that the rest by Euler–Maclaurin (integral, end-point and two
     * derivative terms; relative error below 1e-13 at any {@code n}, see KeyDistributionTest).
     */
    public static double harmonic(int n, double s) {
        int m = Math.min(n, DIRECT_TERMS);
        double sum = 0;
        for (int k = m; k >= 1; k--) { // smallest terms first
            sum += Math.pow(k, -s);
        }
        if (n == m) {
            return sum;
        }
        // Σ_{k=m+1..n} f(k) = ∫_m^n f + (f(n) - f(m))/2 + (f'(n) - f'(m))/12 - (f'''(n) - f'''(m))/720 + …
        double a = m;
        double b = n;
        double lnRatio = Math.log(b / a);
        double integral = Math.abs(1 - s) < 1e-12 ? lnRatio : Math.pow(a, 1 - s) * Math.expm1((1 - s) * lnRatio) / (1 - s);
        double d1 = -s * (Math.pow(b, -s - 1) - Math.pow(a, -s - 1));
        double d3 = -s * (s + 1) * (s + 2) * (Math.pow(b, -s - 3) - Math.pow(a, -s - 3));
        return sum + integral + (Math.pow(b, -s) - Math.pow(a, -s)) / 2 + d1 / 12 - d3 / 720;
    }

    private static final int DIRECT_TERMS = 10_000;

    /**
     * A seeded pseudo-random permutation of {@code [0, n)} without a table (a 14.7M-key table would cost 59 MB per
     * trial): three rounds of multiply-by-odd, add and xor-shift — each a bijection on {@code bits}-bit integers,
     * {@code 2^bits} the next power of two ≥ n — applied again while the result is ≥ n (cycle walking: the orbit of
     * an index below n returns below n, after fewer than two steps on average).
     */
    static final class Scatter {
        private final int n;
        private final long mask;
        private final int shift;
        private final long[] mul = new long[3];
        private final long[] add = new long[3];

        Scatter(int n, long seed) {
            this.n = n;
            int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(n - 1L));
            this.mask = (1L << bits) - 1;
            this.shift = Math.max(1, (bits + 1) / 2);
            SplittableRandom r = new SplittableRandom(seed ^ 0x5CA77E5L);
            for (int i = 0; i < mul.length; i++) {
                mul[i] = r.nextLong() | 1;
                add[i] = r.nextLong();
            }
        }

        int apply(int index) {
            long y = index;
            do {
                for (int i = 0; i < mul.length; i++) {
                    y = (y * mul[i] + add[i]) & mask;
                    y ^= y >>> shift;
                }
            } while (y >= n);
            return (int) y;
        }
    }
}
