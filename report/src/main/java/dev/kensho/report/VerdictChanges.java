package dev.kensho.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published claims whose verdict differs between two runs, read from their sections' ledgers
 * ({@link Rendered#ledger()}): for {@link Compare}, beside the numbers that moved. A verdict can change while
 * both runs' intervals overlap — a ratio of ±40–50% lands on either side of a claim's range from one run to the
 * next (runs reference-89ec53f and 20261124-184226, the same VM instance, no hbase-meter code between them: the
 * DIFF + GZ load ratio went from "not resolved" at 1.06 ± 0.50 to "contradicted: opposite direction" at
 * 0.665 ± 0.253). So a verdict read from one run is only as firm as its agreement with the next.
 *
 * <p>A claim is matched by its section, its figure's text ({@link ClaimCase#figure}) and the case it was measured with — the "measured with" cell
 * up to its first "; ", since what follows (what the verdict rests on, why the interval is wide) is about the run, and
 * a match on the whole cell left a claim whose width note changed out of the comparison without a word. Claims in one
 * run only are counted and named. Its verdict's kind is
 * compared, not its wording: the text before "(ours …" with the numbers taken out, so "reproduced (ours 50.4 …)"
 * and "reproduced (ours 42.2 …)" are the same verdict, "contradicted: same direction" and "contradicted: opposite
 * direction" are not.
 */
public final class VerdictChanges {

    private static final int CLAIM = 0;
    private static final int OURS = 1;
    private static final int ERROR = 2;
    private static final int VERDICT = 4;
    private static final int CASE = 5;

    /** One claim in both runs, with its verdict in each. */
    public record Change(String section, String claim, String measuredWith, String before, String after) {
    }

    /** What the comparison found: the claims present in both runs, those whose verdict differs, those in one run only. */
    public record Result(int compared, List<Change> changed, List<String> unmatched) {
    }

    private VerdictChanges() {
    }

    public static Result between(List<Rendered> before, List<Rendered> after) {
        Map<String, List<String>> old = new LinkedHashMap<>();
        for (Rendered r : before) {
            for (List<String> row : r.ledger().rows()) {
                old.put(key(r.id(), row), row);
            }
        }
        int compared = 0;
        List<Change> changed = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (Rendered r : after) {
            for (List<String> row : r.ledger().rows()) {
                List<String> was = old.remove(key(r.id(), row));
                if (was == null) {
                    unmatched.add(r.id() + ": " + row.get(CLAIM) + " (" + measuredWith(row) + "), after only");
                    continue;
                }
                compared++;
                if (!kind(was.get(VERDICT)).equals(kind(row.get(VERDICT)))) {
                    changed.add(new Change(r.id(), row.get(CLAIM), measuredWith(row), cell(was), cell(row)));
                }
            }
        }
        old.forEach((k, row) -> unmatched.add(k.substring(0, k.indexOf('\u0000')) + ": " + row.get(CLAIM) + " ("
                + measuredWith(row) + "), before only"));
        return new Result(compared, changed, unmatched);
    }

    /** The kind of a verdict: its text before "(ours", without numbers. */
    static String kind(String verdict) {
        int i = verdict.indexOf("(ours");
        String head = i >= 0 ? verdict.substring(0, i) : verdict;
        return head.replaceAll("[0-9.,]+", "").replaceAll("\\s+", " ").trim();
    }

    /** A section of Compare's report; empty when neither run has a ledger row in common with the other. */
    public static String markdown(Result r) {
        if (r.compared() == 0 && r.unmatched().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Verdicts\n\n").append(r.changed().size()).append(" of ")
                .append(r.compared()).append(" published claims measured in both runs changed verdict. A change with"
                        + " overlapping intervals is the claim's noise, not a finding: read such a verdict from more"
                        + " than one run.\n");
        if (!r.changed().isEmpty()) {
            sb.append("\n| experiment | claim | measured with | before: ours ±, verdict | after: ours ±, verdict |\n"
                    + "|---|---|---|---|---|\n");
            for (Change c : r.changed()) {
                sb.append("| ").append(c.section()).append(" | ").append(c.claim()).append(" | ").append(c.measuredWith())
                        .append(" | ").append(c.before()).append(" | ").append(c.after()).append(" |\n");
            }
        }
        if (!r.unmatched().isEmpty()) {
            sb.append("\n").append(r.unmatched().size()).append(" claims are in one run only, so not compared (another"
                    + " scale, another selection of classes, or a case that differs):\n\n");
            r.unmatched().forEach(u -> sb.append("- ").append(u).append('\n'));
        }
        return sb.toString();
    }

    private static String key(String section, List<String> row) {
        // the figure's text without the case the claim names: the case is in "measured with", and a run rendered
        // before claims named their case still matches
        return section + "\u0000" + ClaimCase.figure(row.get(CLAIM)) + "\u0000" + measuredWith(row);
    }

    /** The case a claim was measured with: the cell before its first "; " (after it: notes about this run). */
    static String measuredWith(List<String> row) {
        String cell = row.get(CASE);
        int i = cell.indexOf("; ");
        return i < 0 ? cell : cell.substring(0, i);
    }

    /** "ours ± error: verdict", one cell of the table. */
    private static String cell(List<String> row) {
        String error = row.get(ERROR);
        return row.get(OURS) + (error.isBlank() ? "" : error.startsWith("[") || error.startsWith("unbounded") ? " " + error
                : " ± " + error) + ": " + row.get(VERDICT);
    }
}
