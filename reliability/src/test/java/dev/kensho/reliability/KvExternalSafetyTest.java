package dev.kensho.reliability;

/** {@link RedisExternalSafety} for every benchmark of redis-kv: all but the cluster-only ones and those that need the destructive opt-in run. */
class KvExternalSafetyTest extends RedisExternalSafety {

    KvExternalSafetyTest() {
        super("dev.kensho.redis.kv.", 4);
    }
}
