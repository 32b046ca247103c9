package dev.kensho.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim's verdict is compared by kind between two runs: a new number under the same verdict is no change, a
 * verdict that flips is listed with both runs' values, and a claim measured in one run only is not compared.
 */
class VerdictChangesTest {

    private static Rendered run(String... rows) {
        return runMeasuredWith("codec=GZ", rows);
    }

    private static Rendered runMeasuredWith(String measuredWith, String... rows) {
        Table ledger = Table.of("ledger", "published claim or figure", ">ours", ">± (99.9%)", ">published", "verdict",
                "ours measured with", "published on", "source", "chart");
        for (int i = 0; i < rows.length; i += 4) {
            ledger.row(rows[i], rows[i + 1], rows[i + 2], "x", rows[i + 3], measuredWith, "HBase 0.98", "seed", "");
        }
        return new Rendered("hbase-meter", 2, "t", "s", "q", "d", true, ledger, List.of());
    }

    @Test
    void aFlippedVerdictIsListedAndANewNumberUnderTheSameVerdictIsNot() {
        // runs reference-89ec53f and 20261124-184226, same VM instance, no hbase-meter code between them
        Rendered before = run(
                "load time, DIFF + GZ", "1.06 x", "0.495 (unresolved: ±47%)", "not resolved here: our interval contains 1",
                "Scan beats batched Get", "50.41 x", "7.34", "reproduced (ours 50.41 [43.07, 57.75] vs 47.00)",
                "only before", "1 x", "0.1", "reproduced (ours 1 [0.9, 1.1] vs 1)");
        Rendered after = run(
                "load time, DIFF + GZ", "0.665 x", "0.253 (unresolved: ±38%)", "contradicted: opposite direction",
                "Scan beats batched Get", "42.16 x", "6.66", "reproduced (ours 42.16 [35.50, 48.82] vs 47.00)");
        VerdictChanges.Result r = VerdictChanges.between(List.of(before), List.of(after));
        assertEquals(2, r.compared(), "claims in both runs only");
        assertEquals(List.of("hbase-meter: only before (codec=GZ), before only"), r.unmatched());
        assertEquals(1, r.changed().size(), r.changed().toString());
        VerdictChanges.Change c = r.changed().get(0);
        assertEquals("load time, DIFF + GZ", c.claim());
        assertEquals("1.06 x ± 0.495 (unresolved: ±47%): not resolved here: our interval contains 1", c.before());
        assertTrue(c.after().endsWith(": contradicted: opposite direction"), c.after());
        String md = VerdictChanges.markdown(r);
        assertTrue(md.contains("1 of 2 published claims measured in both runs changed verdict"), md);
        assertTrue(md.contains("| hbase-meter | load time, DIFF + GZ | codec=GZ |"), md);
    }

    @Test
    void theDirectionOfAContradictionIsPartOfTheVerdictItsNumbersAreNot() {
        assertEquals(VerdictChanges.kind("reproduced (ours 50.41 [43.07, 57.75] vs 47.00)"),
                VerdictChanges.kind("reproduced (ours 42.16 [35.50, 48.82] vs 47.00)"));
        assertTrue(!VerdictChanges.kind("contradicted: same direction, magnitude outside our interval (ours 2.5 [2.3, 2.7] vs 21)")
                .equals(VerdictChanges.kind("contradicted: opposite direction")));
        assertEquals("", VerdictChanges.markdown(VerdictChanges.between(List.of(), List.of(run()))), "nothing in common: no section");
    }

    @Test
    void aClaimWhoseRunNotesDifferIsStillTheSameClaim() {
        // full-b0e339c vs aa2-35b240b: the load rows' "measured with" gained a width note in one run and not the
        // other, and a match on the whole cell reported "0 of 44 changed" while two hbase verdicts had changed
        Rendered before = runMeasuredWith("codec=GZ days=2 ÷ codec=NONE; 2 cores shared by client and server; rests on one run",
                "load time, GZ ÷ NONE/NONE", "1.08 x", "[0.847, 1.35]", "contradicted: magnitude outside our interval, which holds 1");
        Rendered after = runMeasuredWith("codec=GZ days=2 ÷ codec=NONE; 2 cores shared by client and server; rests on one run;"
                        + " wide (±44%): the numerator forks disagree",
                "load time, GZ ÷ NONE/NONE", "0.951 x", "[0.644, 1.37]", "not resolved here: a side's 2 forks disagree");
        VerdictChanges.Result r = VerdictChanges.between(List.of(before), List.of(after));
        assertEquals(1, r.compared());
        assertEquals(1, r.changed().size(), "the flip is seen");
        assertEquals("codec=GZ days=2 ÷ codec=NONE", r.changed().get(0).measuredWith());
        assertTrue(r.unmatched().isEmpty(), r.unmatched().toString());
    }

    @Test
    void claimsInOneRunOnlyAreNamedNotDropped() {
        Rendered before = runMeasuredWith("codec=GZ", "load time", "1.1 x", "0.1", "reproduced");
        Rendered after = runMeasuredWith("codec=SNAPPY", "load time", "1.1 x", "0.1", "reproduced");
        VerdictChanges.Result r = VerdictChanges.between(List.of(before), List.of(after));
        assertEquals(0, r.compared());
        assertEquals(2, r.unmatched().size(), r.unmatched().toString());
        String md = VerdictChanges.markdown(r);
        assertTrue(md.contains("2 claims are in one run only, so not compared"), md);
        assertTrue(md.contains("- hbase-meter: load time (codec=SNAPPY), after only"), md);
    }
}
