/**
 * redis-kv's own settings ({@code KvSettings}): the bottom of the module, so the load generators, the tools and the
 * report section read them without naming anything above them.
 */
package dev.kensho.redis.kv.settings;
