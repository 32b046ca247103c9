package dev.kensho.report.stats;

import dev.kensho.common.export.ForkSpread;
import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The interval of a ratio of two independent means, at the report's confidence ({@link Results#CONFIDENCE},
 * JMH's 99.9%), valid at any width (docs/method.md, "Intervals"). {@link #of} tries the {@link RatioMethod}s in
 * their order and takes the first that applies to both rows:
 * <ul>
 *   <li>{@link ConfidenceSequence#paired} — two rows of one class whose rounds the run looked at after each round
 *       (stopping a case once its claims were decided): an anytime-valid interval over the rounds both have;</li>
 *   <li>{@link #pooledSpread} over rounds — two rows of one method's cases from the same interleaved rounds (two
 *       or more), the spread of the rounds pooled over the method's cases ({@link ForkSpreads#ofRounds}: round
 *       effects taken out as pairing does, so two rounds of twelve cells have 11 degrees of freedom where pairing
 *       one claim's two rounds has 1);</li>
 *   <li>{@link #paired} — other rows of one class's rounds: Student t over the rounds' ratios (fork mean over
 *       fork mean, round by round), so host drift that moves both sides of a round alike cancels;</li>
 *   <li>{@link #pooledSpread} — Student t on the log ratio, each side's variance the spread of a fork's mean
 *       pooled over the cases of its method ({@link ForkSpreads}) over its forks;</li>
 *   <li>{@link #bootstrap} — a percentile bootstrap over JMH's per-fork iterations (two forks or more, or one
 *       fork of {@value #MIN_ONE_FORK_ITERATIONS} iterations or more): forks resampled, then iterations within
 *       each resampled fork (iterations only when a side has one fork, and then widened by the fork-to-fork
 *       spread that side cannot show, {@link #HOST_FORK_LOG_SD}), fixed seed;</li>
 *   <li>{@link #delta} — relative half-widths add in quadrature; only when both sides are within
 *       ±{@value #DELTA_LIMIT_PERCENT}%, where it agrees with the exact methods;</li>
 *   <li>{@link #fieller} — Fieller's exact interval from each side's mean, half-width and sample count (rows that
 *       carry only a score and a half-width: derived rates, recorded measurements); unbounded when the
 *       denominator's interval reaches 0.</li>
 * </ul>
 */
public final class RatioInterval {

    /** Both sides' relative half-widths at most this: the delta rule is used. */
    static final double DELTA_LIMIT = 0.10;
    static final int DELTA_LIMIT_PERCENT = 10;
    /** Bootstrap resamples: 0.05% of 20,000 leaves 10 in each tail of a 99.9% interval. */
    static final int RESAMPLES = 20_000;
    /** Fixed, so the same run renders the same report. */
    static final long SEED = 29L;

    /** What a one-round run's method adds: its sides were interleaved, but one round cannot be paired. */
    public static final String ONE_ROUND = "; one round: not paired";
    /**
     * How far a fork's mean moves from one JVM to the next on this kind of host, as a standard deviation of its log:
     * the widest measured here (8–16% on A/A pairs of runs, docs/method.md "One run is one sample of a verdict"). A
     * side measured in one fork cannot show that spread, so its bootstrap over iterations alone is valid only for
     * that one JVM; {@link #withHostSpread} adds this much per one-fork side.
     */
    public static final double HOST_FORK_LOG_SD = 0.16;
    /** The normal quantile at the report's confidence (3.29 at 99.9%): the host's spread is taken as known. */
    private static final double Z = new NormalDistribution().inverseCumulativeProbability(1 - (1 - Results.CONFIDENCE) / 2);
    /** What a bootstrap's method adds when it carries {@link #HOST_FORK_LOG_SD} for its one-fork sides. */
    public static final String HOST_SPREAD = " + the host's fork spread (log sd " + HOST_FORK_LOG_SD + " per one-fork side)";
    /** A side with one fork needs this many iterations for a bootstrap over them. */
    static final int MIN_ONE_FORK_ITERATIONS = 5;
    /**
     * What a bootstrap's method adds when a side's forks disagree ({@link Width#forksDisagree}) and that side has
     * fewer than {@value #MIN_SPREAD_FORKS} forks: resampling two forks draws only their two means, so the interval
     * stops at them and cannot bound how far a third JVM (or a rerun) lands. The verdict is then not resolved.
     */
    public static final String FEW_FORKS = "; a side's forks disagree and 2 cannot bound their spread";
    /** The forks a side needs before a bootstrap over disagreeing forks decides a verdict. */
    static final int MIN_SPREAD_FORKS = 3;

    private RatioInterval() {
    }

    /** The interval of {@code a / b} by the first {@link RatioMethod} that applies; null when none does (one sample). */
    public static Interval of(Results.Row a, Results.Row b) {
        for (RatioMethod m : RatioMethod.values()) {
            if (applies(m, a, b)) {
                return by(m, a, b);
            }
        }
        return null;
    }

    /** Whether method {@code m} can bound {@code a / b}. */
    static boolean applies(RatioMethod m, Results.Row a, Results.Row b) {
        Forks fa = a.forks();
        Forks fb = b.forks();
        boolean forks = fa != null && fb != null;
        boolean positive = a.score() > 0 && b.score() > 0;
        return switch (m) {
            // from the first round on: a looked row with one round is unbounded, as the run's own look said (a bootstrap
            // over one fork's iterations would bound it without the spread between forks, and decide what the run left open)
            case ANYTIME -> forks && fa.looked() && fb.looked() && a.experiment().equals(b.experiment()) && a.cls().equals(b.cls())
                    && Math.min(fa.count(), fb.count()) >= 1;
            case POOLED_ROUNDS -> forks && sameRounds(a, b) && fa.rounds() >= 2 && fa.spread() != null
                    && fa.spread().rounds() == fa.rounds() && fa.spread().equals(fb.spread()) && positive;
            case PAIRED -> forks && sameRounds(a, b) && fa.rounds() >= 2;
            // a spread of rounds has the round effects taken out: it bounds only a ratio within those rounds
            case POOLED_SPREAD -> forks && fa.spread() != null && fb.spread() != null && fa.spread().rounds() == 0
                    && fb.spread().rounds() == 0 && positive;
            case BOOTSTRAP -> forks && resamplable(fa) && resamplable(fb);
            case DELTA -> narrow(a) && narrow(b);
            case FIELLER -> !Double.isNaN(a.halfWidth()) && !Double.isNaN(b.halfWidth());
        };
    }

    /** The interval of {@code a / b} by method {@code m}, which {@link #applies}. */
    static Interval by(RatioMethod m, Results.Row a, Results.Row b) {
        Forks fa = a.forks();
        Forks fb = b.forks();
        return switch (m) {
            case ANYTIME -> ConfidenceSequence.REPORT.paired(fa.iterations(), fb.iterations());
            case POOLED_ROUNDS, POOLED_SPREAD -> pooledSpread(a.score(), fa.count(), fa.spread(), b.score(), fb.count(), fb.spread());
            case PAIRED -> paired(fa.iterations(), fb.iterations());
            case BOOTSTRAP -> {
                Interval i = withHostSpread(a.score() / b.score(), bootstrap(fa.iterations(), fb.iterations()),
                        (fa.count() == 1 ? 1 : 0) + (fb.count() == 1 ? 1 : 0));
                String qualifier = sameRounds(a, b) ? ONE_ROUND
                        : !i.isUnbounded() && (tooFewToBound(fa) || tooFewToBound(fb)) ? FEW_FORKS : "";
                yield qualifier.isEmpty() ? i : new Interval(i.low(), i.high(), i.method() + qualifier).restingOn(i.repeats(), i.df());
            }
            case DELTA -> delta(a.score(), a.halfWidth(), b.score(), b.halfWidth());
            case FIELLER -> fieller(a.score(), a.halfWidth(), a.samples(), b.score(), b.halfWidth(), b.samples());
        };
    }

    /** A side within ±{@value #DELTA_LIMIT_PERCENT}%. */
    private static boolean narrow(Results.Row r) {
        double h = r.halfWidth();
        return !Double.isNaN(h) && h / Math.abs(r.score()) <= DELTA_LIMIT;
    }

    /**
     * Enough for a bootstrap: two forks or more, or one fork of at least {@value #MIN_ONE_FORK_ITERATIONS}
     * iterations (then only its iterations are resampled).
     */
    static boolean resamplable(Forks f) {
        if (f.iterations().isEmpty() || f.iterations().stream().anyMatch(k -> k.length == 0)) {
            return false;
        }
        return f.count() >= 2 || f.iterations().get(0).length >= MIN_ONE_FORK_ITERATIONS;
    }

    /**
     * Both rows are cases of one class measured in the same rounds: fork k of each is round k's. Rows of
     * different classes ran their rounds one class after the other, not interleaved.
     */
    static boolean sameRounds(Results.Row a, Results.Row b) {
        Forks fa = a.forks();
        Forks fb = b.forks();
        return fa.rounds() > 0 && fa.rounds() == fb.rounds() && fa.count() == fa.rounds() && fb.count() == fb.rounds()
                && a.experiment().equals(b.experiment()) && a.cls().equals(b.cls());
    }

    /**
     * The interval of {@code num / den} from rounds: fork k of each side measured in round k. Per round the
     * ratio of the two forks' means; the interval is Student t over those ratios (their mean ± t·sd/√n, n − 1
     * degrees of freedom), so what moves both sides of a round alike (host drift between rounds) cancels.
     * Unbounded when a denominator fork's mean is not positive.
     */
    public static Interval paired(List<double[]> num, List<double[]> den) {
        int n = Math.min(num.size(), den.size());
        double[] ratios = new double[n];
        for (int k = 0; k < n; k++) {
            double d = Arrays.stream(den.get(k)).average().orElse(Double.NaN);
            if (!(d > 0)) {
                return Interval.unbounded(RatioMethod.pairedLabel(n));
            }
            ratios[k] = Arrays.stream(num.get(k)).average().orElse(Double.NaN) / d;
        }
        double mean = Arrays.stream(ratios).average().orElse(Double.NaN);
        double ss = Arrays.stream(ratios).map(r -> (r - mean) * (r - mean)).sum();
        double h = quantile(n) * Math.sqrt(ss / (n - 1)) / Math.sqrt(n);
        return new Interval(mean - h, mean + h, RatioMethod.pairedLabel(n)).restingOn(n, n - 1);
    }

    /**
     * The interval of {@code a / b} from the spread of a fork's mean pooled over each side's method
     * ({@link ForkSpread}): on the log scale, each side's mean varies as its spread² over its forks, the two add,
     * and Student t at the pooled degrees of freedom (Welch–Satterthwaite's when the sides pool different methods)
     * bounds the log ratio. One fork and two forks are treated alike: the spread comes from every case of the
     * method, not from a case's own one or two forks, so two forks that agree by chance do not narrow it and two
     * that disagree do not void it.
     */
    public static Interval pooledSpread(double a, int na, ForkSpread sa, double b, int nb, ForkSpread sb) {
        double va = sa.logSd() * sa.logSd() / na;
        double vb = sb.logSd() * sb.logSd() / nb;
        boolean same = sa.equals(sb);
        double df = same ? sa.df() : (va + vb) * (va + vb) / (va * va / sa.df() + vb * vb / sb.df());
        if (!(df >= 1)) {
            df = Math.min(sa.df(), sb.df()); // both spreads 0: no noise seen, the smaller pool's df
        }
        double h = Interval.tQuantile(df) * Math.sqrt(va + vb);
        double r = a / b;
        int cases = same ? sa.cases() : sa.cases() + sb.cases();
        return new Interval(r * Math.exp(-h), r * Math.exp(h),
                same && sa.rounds() > 0 ? RatioMethod.pooledRoundsLabel(df, cases, sa.rounds()) : RatioMethod.pooledSpreadLabel(df, cases))
                .restingOn(Math.min(na, nb), df);
    }

    /** First-order: the ratio's relative half-width is the two relative half-widths in quadrature. */
    public static Interval delta(double a, double ha, double b, double hb) {
        double r = a / b;
        double h = Math.abs(r) * Math.hypot(ha / a, hb / b);
        return new Interval(r - h, r + h, RatioMethod.DELTA_LABEL);
    }

    /**
     * Fieller's interval for {@code a / b} of two independent means, each given as mean, half-width at the
     * report's confidence (Student t, {@code n - 1} degrees of freedom) and sample count; the ratio's interval
     * uses Student t over the smaller side's degrees of freedom. Unbounded when {@code b}'s interval reaches 0.
     */
    public static Interval fieller(double a, double ha, int na, double b, double hb, int nb) {
        double seA = ha / quantile(na);
        double seB = hb / quantile(nb);
        double q = quantile(Math.min(na, nb));
        double g = q * q * seB * seB / (b * b);
        if (g >= 1) {
            return Interval.unbounded(RatioMethod.FIELLER_LABEL);
        }
        double r = a / b;
        double spread = q / Math.abs(b) * Math.sqrt(seA * seA * (1 - g) + r * r * seB * seB);
        double lo = (r - spread) / (1 - g);
        double hi = (r + spread) / (1 - g);
        return new Interval(Math.min(lo, hi), Math.max(lo, hi), RatioMethod.FIELLER_LABEL).restingOn(0, Math.max(1, Math.min(na, nb) - 1));
    }

    /** Student t's two-sided quantile at the report's confidence for a mean of {@code n} samples. */
    static double quantile(int n) {
        return Interval.tQuantile(n - 1);
    }

    /** Two forks (up to {@value #MIN_SPREAD_FORKS} − 1) whose means lie apart more than their iterations explain. */
    static boolean tooFewToBound(Forks f) {
        return f.count() >= 2 && f.count() < MIN_SPREAD_FORKS && Width.forksDisagree(f);
    }

    /**
     * Percentile bootstrap of the ratio of pooled means {@code mean(num) / mean(den)}, each side given as its
     * forks' iterations (JMH's {@code rawData}). Each resample draws forks with replacement, then iterations
     * with replacement within each drawn fork; a side with one fork resamples its iterations only, and the
     * method says so. Unbounded when the resampled denominator's range reaches 0.
     */
    public static Interval bootstrap(List<double[]> num, List<double[]> den) {
        SplittableRandom rnd = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        double denLow = Double.POSITIVE_INFINITY;
        double denHigh = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < RESAMPLES; i++) {
            double d = resampledMean(den, rnd);
            denLow = Math.min(denLow, d);
            denHigh = Math.max(denHigh, d);
            ratios[i] = resampledMean(num, rnd) / d;
        }
        String method = num.size() < 2 || den.size() < 2 ? RatioMethod.BOOTSTRAP_ONE_FORK_LABEL : RatioMethod.BOOTSTRAP_LABEL;
        if (denLow <= 0 && denHigh >= 0) {
            return Interval.unbounded(method);
        }
        Arrays.sort(ratios);
        double tail = (1 - Results.CONFIDENCE) / 2;
        return new Interval(ratios[(int) Math.floor(tail * (RESAMPLES - 1))],
                ratios[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))], method).restingOn(Math.min(num.size(), den.size()), 0);
    }

    /**
     * {@code i}, a bootstrap of {@code ratio} over the iterations of {@code oneForkSides} sides measured in one fork
     * each (0–2), widened by the fork-to-fork spread those sides cannot show: on the log scale each end's distance
     * from the ratio and z · √sides · {@value #HOST_FORK_LOG_SD} add in quadrature (z the normal quantile at the
     * report's confidence, the spread taken as known). Unchanged when no side has one fork, or when it is unbounded.
     */
    static Interval withHostSpread(double ratio, Interval i, int oneForkSides) {
        if (oneForkSides == 0 || i.isUnbounded() || !(ratio > 0) || !(i.low() > 0)) {
            return i;
        }
        double host = Z * Math.sqrt(oneForkSides) * HOST_FORK_LOG_SD;
        double log = Math.log(ratio);
        double down = Math.hypot(log - Math.log(Math.min(i.low(), ratio)), host);
        double up = Math.hypot(Math.log(Math.max(i.high(), ratio)) - log, host);
        return new Interval(Math.exp(log - down), Math.exp(log + up), i.method() + HOST_SPREAD)
                .restingOn(i.repeats(), i.df());
    }

    /** The pooled mean of one resample: forks drawn with replacement, then iterations within each. */
    static double resampledMean(List<double[]> forks, SplittableRandom rnd) {
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks.size(); f++) {
            double[] fork = forks.size() == 1 ? forks.get(0) : forks.get(rnd.nextInt(forks.size()));
            for (int i = 0; i < fork.length; i++) {
                sum += fork[rnd.nextInt(fork.length)];
            }
            n += fork.length;
        }
        return sum / n;
    }
}
