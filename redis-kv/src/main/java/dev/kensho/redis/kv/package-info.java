/**
 * Experiment 3 of {@code shared/experiments.md}, "redis-kv": the ElastiCache enhanced-I/O throughput test
 * (write-up 3 (AWS blog; 2019)) reproduced against a real Redis, with {@code io-threads} as the
 * open-source analogue of "enhanced I/O": 16-byte keys, 200-byte values, 80% GET / 20% SET, uniformly
 * random keys, 100 and 800 connections each with one request in flight, Lettuce and Jedis as clients,
 * closed loop or open loop at an offered rate (service-time and intended-time latency, HdrHistogram
 * interval logs), every answer checked against what was written.
 * See {@link dev.kensho.redis.kv.KeyValueThroughputBenchmark}; its yardstick, {@code redis-benchmark} on a
 * server of the same config, is {@link dev.kensho.redis.kv.RedisBenchmarkCalibration}; {@code memtier_benchmark} and the
 * suite's own clients taking turns on one server, {@link dev.kensho.redis.kv.MemtierCalibration}; report section
 * {@link dev.kensho.redis.kv.report.KeyValueSection}. What a Redis Cluster changes — the same workload across 1, 3, …
 * shards, per shard and in total — is {@link dev.kensho.redis.kv.ClusterThroughputBenchmark}. The kv benchmark, its
 * throughput–latency curve and the cluster benchmark each hold one trial engine, {@link dev.kensho.redis.kv.trial.KvTrial}.
 */
package dev.kensho.redis.kv;
