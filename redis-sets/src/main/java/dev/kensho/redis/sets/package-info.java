/**
 * Experiment 1 — set algebra for audience segmentation (seed {@code 000_f08a651e42b40c2f.txt}): one
 * Redis SET per attribute, 64-byte pseudo-random user ids as members. {@link dev.kensho.redis.sets.SetImportBenchmark}
 * is the bulk {@code SADD} import the write-up timed with {@code redis-cli --pipe}.
 */
package dev.kensho.redis.sets;
