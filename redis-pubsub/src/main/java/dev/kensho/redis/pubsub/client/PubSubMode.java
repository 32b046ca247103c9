package dev.kensho.redis.pubsub.client;

/** Classic Pub/Sub ({@code PUBLISH}/{@code SUBSCRIBE}) or sharded Pub/Sub ({@code SPUBLISH}/{@code SSUBSCRIBE}, Redis 7). */
public enum PubSubMode {
    CLASSIC, SHARDED
}
