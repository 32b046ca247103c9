package dev.kensho.launcher;

import dev.kensho.common.Setting;
import dev.kensho.common.Scale;
import dev.kensho.launcher.testing.IdsBenchmark;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scale tables: {@code full} falls back to {@code default}; a class marked {@code @skip} runs only when named. */
class ScaleTableTest {

    /** Test resources: seed.IdsBenchmark.@skip = 1. */
    @Test
    void aClassOutOfTheScalesRunIsSkippedUnlessNamed() {
        System.setProperty(Setting.SCALE.key(), "seed");
        try {
            Plan.ClassPlan all = Plan.of(null, new String[0], false).classes().get(0);
            assertEquals(IdsBenchmark.class, all.cls());
            assertTrue(all.skipped() && all.notes().get(0).startsWith("skipped: not in the seed run"), all.notes().toString());
            assertFalse(Plan.of(java.util.Set.of(IdsBenchmark.class.getName()), new String[0], true)
                    .classes().get(0).skipped(), "its own main names it");
            System.setProperty(Setting.BENCH.key(), "Ids");
            assertFalse(Plan.of(null, new String[0], false).classes().get(0).skipped(), "-Dkensho.bench names it");
        } finally {
            System.clearProperty(Setting.SCALE.key());
            System.clearProperty(Setting.BENCH.key());
        }
    }

    /** Test resources: seed.IdsBenchmark.@methods = generateIds. */
    @Test
    void aScaleRunsOnlyTheMethodsItNames() {
        ScaleTable seed = new ScaleTable(Scale.SEED);
        assertEquals(java.util.List.of("generateIds"),
                seed.methods(IdsBenchmark.class, java.util.List.of("generateIds", "anotherMethod")));
        assertEquals(java.util.List.of(), seed.methods(IdsBenchmark.class, java.util.List.of("anotherMethod")),
                "a method the regex did not select stays out");
        assertEquals(java.util.List.of("generateIds", "anotherMethod"), new ScaleTable(Scale.DEFAULT)
                .methods(IdsBenchmark.class, java.util.List.of("generateIds", "anotherMethod")), "no key: all");
    }

    /** Test resources: seed.ClassServerTest.@methods = noSuchMethod — a typo would otherwise drop a method unseen. */
    @Test
    void aMethodTheClassLacksIsAMistakeInTheTable() {
        ScaleTable t = new ScaleTable(Scale.DEFAULT);
        dev.kensho.common.TargetFailure e = org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(ClassServerTest.class, java.util.Set.of()));
        assertTrue(e.getMessage().contains("seed.ClassServerTest.@methods names noSuchMethod, which is not a benchmark method"),
                e.getMessage());
        t.checkKeys(IdsBenchmark.class, java.util.Set.of("memberBytes")); // seed.…@methods = generateIds: it has it
    }

    /** Test resources: seed.ScaleTableTest.userz = 1 — a key naming no parameter would be ignored unseen. */
    @Test
    void aKeyNamingNoParameterIsAMistakeInTheTable() {
        ScaleTable t = new ScaleTable(Scale.DEFAULT);
        t.checkKeys(IdsBenchmark.class, java.util.Set.of("memberBytes"));
        dev.kensho.common.TargetFailure e = org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(ScaleTableTest.class, java.util.Set.of("users")));
        assertTrue(e.getMessage().contains("seed.ScaleTableTest.userz names neither a parameter of ScaleTableTest (users)"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(IdsBenchmark.class, java.util.Set.of("other")), "memberBytes is not among them");
    }

    @Test
    void fullScaleFallsBackToDefaultSizes() {
        // common's table: default.IdsBenchmark.memberBytes, nothing at full
        assertArrayEquals(new ScaleTable(Scale.DEFAULT).param(IdsBenchmark.class, "memberBytes"),
                new ScaleTable(Scale.FULL).param(IdsBenchmark.class, "memberBytes"));
        assertArrayEquals(new String[]{"16", "64", "256"},
                new ScaleTable(Scale.FULL).param(IdsBenchmark.class, "memberBytes"));
        assertNull(new ScaleTable(Scale.SEED).param(IdsBenchmark.class, "memberBytes"), "seed does not fall back");
        assertEquals(1, new ScaleTable(Scale.SEED).setting(IdsBenchmark.class, "skip"), "the test resource");
        assertNull(new ScaleTable(Scale.DEFAULT).setting(IdsBenchmark.class, "skip"));
        assertEquals(1, new ScaleTable(Scale.SMOKE).setting(IdsBenchmark.class, "forks"));
        assertNull(new ScaleTable(Scale.FULL).setting(IdsBenchmark.class, "forks"));
    }

    /** {@code @claimMinutes} is minutes: read as a number, and a value that is not one stops the run naming the key. */
    @Test
    void claimMinutesAreMinutesOrTheRunStops() {
        assertEquals(1.5, new ScaleTable(Scale.DEFAULT).minutes(IdsBenchmark.class, "claimMinutes"));
        assertEquals(1.5, new ScaleTable(Scale.FULL).minutes(IdsBenchmark.class, "claimMinutes"), "full falls back");
        assertNull(new ScaleTable(Scale.DEFAULT).minutes(IdsBenchmark.class, "nothing"));
        dev.kensho.common.TargetFailure e = org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> new ScaleTable(Scale.SEED).minutes(IdsBenchmark.class, "claimMinutes"));
        assertEquals("kensho-scale.properties: seed.IdsBenchmark.@claimMinutes = soon is not minutes (a number ≥ 0)",
                e.getMessage());
    }
}
