package dev.kensho.redis.kv.a.b.c;

/** A deliberately wrong class (test sources only): seven names deep. */
public class ArchFixtureDeep {
}
