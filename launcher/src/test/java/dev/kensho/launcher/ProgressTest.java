package dev.kensho.launcher;

import org.junit.jupiter.api.Test;

import java.io.PrintStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The whole-run ETA: the plan's remaining seconds at the pace of the cases done so far. */
class ProgressTest {

    @Test
    void theEtaScalesThePlanByThePaceSoFar() {
        Progress p = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), 4, 100);
        // first case planned 10 s took 20 s: the machine runs at half the planned pace, 90 planned seconds remain
        assertEquals("[0:20 | 1/4 | ETA 3:00] A.m x=1: 5 ± 1 ops/s", p.line("A.m x=1", "5 ± 1 ops/s", 10, 20));
        // second case planned 30 s, 40 s elapsed in all: pace 1.0, 60 s remain
        assertEquals("[0:40 | 2/4 | ETA 1:00] A.m x=2: 6 ± 1 ops/s", p.line("A.m x=2", "6 ± 1 ops/s", 30, 40));
        p.line("B.m", "1", 30, 70);
        assertEquals("[1:42 | 4/4 | ETA 0:00] B.m: 2", p.line("B.m", "2", 30, 102));
    }

    /** In a Maven build the line counts and times the whole build: earlier modules from the run, later ones from the last run. */
    @Test
    void aModuleOfABuildCountsTheWholeBuild() {
        BuildShare build = new BuildShare(45, 600, 100, 1200, 0);
        Progress p = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), 4, 100, build);
        assertEquals("4 cases, about 1:40 planned; the whole build about 149 cases, 31:40", p.plan());
        // this module's 90 planned seconds left at pace 2, plus the later modules' 1200 s as they took last time
        assertEquals("[10:20 | 46/149 | ETA 23:00] A.m x=1: 5 ± 1 ops/s", p.line("A.m x=1", "5 ± 1 ops/s", 10, 20));
        Progress untimed = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), 4, 100,
                new BuildShare(0, 0, 0, 0, 2));
        assertEquals("[0:20 | 1/4 | ETA 3:00 + 2 modules not timed yet] A.m x=1: 5", untimed.line("A.m x=1", "5", 10, 20));
        assertEquals("4 cases, about 1:40 planned; the whole build about 4 cases, 1:40 (+ 2 modules not timed yet)", untimed.plan());
    }

    /** The ETA is the budget's: it never shows more than what is left of it. */
    @Test
    void theEtaNeverReachesPastTheBudgetsEnd() {
        Progress p = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), 4, 100,
                new BuildShare(0, 30, 0, 0, 2)).budget(120);
        assertEquals("4 cases, about 1:40 planned; the whole build about 4 cases, 2:10 (+ 2 modules not timed yet); budget 2:00",
                p.plan());
        // 30 s before this module, 20 s in it: 70 s left of the budget, where the pace alone would say 3:00 and more
        assertEquals("[0:50 | 1/4 | ETA 1:10 (budget's end)] A.m x=1: 5", p.line("A.m x=1", "5", 10, 20));
        assertEquals("[2:40 | 2/4 | ETA 0:00 (budget's end)] A.m x=2: 6", p.line("A.m x=2", "6", 10, 130), "spent: nothing left");
        Progress roomy = new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), 4, 100).budget(3600);
        assertEquals("[0:20 | 1/4 | ETA 3:00] A.m x=1: 5", roomy.line("A.m x=1", "5", 10, 20), "within the budget: the pace's ETA");
    }

    @Test
    void clockReadsMinutesThenHours() {
        assertEquals("0:59", Progress.clock(59.4));
        assertEquals("52:10", Progress.clock(3130));
        assertEquals("1:02:03", Progress.clock(3723));
    }
}
