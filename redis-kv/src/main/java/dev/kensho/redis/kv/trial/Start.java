package dev.kensho.redis.kv.trial;

/** State of the database when a kv trial starts: empty, or every key of the keyspace SET before it. */
public enum Start { EMPTY, PRELOADED }
