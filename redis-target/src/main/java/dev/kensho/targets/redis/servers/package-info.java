/**
 * The kinds of Redis server a run benchmarks, each a {@link dev.kensho.targets.redis.RedisTarget}: a child
 * redis-server ({@link dev.kensho.targets.redis.servers.EmbeddedRedis}), an embedded Redis Cluster
 * ({@link dev.kensho.targets.redis.servers.EmbeddedCluster}), an external URI
 * ({@link dev.kensho.targets.redis.servers.ExternalRedis}), and a container
 * ({@link dev.kensho.targets.redis.servers.ContainerRedis}, with its image, ready line and reaper).
 */
package dev.kensho.targets.redis.servers;
