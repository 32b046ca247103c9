/**
 * The report's statistics, one package: a ratio's interval and the methods it can come from ({@code RatioInterval},
 * the {@code RatioMethod} enum whose text the legend and the captions print), ratios between cases
 * ({@code Ratios}), power-law growth ({@code Growth}), the spread of a fork's mean pooled over a method's cases
 * ({@code ForkSpreads}), why an interval is wide ({@code Width}), Compare's A/A noise floor ({@code NoiseFloor}),
 * and the verdict rules ({@code Verdict} on a {@code Claim}, {@code Remedy} for an open one). It names nothing
 * above it in the report; the values a result row carries ({@code Interval}, {@code Forks}, {@code ForkSpread}) and
 * the one Student t quantile ({@code Interval.tQuantile}) stay in common's export, which writes those rows at run time.
 */
package dev.kensho.report.stats;
