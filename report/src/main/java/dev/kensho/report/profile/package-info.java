/**
 * The profiles of a run read for the user: each profiled case's recordings ({@code profiles.jsonl}, written by
 * {@code dev.kensho.common.profile}) summarised — top frames by self CPU samples, bytes allocated per operation, GC
 * pause time per second ({@link JfrSummary}, with the JDK's {@code jdk.jfr.consumer}; a perf profile's leaf frames,
 * {@link FrameCounts#collapsed}) — with interactive flame graphs ({@link FlameGraphs}, async-profiler's converter; a
 * JFR recording's stacks split into CPU, wall-clock, allocation and lock views by {@link JfrStacks}), and per
 * published claim whose two sides were profiled, the frames whose share changed most ({@link ClaimDiff}) and a
 * differential flame graph ({@link DiffFlameGraph}). {@link ProfilePart} assembles it as plain {@link Grid}s the
 * report renders; {@link ProfiledRuns} keeps Compare and Pool from mixing profiled and plain runs.
 */
package dev.kensho.report.profile;
