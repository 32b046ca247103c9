package dev.kensho.launcher;

import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A module's share of a Maven build: the modules before it from this run folder, the ones after from the last run here. */
class BuildShareTest {

    private static Path run(Path root, String id, String status) throws Exception {
        Path d = root.resolve(id);
        Files.createDirectories(d.resolve("jmh"));
        Files.writeString(d.resolve(RunFolder.STATUS_FILE), status);
        return d;
    }

    @Test
    void earlierModulesFromThisRunLaterOnesFromTheNewestRunOfTheScale(@TempDir Path root) throws Exception {
        run(root, "old", "{\"scale\":\"default\",\"modules\":{\"redis-kv\":{\"cases\":40,\"seconds\":1200.0},"
                + "\"hbase-meter\":{\"cases\":30,\"seconds\":700.0}}}");
        Path smoke = run(root, "smoke", "{\"scale\":\"smoke\",\"modules\":{\"redis-kv\":{\"cases\":8,\"seconds\":60.0}}}");
        Files.setLastModifiedTime(smoke.resolve(RunFolder.STATUS_FILE), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Path now = run(root, "now", "{\"scale\":\"default\",\"started\":1000000,\"modules\":{\"redis-sets\":{\"cases\":45,\"seconds\":480.0}}}");

        BuildShare b = BuildShare.of(RunFolder.at(now), "default", "redis-pubsub",
                List.of("redis-sets", "redis-kv", "redis-pubsub", "hbase-meter", "kinesis-batch"), root, 1_000_000 + 1_500_000);
        assertEquals(45, b.casesBefore(), "redis-sets ran into this folder; redis-kv did not (yet)");
        assertEquals(1500, b.secondsBefore(), 1e-9, "since the build's first launcher opened the folder");
        assertEquals(30, b.casesAfter(), "hbase-meter from the last default run, not the newer smoke run");
        assertEquals(700, b.secondsAfter(), 1e-9);
        assertEquals(1, b.untimedAfter(), "kinesis-batch never ran at this scale here");
    }

    @Test
    void outsideABuildOrForAModuleNotInItThereIsNoShare(@TempDir Path root) throws Exception {
        Path now = run(root, "now", "{\"scale\":\"default\"}");
        assertEquals(BuildShare.NONE, BuildShare.of(RunFolder.at(now), "default", "common", List.of("redis-sets"), root, 0));
        assertEquals("", BuildShare.NONE.plan(3, 10));
    }
}
