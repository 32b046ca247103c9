package dev.kensho.redis.kv;

/** A deliberately wrong class (test sources only): an experiment's main calling the launcher by name. */
public class ArchFixtureNamesLauncher {
    public static void main(String[] args) {
        dev.kensho.launcher.Bench.main(ArchFixtureNamesLauncher.class, args);
    }
}
