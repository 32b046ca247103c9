/**
 * Where a benchmark gets its Redis: {@link dev.kensho.targets.redis.opening.RedisTargets} picks and opens the
 * server kind the settings ask for, and claims an external server's key prefix for the run
 * ({@code RedisOwnershipClaim}). It stands above the server kinds it chooses between.
 */
package dev.kensho.targets.redis.opening;
