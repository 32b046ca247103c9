/**
 * Sharded runs (N client machines offering one load): each shard's share of connections, keys and seed, a
 * common start instant on the target's clock, and the record {@code Merge} needs to put the shards together.
 */
package dev.kensho.common.shard;
