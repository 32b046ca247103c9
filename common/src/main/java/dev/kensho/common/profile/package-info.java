/**
 * Profiles attached to results, on the benchmark side: what {@code -Dkensho.jfr=true} records per case and fork
 * ({@link CaseProfiler}: the benchmark JVM with JFR, the servers its targets register in {@link ServerProfiles} — a
 * JVM through {@code jcmd JFR.start/stop}, a native process with {@code perf}, noting a binary that names no
 * functions ({@link ElfSymbols})), where the files go
 * ({@link CaseFiles}, {@link ProfileIndex}), and what the launcher checks and records before the first case
 * ({@link Profiling}: the settings name, JMH's {@code -prof} names, async-profiler's native library). Reading
 * the recordings for the report is {@code dev.kensho.report.profile}'s job.
 */
package dev.kensho.common.profile;
