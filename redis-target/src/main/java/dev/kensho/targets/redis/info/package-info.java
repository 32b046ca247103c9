/**
 * What a Redis server says of itself: the one parser of {@code INFO} and {@code CLUSTER INFO} replies
 * ({@link dev.kensho.targets.redis.info.RedisInfo}, per-node counters every module reads them through) and the
 * server's version and configuration as the results record them ({@code ServerRecord}). Names nothing else of
 * redis-target.
 */
package dev.kensho.targets.redis.info;
