/**
 * A run folder after the fact: reads JMH JSON and recorded measurements into rows ({@code Results}), writes
 * results.csv, summary.md, env.json and the CI formats ({@code Export}), keeps status.json ({@code RunFolder}).
 * Above runfiles, cpu, latency and shard; below report and bench.
 */
package dev.kensho.common.export;
