package dev.kensho.common.export;

/**
 * How far a fork's mean lands from its case's mean, pooled over every case of one benchmark method and metric, on
 * the log scale: the value a row's {@link Forks} carries once the report has estimated it. It is data here because
 * {@link Results.Row} carries it; how it is estimated (consecutive forks, or interleaved rounds with the round
 * effects taken out) and the interval built on it are the report's statistics ({@code report.stats.ForkSpreads},
 * {@code report.stats.RatioInterval}).
 *
 * @param logSd  the pooled standard deviation of log fork means
 * @param df     its degrees of freedom (at least 1)
 * @param cases  the cases it pools
 * @param rounds the interleaved rounds it was measured in, 0 for consecutive forks
 */
public record ForkSpread(double logSd, int df, int cases, int rounds) {

    /** The spread of consecutive forks. */
    public ForkSpread(double logSd, int df, int cases) {
        this(logSd, df, cases, 0);
    }
}
