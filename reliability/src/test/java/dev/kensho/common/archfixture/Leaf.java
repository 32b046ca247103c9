package dev.kensho.common.archfixture;

/** A deliberately wrong class (test sources only): names its root package back, and an experiment module. */
public class Leaf {
    public dev.kensho.common.ArchFixtureRoot root;
    public dev.kensho.redis.kv.report.KeyValueSection workload;
}
