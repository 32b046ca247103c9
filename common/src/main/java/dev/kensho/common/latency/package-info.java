/**
 * Latency recording: HdrHistogram interval logs per case and their percentiles with intervals, written through
 * runfiles so every JVM of a run records into the same folder.
 */
package dev.kensho.common.latency;
