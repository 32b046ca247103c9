/**
 * One trial engine for the three kv benchmarks (KvTrial): a server, a load generator and a round, per case and fork;
 * the offered rate of an open loop, the server's counters per shard, and what a trial records. It takes what it needs
 * as its own types (Start, SweptCase) and names no benchmark: the benchmarks in the package above use it.
 */
package dev.kensho.redis.kv.trial;
