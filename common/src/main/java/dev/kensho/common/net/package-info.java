/**
 * Network helpers for the benchmarks: {@link dev.kensho.common.net.DelayProxy}, a small TCP proxy that adds a
 * round-trip time in front of a local emulator (this kernel has no {@code tc netem}), tested on its own.
 */
package dev.kensho.common.net;
