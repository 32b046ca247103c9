/**
 * The report: renders the {@code Section}s the modules register (ledger of published claims with our number,
 * interval and verdict, charts, tables) into {@code report.html}/{@code report.md}; compares runs
 * ({@code Compare}), writes the docs blocks ({@code Docs}). It names no experiment. Depends on export and cpu.
 */
package dev.kensho.common.report;
