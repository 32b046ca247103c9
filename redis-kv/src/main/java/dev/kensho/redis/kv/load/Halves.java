package dev.kensho.redis.kv.load;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;

import java.util.List;
import java.util.Locale;

/**
 * Do the first and second halves of a fork's closed-loop measurement agree? JMH's ± assumes the iterations
 * are alike; a keyspace still filling or a JIT still compiling makes them drift, and then the interval is
 * wrong as well as wide. Compares the mean request rate of the first ⌊n/2⌋ rounds (invocations) of the
 * measurement iterations with that of the last ⌊n/2⌋ (the middle one of an odd count is left out) by Welch's
 * 99.9% interval on the difference.
 *
 * <p>Rounds, not iterations: with 4–5 iterations per fork each half has 2, t(2) = 31.6, and the interval
 * was ±100–8,000% (run reference-89ec53f) — "agrees" could not fail. A fork has 15–75 rounds (run 20261124-184226). Where the
 * interval is still wider than {@value #TESTABLE} the note says the check cannot tell, not that the halves
 * agree. Consecutive rounds are not independent (the host's noise comes in spells), which makes the interval
 * too narrow if anything: a "differs" may be a spell, an "agrees" is not flattered. Open-loop points are not
 * checked: their rate is the schedule's.
 *
 * <p>Recorded per fork: {@code halves_drift} (second ÷ first − 1) and {@code halves_drift_halfwidth}
 * (the 99.9% half-width of that figure), and a note with the verdict.
 */
public final class Halves {

    /** Two-sided 99.9% Student-t quantiles for 1 … 10 degrees of freedom (more: {@link #t}). */
    private static final double[] T = {636.62, 31.60, 12.92, 8.61, 6.87, 5.96, 5.41, 5.04, 4.78, 4.59};

    /** A half-width above this (a share of the rate) is too wide for a verdict: the note says it cannot tell. */
    static final double TESTABLE = 0.10;

    private Halves() {
    }

    /** {drift, half-width} of the second half's mean rate relative to the first's, or null with fewer than 4 rates. */
    static double[] drift(List<Double> rates) {
        int h = rates.size() / 2;
        if (h < 2) {
            return null;
        }
        List<Double> a = rates.subList(0, h);
        List<Double> b = rates.subList(rates.size() - h, rates.size());
        double ma = mean(a);
        double mb = mean(b);
        double va = variance(a, ma) / h;
        double vb = variance(b, mb) / h;
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? 1e9 : Math.pow(va + vb, 2) / (va * va / (h - 1) + vb * vb / (h - 1));
        return new double[]{mb / ma - 1, t(df) * se / ma};
    }

    static double t(double df) {
        int d = (int) Math.floor(df);
        if (d < 1) {
            return T[0];
        }
        if (d <= 10) {
            return T[d - 1];
        }
        return d < 12 ? 4.59 : d < 15 ? 4.32 : d < 20 ? 4.07 : d < 30 ? 3.85 : d < 1000 ? 3.65 : 3.29;
    }

    static void record(Case c, List<Double> rates) {
        double[] d = drift(rates);
        if (d == null) {
            return;
        }
        Recorder.measurement(c.benchmark(), c.params(), "halves_drift", d[0], "ratio");
        Recorder.measurement(c.benchmark(), c.params(), "halves_drift_halfwidth", d[1], "ratio");
        Recorder.note("redis-kv halves", String.format(Locale.ROOT,
                "%s %s: second half of the %d measured rounds %s the first: %+.1f%% ± %.1f%% (99.9%%, Welch)%s",
                c.benchmark().substring(c.benchmark().lastIndexOf('.', c.benchmark().lastIndexOf('.') - 1) + 1),
                c.params(), rates.size(), verdict(d), 100 * d[0], 100 * d[1], switch (verdict(d)) {
                    case DIFFERS -> " — the rate drifted during measurement (a warm-up too short, a state still"
                            + " changing, or a spell of host noise)";
                    case CANNOT_TELL -> " — the rounds are too few or too noisy for a verdict";
                    default -> "";
                }));
    }

    static final String AGREES = "agrees with";
    static final String DIFFERS = "DIFFERS from";
    static final String CANNOT_TELL = "cannot be told apart at this noise from";

    /** The wording of a {drift, half-width}: a verdict only where the interval is narrow enough to fail. */
    static String verdict(double[] d) {
        if (Math.abs(d[0]) > d[1]) {
            return DIFFERS;
        }
        return d[1] <= TESTABLE ? AGREES : CANNOT_TELL;
    }

    private static double mean(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static double variance(List<Double> xs, double m) {
        return xs.stream().mapToDouble(x -> (x - m) * (x - m)).sum() / (xs.size() - 1);
    }
}
