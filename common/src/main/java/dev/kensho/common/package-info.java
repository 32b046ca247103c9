/**
 * kensho's core: server launchers ({@code targets}), deterministic data generators ({@code data}),
 * scale and the one benchmark launcher ({@code bench}), the run folder's export ({@code export}) and
 * the report ({@code report}: a renderer of the {@code Section}s the modules register, naming no
 * experiment). Benchmark modules stay thin and ask this package for all of it.
 */
package dev.kensho.common;
