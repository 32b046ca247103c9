/**
 * The bottom layer of {@code common}: the files of a run folder as the benchmarks' JVMs write them
 * ({@link dev.kensho.common.runfiles.Recorder}: servers, measurements, notes, series, appended under a file lock)
 * and read them back ({@link dev.kensho.common.runfiles.Jsonl}), and the benchmark case a line belongs to
 * ({@link dev.kensho.common.runfiles.Case}). It depends on no other package of the suite but the settings, so
 * every other package (cpu, latency, shard, targets, export, report, bench) may use it.
 */
package dev.kensho.common.runfiles;
