/**
 * Merging the run folders of a sharded run into one: sums of counts, exact merges of latency histograms, and
 * the alignment check that the shards measured the same intervals.
 */
package dev.kensho.common.merge;
