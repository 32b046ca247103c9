package dev.kensho.newmodule;

/** A deliberately wrong class (test sources only): a package under no module's root. */
public class ArchFixtureStray {
}
