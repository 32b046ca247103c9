package dev.kensho.redis.sets;

/** A deliberately wrong class (test sources only): one experiment module naming another. */
public class ArchFixtureReachesKv {
    public dev.kensho.redis.kv.report.KeyValueSection workload;
}
