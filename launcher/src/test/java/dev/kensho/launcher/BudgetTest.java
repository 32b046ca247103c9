package dev.kensho.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is left of the budget for a class: the budget less the run so far and the planned time after the class. */
class BudgetTest {

    @Test
    void aClassGetsWhatTheClassesAndModulesAfterItLeave() {
        BuildShare build = new BuildShare(10, 600, 5, 300, 0); // 10 min of earlier modules, 5 min of later ones
        Budget b = new Budget(60, System.nanoTime(), List.of("A", "B", "C"), Map.of("A", 100.0, "B", 200.0, "C", 400.0), build);
        // A: 3600 − 600 before − 200 (B) − 400 (C) − 300 later modules; a few seconds pass while the test runs
        assertEquals(2100, b.leftFor("A").getAsDouble(), 5);
        assertEquals(2300, b.leftFor("B").getAsDouble(), 5);
        assertEquals(2700, b.leftFor("C").getAsDouble(), 5);
    }

    /**
     * A fresh checkout: no later module has a timed run here. Each untimed later module is reserved as much as this
     * module gets, so the first of five modules has a fifth of the hour, not all of it.
     */
    @Test
    void untimedLaterModulesAreReservedAnEqualShare() {
        Budget first = new Budget(60, System.nanoTime(), List.of("A"), Map.of("A", 100.0), new BuildShare(0, 0, 0, 0, 4));
        assertEquals(720, first.leftFor("A").getAsDouble(), 5, "3600 ÷ 5 for this module and four untimed ones");
        // 20 min in, two untimed modules and one timed (5 min) after it: (3600 − 1200 − 300) ÷ 3 each
        Budget third = new Budget(60, System.nanoTime(), List.of("A"), Map.of(), new BuildShare(0, 1200, 5, 300, 2));
        assertEquals(700, third.leftFor("A").getAsDouble(), 5);
        Budget fed = new Budget(60, System.nanoTime(), List.of("A"), Map.of(), new BuildShare(0, 0, 0, 0, 0));
        assertEquals(3600, fed.leftFor("A").getAsDouble(), 5, "the last module, or every later one timed: no share taken");
    }

    /** With shares, the first of five modules keeps its 20 of the hour's 60 parts, not a fifth of it. */
    @Test
    void untimedLaterModulesAreReservedTheirShares() {
        Budget first = new Budget(60, System.nanoTime(), List.of("A"), Map.of(), new BuildShare(0, 0, 0, 0, 4, 20, 40));
        assertEquals(1200, first.leftFor("A").getAsDouble(), 5);
    }

    @Test
    void aSpentBudgetLeavesNothing() {
        Budget b = new Budget(1, System.nanoTime() - 120_000_000_000L, List.of("A"), Map.of("A", 10.0), BuildShare.NONE);
        assertTrue(b.leftFor("A").getAsDouble() < 0, "a minute's budget two minutes in");
        assertTrue(b.spent(), "a class outside rounds starts no more");
        assertFalse(new Budget(60, System.nanoTime(), List.of("A"), Map.of("A", 10.0), BuildShare.NONE).spent());
        assertTrue(new Budget(60, System.nanoTime(), List.of("A"), Map.of(), new BuildShare(0, 3700, 0, 0, 0)).spent(),
                "the build's earlier modules used the hour");
    }

    @Test
    void theFileSaysTheBudgetAndTheWholeBuildsUse(@TempDir Path dir) throws Exception {
        Budget b = new Budget(60, System.nanoTime(), List.of("A"), Map.of(), new BuildShare(0, 600, 0, 0, 0));
        b.write(dir, Double.NaN);
        assertEquals("{\"minutes\":60.0}", Files.readString(dir.resolve(Budget.FILE)).replaceAll("\\s", ""));
        b.write(dir, 100);
        assertEquals("{\"minutes\":60.0,\"usedSeconds\":700.0}", Files.readString(dir.resolve(Budget.FILE)).replaceAll("\\s", ""));
    }
}
