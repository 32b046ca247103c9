/**
 * The report: renders the {@code Section}s the modules register (ledger of published claims with our number,
 * interval, verdict, what would resolve an open one and — when the interval is wide — its measured cause; charts,
 * tables) into
 * {@code report.html}/{@code report.md}; compares runs ({@code Compare}), writes the docs blocks ({@code Docs}).
 * It names no experiment or target module ({@code LayeringTest}); it reads common's run folder, export and cpu.
 */
package dev.kensho.report;
