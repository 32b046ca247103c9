package dev.kensho.common.export;

import java.util.Arrays;
import java.util.List;

/**
 * The iterations behind one JMH score, per fork (JMH's {@code rawData}: one array per fork, in fork order), and
 * how many randomised interleaved rounds measured them: {@code rounds} is the fork count of a
 * {@code kensho.rounds} run (fork k measured in round k, every case of the class once per round,
 * see {@code bench.Rounds}), 0 for a run of consecutive forks. Two rows of one class with the same
 * {@code rounds} were measured side by side, round by round, so what moved a whole round can be taken out of
 * their ratio ({@code report.stats.RatioInterval#of}). {@code spread}, when set, is the spread of a fork's mean pooled
 * over the cases of its method ({@link ForkSpread}, estimated by the report's {@code stats.ForkSpreads}); it is
 * derived, and {@link #equals} ignores it. {@code looked} marks rounds the run looked at after each round, stopping
 * a case once every claim it measures was decided (the launcher's plan by claims): a case then has a fork for each of
 * the first {@code rounds} rounds, other cases of its class more or fewer, and a ratio of two of them needs an
 * interval valid under those looks ({@code report.stats.ConfidenceSequence}).
 */
public record Forks(List<double[]> iterations, int rounds, ForkSpread spread, boolean looked) {

    public Forks {
        iterations = List.copyOf(iterations);
    }

    /** Forks of fixed rounds (or consecutive forks), with a pooled spread. */
    public Forks(List<double[]> iterations, int rounds, ForkSpread spread) {
        this(iterations, rounds, spread, false);
    }

    /** Forks without a pooled spread. */
    public Forks(List<double[]> iterations, int rounds) {
        this(iterations, rounds, null);
    }

    /** These forks with the spread of their method's cases. */
    public Forks withSpread(ForkSpread s) {
        return new Forks(iterations, rounds, s, looked);
    }

    /** The number of forks. */
    public int count() {
        return iterations.size();
    }

    /** Iterations over all forks. */
    public int samples() {
        return iterations.stream().mapToInt(f -> f.length).sum();
    }

    /** The mean of all iterations of all forks: JMH's score of a mean-aggregated metric. */
    public double pooledMean() {
        double sum = 0;
        int n = 0;
        for (double[] f : iterations) {
            for (double v : f) {
                sum += v;
            }
            n += f.length;
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The mean of fork {@code k}'s iterations. */
    public double forkMean(int k) {
        return Arrays.stream(iterations.get(k)).average().orElse(Double.NaN);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Forks f) || f.rounds != rounds || f.looked != looked || f.iterations.size() != iterations.size()) {
            return false;
        }
        for (int k = 0; k < iterations.size(); k++) {
            if (!Arrays.equals(iterations.get(k), f.iterations.get(k))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = rounds;
        for (double[] f : iterations) {
            h = 31 * h + Arrays.hashCode(f);
        }
        return h;
    }

    @Override
    public String toString() {
        return "Forks[" + count() + " forks, " + samples() + " iterations" + (rounds > 0 ? ", " + rounds + (looked ? " looked-at" : "") + " rounds" : "") + "]";
    }
}
