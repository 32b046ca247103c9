/**
 * Deterministic data generators (user ids, set layouts, attribute keys) shared by a benchmark and its sanity
 * test, so both compute the same known answer from the same seed.
 */
package dev.kensho.redis.sets.data;
