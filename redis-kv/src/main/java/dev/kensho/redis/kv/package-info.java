/**
 * Experiment 3 of {@code shared/experiments.md}, "redis-kv": the ElastiCache enhanced-I/O throughput test
 * (seed {@code 002_65f90a132354d484.txt}) reproduced against a real Redis, with {@code io-threads} as the
 * open-source analogue of "enhanced I/O": 16-byte keys, 200-byte values, 80% GET / 20% SET, uniformly
 * random keys, 100 and 800 connections each with one request in flight, Lettuce and Jedis as clients,
 * calibrated against {@code redis-benchmark} on the same server when it is installed.
 * See {@link dev.kensho.redis.kv.KeyValueThroughputBenchmark}; report section {@link dev.kensho.redis.kv.KeyValueSection}.
 */
package dev.kensho.redis.kv;
