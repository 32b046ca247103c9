/**
 * Redis targets: {@link dev.kensho.targets.redis.RedisTarget}, what every server kind is (the guarded
 * destructive commands, the server watch), {@link dev.kensho.targets.redis.RedisCluster}, the endpoint and the
 * settings, and {@link dev.kensho.targets.redis.KeyOwnership}, which keeps a run from touching keys it did not
 * create. The server kinds are in {@code servers}, opened by {@code opening.RedisTargets}; {@code INFO} is read in
 * {@code info}; {@code redis-cli --pipe} in {@code cli}.
 */
package dev.kensho.targets.redis;
