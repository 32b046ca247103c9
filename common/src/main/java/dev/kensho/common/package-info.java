/**
 * kensho's core: server launchers ({@code target}), deterministic data generators ({@code data}),
 * scale and the one benchmark launcher ({@code bench}), and the run folder's export and report
 * ({@code export}). Benchmark modules stay thin and ask this package for all of it.
 */
package dev.kensho.common;
