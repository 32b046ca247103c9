/**
 * Redis targets: a child redis-server (default), an external URI, a container, or a Redis Cluster; the guarded
 * destructive commands and {@link dev.kensho.targets.redis.KeyOwnership}, which keeps a run from
 * touching keys it did not create.
 */
package dev.kensho.targets.redis;
