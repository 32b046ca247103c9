/**
 * Joining run folders into one: the shards of one sharded run ({@code Merge}: sums of counts, exact merges of
 * latency histograms, and the alignment check that the shards measured the same intervals), and N runs of one
 * commit and scale ({@code Pool}: every run's forks side by side, so a verdict rests on all of them).
 */
package dev.kensho.report.merge;
