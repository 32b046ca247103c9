package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.report.stats.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How each answer was reached, for the report: the run's budget and its use ({@value #BUDGET_FILE}, written by the
 * launcher), and per claim row of a class run in rounds planned by its claims ({@value #FILE}) the rounds it took, the
 * time its cases took, the interval at its stop and why it stopped — decided, budget, or remedy beyond budget.
 */
final class ClaimStops {

    /** The launcher's per-claim-row lines (its {@code ClassLooks}). */
    static final String FILE = "claims.jsonl";
    /** The launcher's budget and its use (its {@code Budget}). */
    static final String BUDGET_FILE = "budget.json";

    private ClaimStops() {
    }

    /** "Budget 60 min; the run took 52 min (87%)." — "" for a run that recorded none. */
    static String header(Path dir) {
        Path f = dir.resolve(BUDGET_FILE);
        if (!Files.exists(f)) {
            return "";
        }
        JsonNode b;
        try {
            b = new ObjectMapper().readTree(f.toFile());
        } catch (IOException e) {
            return "";
        }
        double minutes = b.path("minutes").asDouble();
        String budget = String.format(Locale.ROOT, "Budget %s min (`kensho.budget`)", trim(minutes));
        if (!b.has("usedSeconds")) {
            return budget + "; the run has not ended.";
        }
        double used = b.path("usedSeconds").asDouble() / 60;
        return budget + String.format(Locale.ROOT, "; the run took %.0f min (%.0f%%).", used, 100 * used / minutes);
    }

    /** The table of claim rows and where each stopped; empty when no class was planned by its claims. */
    static Table table(Path dir) {
        List<JsonNode> lines = Jsonl.read(dir.resolve(FILE));
        Table t = Table.of("Rounds planned by claims: after each round every claim row's anytime-valid interval"
                        + " (docs/method.md, Intervals under repeated looks); a row stops when decided, when the budget is"
                        + " spent, or when the rounds that would decide it cost more than the budget has left — in the"
                        + " default scale's hour, more than what its class may spend on claim rounds after the first (the"
                        + " class's allowance, fixed in its scale file before the run, named in the row).",
                "class", "claim row", ">rounds", ">time", "stopped", "interval at the stop", "what would decide it");
        for (JsonNode l : lines) {
            String needed = l.has("roundsNeeded") ? (l.path("roundsNeeded").asInt() > 1000 ? "more than 1000 rounds"
                    : "≈ " + l.path("roundsNeeded").asInt() + " rounds") : remedy(l);
            t.row(l.path("class").asText(), l.path("claim").asText(), String.valueOf(l.path("rounds").asInt()),
                    minutes(l.path("seconds").asDouble()), stopped(l), l.path("interval").asText(""), needed);
        }
        return t;
    }

    /**
     * Why the row stopped; a decided row says what it was decided as, so a row decided with an unbounded interval (a
     * condition the host cannot meet, which no round changes) reads as what it is.
     */
    static String stopped(JsonNode l) {
        String stop = l.path("stop").asText();
        String verdict = l.path("verdict").asText("");
        if (!stop.equals("decided")) {
            return l.has("allowanceMinutes") && !stop.equals("open")
                    ? stop + " (the class's " + trim(l.path("allowanceMinutes").asDouble()) + " min for claim rounds)" : stop;
        }
        for (String kind : List.of(Verdict.NOT_REPRODUCIBLE, Verdict.DIRECTION, Verdict.REPRODUCED, Verdict.CONTRADICTED)) {
            if (verdict.startsWith(kind)) {
                return stop + ": " + kind + (kind.equals(Verdict.NOT_REPRODUCIBLE) ? " (no round changes it)" : "");
            }
        }
        return stop;
    }

    /**
     * For an open row with no width law to extrapolate (one round, no interval yet), the ledger's own remedy, so the
     * table and the answer row say the same thing; "" for a decided row.
     */
    static String remedy(JsonNode l) {
        if (l.path("stop").asText().equals("decided")) {
            return "";
        }
        String verdict = l.path("verdict").asText("");
        int at = verdict.lastIndexOf("; resolve: ");
        return at < 0 ? "" : verdict.substring(at + "; resolve: ".length());
    }

    private static String minutes(double seconds) {
        return seconds < 90 ? String.format(Locale.ROOT, "%.0f s", seconds) : String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
