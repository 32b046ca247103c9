package dev.kensho.common;

/** A deliberately wrong class (test sources only): a root package that a package below it names back. */
public class ArchFixtureRoot {
    public dev.kensho.common.archfixture.Leaf leaf;
}
