package dev.kensho.targets.hbase;

import dev.kensho.common.shard.ShardSettings;
import dev.kensho.common.Setting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which run a table belongs to, without a cluster: the launcher (run id known, run folder not yet set) and its forks
 * (run folder on their command line) name the same tag; two shards of one run, and two runs of one id in two
 * results folders, never do.
 */
class RunTablesTest {

    @AfterEach
    void clear() {
        System.clearProperty(Setting.RUN_DIR.key());
        System.clearProperty(Setting.RESULTS.key());
        System.clearProperty(ShardSettings.SHARD.key());
    }

    @Test
    void theLauncherAndItsForksNameOneTag(@TempDir Path results) {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        String launcher = RunTables.tag("run-1");
        System.setProperty(Setting.RUN_DIR.key(), results.resolve("run-1").toString());
        assertEquals("run-1", RunTables.runId());
        assertEquals(launcher, RunTables.tag(), "a fork, given the run folder, computes the launcher's tag");
        assertTrue(launcher.matches("r[0-9a-f]{8}"), launcher);
        assertTrue(RunTables.qualifier("meter_load").equals("meter_load." + launcher));
    }

    @Test
    void twoShardsOfOneRunNeverShareATag(@TempDir Path results) {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(ShardSettings.SHARD.key(), "0/2");
        String first = RunTables.tag("run-1");
        System.setProperty(ShardSettings.SHARD.key(), "1/2");
        String second = RunTables.tag("run-1");
        assertNotEquals(first, second);
        System.setProperty(ShardSettings.SHARD.key(), "0/2");
        assertEquals(first, RunTables.tag("run-1"), "the same shard names the same tag (the claim refuses the second)");
    }

    @Test
    void oneRunIdInTwoResultsFoldersAreTwoRuns(@TempDir Path a, @TempDir Path b) {
        System.setProperty(Setting.RESULTS.key(), a.toString());
        String inA = RunTables.tag("run-1");
        System.setProperty(Setting.RESULTS.key(), b.toString());
        assertNotEquals(inA, RunTables.tag("run-1"), "two checkouts of one host that pick the same run id");
        assertNotEquals(RunTables.tag("run-1"), RunTables.tag("run-2"));
    }

    @Test
    void aJvmOutsideAnyRunIsARunOfItsOwn() {
        assertTrue(RunTables.runId().matches("adhoc-[0-9a-f]{8}"), RunTables.runId());
        assertEquals(RunTables.tag(RunTables.ADHOC), RunTables.tag());
    }
}
