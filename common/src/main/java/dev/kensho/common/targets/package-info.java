/**
 * The servers benchmarks run against, one rule for all three systems: an explicit external endpoint wins, else a
 * container if asked, else the embedded default. {@link dev.kensho.common.targets.Claims}: what a run must make
 * its own on a server it did not start before its first write there, claimed and released by the launcher.
 */
package dev.kensho.common.targets;
