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

    /**
     * A fresh checkout: the untimed later modules are reserved their shares of what is left, beside this module's, so
     * a module with a larger share leaves less for itself only in proportion; a module without a share counts as the mean.
     */
    @Test
    void untimedLaterModulesKeepTheirSharesOfTheBudget(@TempDir Path root) throws Exception {
        Path now = run(root, "now", "{\"scale\":\"default\",\"started\":0}");
        BuildShare first = BuildShare.of(RunFolder.at(now), "default", "hbase-meter",
                List.of("hbase-meter:20", "redis-kv:13", "redis-sets:11", "redis-pubsub:9", "kinesis-batch:7"), root, 0);
        assertEquals(4, first.untimedAfter());
        assertEquals(20, first.share(), 1e-9);
        assertEquals(40, first.untimedShares(), 1e-9);
        assertEquals(2400, first.laterModules(3600), 1e-9, "40 of 60 parts of the hour");
        // the same reactor, from redis-sets on: what the earlier modules left is divided 11 : 9 + 7
        BuildShare third = BuildShare.of(RunFolder.at(now), "default", "redis-sets",
                List.of("hbase-meter:20", "redis-kv:13", "redis-sets:11", "redis-pubsub:9", "kinesis-batch:7"), root, 0);
        assertEquals(1600 * 16 / 27.0, third.laterModules(1600), 1e-9);
        assertEquals(java.util.Map.of("a", 2.0, "b", 4.0, "c", 3.0),
                BuildShare.shares(List.of("a:2", "b:4", "c")), "c: the mean of the shares given");
        assertEquals(java.util.Map.of("a", 1.0, "b", 1.0), BuildShare.shares(List.of("a", "b:zero")), "none given: equal parts");
    }

    @Test
    void aReactorEntryCarriesTheShareOfItsModulesScaleFile(@TempDir Path dir) throws Exception {
        Path res = Files.createDirectories(dir.resolve("src/main/resources"));
        Files.writeString(res.resolve(ScaleTable.RESOURCE), "default.@share = 13\nsmoke.X.y = 1\n");
        assertEquals("redis-kv:13", BuildShare.entry("redis-kv", dir, dev.kensho.common.Scale.parse("default")));
        assertEquals("redis-kv:13", BuildShare.entry("redis-kv", dir, dev.kensho.common.Scale.parse("full")), "full falls back to default");
        assertEquals("redis-kv", BuildShare.entry("redis-kv", dir, dev.kensho.common.Scale.parse("smoke")));
        assertEquals("other", BuildShare.entry("other", dir.resolve("absent"), dev.kensho.common.Scale.parse("default")));
    }

    @Test
    void outsideABuildOrForAModuleNotInItThereIsNoShare(@TempDir Path root) throws Exception {
        Path now = run(root, "now", "{\"scale\":\"default\"}");
        assertEquals(BuildShare.NONE, BuildShare.of(RunFolder.at(now), "default", "common", List.of("redis-sets"), root, 0));
        assertEquals("", BuildShare.NONE.plan(3, 10));
    }
}
