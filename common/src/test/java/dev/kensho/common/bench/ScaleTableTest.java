package dev.kensho.common.bench;

import dev.kensho.common.Scale;
import dev.kensho.common.data.UserIdGeneratorBenchmark;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scale tables: {@code full} falls back to {@code default}; a class marked {@code @skip} runs only when named. */
class ScaleTableTest {

    /** Test resources: seed.UserIdGeneratorBenchmark.@skip = 1. */
    @Test
    void aClassOutOfTheScalesRunIsSkippedUnlessNamed() {
        System.setProperty(dev.kensho.common.Settings.SCALE_PROPERTY, "seed");
        try {
            Plan.ClassPlan all = Plan.of(null, new String[0], false).classes().get(0);
            assertEquals(UserIdGeneratorBenchmark.class, all.cls());
            assertTrue(all.skipped() && all.notes().get(0).startsWith("skipped: not in the seed run"), all.notes().toString());
            assertFalse(Plan.of(java.util.Set.of(UserIdGeneratorBenchmark.class.getName()), new String[0], true)
                    .classes().get(0).skipped(), "its own main names it");
            System.setProperty(dev.kensho.common.Settings.BENCH_PROPERTY, "UserId");
            assertFalse(Plan.of(null, new String[0], false).classes().get(0).skipped(), "-Dkensho.bench names it");
        } finally {
            System.clearProperty(dev.kensho.common.Settings.SCALE_PROPERTY);
            System.clearProperty(dev.kensho.common.Settings.BENCH_PROPERTY);
        }
    }

    /** Test resources: seed.UserIdGeneratorBenchmark.@methods = generateIds. */
    @Test
    void aScaleRunsOnlyTheMethodsItNames() {
        ScaleTable seed = new ScaleTable(Scale.SEED);
        assertEquals(java.util.List.of("generateIds"),
                seed.methods(UserIdGeneratorBenchmark.class, java.util.List.of("generateIds", "anotherMethod")));
        assertEquals(java.util.List.of(), seed.methods(UserIdGeneratorBenchmark.class, java.util.List.of("anotherMethod")),
                "a method the regex did not select stays out");
        assertEquals(java.util.List.of("generateIds", "anotherMethod"), new ScaleTable(Scale.DEFAULT)
                .methods(UserIdGeneratorBenchmark.class, java.util.List.of("generateIds", "anotherMethod")), "no key: all");
    }

    /** Test resources: seed.ClassServerTest.@methods = noSuchMethod — a typo would otherwise drop a method unseen. */
    @Test
    void aMethodTheClassLacksIsAMistakeInTheTable() {
        ScaleTable t = new ScaleTable(Scale.DEFAULT);
        dev.kensho.common.TargetFailure e = org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(ClassServerTest.class, java.util.Set.of()));
        assertTrue(e.getMessage().contains("seed.ClassServerTest.@methods names noSuchMethod, which is not a benchmark method"),
                e.getMessage());
        t.checkKeys(UserIdGeneratorBenchmark.class, java.util.Set.of("memberBytes")); // seed.…@methods = generateIds: it has it
    }

    /** Test resources: seed.ScaleTableTest.userz = 1 — a key naming no parameter would be ignored unseen. */
    @Test
    void aKeyNamingNoParameterIsAMistakeInTheTable() {
        ScaleTable t = new ScaleTable(Scale.DEFAULT);
        t.checkKeys(UserIdGeneratorBenchmark.class, java.util.Set.of("memberBytes"));
        dev.kensho.common.TargetFailure e = org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(ScaleTableTest.class, java.util.Set.of("users")));
        assertTrue(e.getMessage().contains("seed.ScaleTableTest.userz names neither a parameter of ScaleTableTest (users)"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(dev.kensho.common.TargetFailure.class,
                () -> t.checkKeys(UserIdGeneratorBenchmark.class, java.util.Set.of("other")), "memberBytes is not among them");
    }

    @Test
    void fullScaleFallsBackToDefaultSizes() {
        // common's table: default.UserIdGeneratorBenchmark.memberBytes, nothing at full
        assertArrayEquals(new ScaleTable(Scale.DEFAULT).param(UserIdGeneratorBenchmark.class, "memberBytes"),
                new ScaleTable(Scale.FULL).param(UserIdGeneratorBenchmark.class, "memberBytes"));
        assertArrayEquals(new String[]{"16", "64", "256"},
                new ScaleTable(Scale.FULL).param(UserIdGeneratorBenchmark.class, "memberBytes"));
        assertNull(new ScaleTable(Scale.SEED).param(UserIdGeneratorBenchmark.class, "memberBytes"), "seed does not fall back");
        assertEquals(1, new ScaleTable(Scale.SEED).setting(UserIdGeneratorBenchmark.class, "skip"), "the test resource");
        assertNull(new ScaleTable(Scale.DEFAULT).setting(UserIdGeneratorBenchmark.class, "skip"));
        assertEquals(1, new ScaleTable(Scale.SMOKE).setting(UserIdGeneratorBenchmark.class, "forks"));
        assertNull(new ScaleTable(Scale.FULL).setting(UserIdGeneratorBenchmark.class, "forks"));
    }
}
