package dev.kensho.reliability;

/** {@link RedisExternalSafety} for every benchmark of redis-sets: all but the cluster-only ones and those that need the destructive opt-in run. */
class SetsExternalSafetyTest extends RedisExternalSafety {

    SetsExternalSafetyTest() {
        super("dev.kensho.redis.sets.", 7);
    }
}
