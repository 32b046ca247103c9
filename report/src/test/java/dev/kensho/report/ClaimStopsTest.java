package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report says how each answer was reached: the budget's use, and per claim row its rounds, time and stop. */
class ClaimStopsTest {

    private static final String LINES = """
            {"class":"MatrixBenchmark","claim":"load_gz codec=GZ over=codec=NONE","stop":"decided","rounds":7,"seconds":412.0,"interval":"[1.10, 1.52] anytime-valid, 7 paired rounds","verdict":"reproduced"}
            {"class":"MatrixBenchmark","claim":"scan_diff codec=DIFF over=codec=NONE","stop":"remedy beyond budget","rounds":9,"seconds":50.5,"interval":"[0.80, 1.21] anytime-valid, 9 paired rounds","verdict":"not resolved here","roundsNeeded":1001}
            """;

    @Test
    void eachClaimRowSaysItsRoundsTimeAndWhyItStopped(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(ClaimStops.FILE), LINES);
        Table t = ClaimStops.table(dir);
        assertEquals(2, t.rows().size());
        assertEquals(java.util.List.of("MatrixBenchmark", "load_gz codec=GZ over=codec=NONE", "7", "6.9 min", "decided: reproduced",
                "[1.10, 1.52] anytime-valid, 7 paired rounds", ""), t.rows().get(0));
        assertEquals("remedy beyond budget", t.rows().get(1).get(4));
        assertEquals("51 s", t.rows().get(1).get(3));
        assertEquals("more than 1000 rounds", t.rows().get(1).get(6));
    }

    /** A row decided with an unbounded interval says it was decided by what no round changes. */
    @Test
    void aRowDecidedByAConditionSaysSo() throws IOException {
        JsonNode l = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"stop\":\"decided\",\"interval\":\"unbounded\","
                + "\"verdict\":\"not reproducible here: the claim needs 4 cores for the server\"}");
        assertEquals("decided: not reproducible here (no round changes it)", ClaimStops.stopped(l));
        assertEquals("budget", ClaimStops.stopped(new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                "{\"stop\":\"budget\",\"verdict\":\"not resolved here\"}")));
    }

    /** A row the class's allowance for claim rounds stopped names the allowance (the default hour's, fixed before the run). */
    @Test
    void aRowStoppedByTheClasssAllowanceNamesIt() throws IOException {
        JsonNode l = new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"stop\":\"remedy beyond budget\","
                + "\"allowanceMinutes\":3.0,\"verdict\":\"not resolved here\"}");
        assertEquals("remedy beyond budget (the class's 3 min for claim rounds)", ClaimStops.stopped(l));
    }

    /** A row stopped after one round (no interval, so no width law) says what would decide it as its answer row does. */
    @Test
    void anOpenRowWithoutAWidthLawQuotesTheLedgersRemedy(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(ClaimStops.FILE), "{\"class\":\"PubSubThroughputBenchmark\",\"claim\":\"gap_closes\","
                + "\"stop\":\"budget\",\"rounds\":1,\"seconds\":12.0,\"verdict\":\"not resolved here: no interval (one sample);"
                + " resolve: two forks or more per side\"}\n"
                + "{\"class\":\"PubSubThroughputBenchmark\",\"claim\":\"gain\",\"stop\":\"decided\",\"rounds\":1,"
                + "\"seconds\":12.0,\"verdict\":\"reproduced; resolve: never\"}\n");
        Table t = ClaimStops.table(dir);
        assertEquals("two forks or more per side", t.rows().get(0).get(6));
        assertEquals("", t.rows().get(1).get(6), "a decided row needs nothing");
    }

    @Test
    void theHeaderGivesTheBudgetAndItsUse(@TempDir Path dir) throws IOException {
        assertEquals("", ClaimStops.header(dir), "a run without a budget file says nothing");
        Files.writeString(dir.resolve(ClaimStops.BUDGET_FILE), "{\"minutes\": 60.0}");
        assertEquals("Budget 60 min (`kensho.budget`); the run has not ended.", ClaimStops.header(dir));
        Files.writeString(dir.resolve(ClaimStops.BUDGET_FILE), "{\"minutes\": 60.0, \"usedSeconds\": 3120}");
        assertEquals("Budget 60 min (`kensho.budget`); the run took 52 min (87%).", ClaimStops.header(dir));
    }

    @Test
    void theReportShowsThemBelowTheAnswers(@TempDir Path tmp) throws IOException {
        Path run = ReportTest.fixture(tmp.resolve("stops-run"));
        RunFolder.at(run).export();
        assertFalse(Files.readString(run.resolve("report.md")).contains("How each answer was reached"));
        Files.writeString(run.resolve(ClaimStops.FILE), LINES);
        Files.writeString(run.resolve(ClaimStops.BUDGET_FILE), "{\"minutes\": 60.0, \"usedSeconds\": 3120}");
        RunFolder.at(run).export();
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("the run took 52 min (87%)"), md.substring(0, 600));
        assertTrue(md.indexOf("## Answers") < md.indexOf("### How each answer was reached"));
        assertTrue(md.contains("| MatrixBenchmark | scan_diff codec=DIFF over=codec=NONE | 9 | 51 s | remedy beyond budget |"), md);
        assertTrue(Files.readString(run.resolve("report.html")).contains("How each answer was reached"));
    }
}
