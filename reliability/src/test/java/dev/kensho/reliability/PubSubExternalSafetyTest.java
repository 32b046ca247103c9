package dev.kensho.reliability;

/** {@link RedisExternalSafety} for every benchmark of redis-pubsub: all but the cluster-only ones and those that need the destructive opt-in run. */
class PubSubExternalSafetyTest extends RedisExternalSafety {

    PubSubExternalSafetyTest() {
        super("dev.kensho.redis.pubsub.", 4);
    }
}
