/**
 * The external yardsticks of the kv experiment: redis-benchmark and memtier_benchmark found, run and read
 * (RedisBenchmarkTool, MemtierTool), the keyspace they share with the suite's clients, and the server's counters
 * that check what they sent.
 */
package dev.kensho.redis.kv.tool;
