package dev.kensho.report;

import dev.kensho.report.profile.ProfileAnchors;
import dev.kensho.report.stats.Verdict;
import java.util.List;
import java.util.Set;

/**
 * The ledger as a person reads it. The ledger's {@link Table} keeps every column (claim, ours, interval, published,
 * verdict, what ours was measured with, where the write-up measured, its source, the chart) for {@code Compare} and
 * the launcher's summary; shown whole, ten columns scroll sideways and a verdict's reason wraps word by word down a
 * narrow column, one claim to a screen. So each row leads with the claim, ours with its interval, the published
 * figure and the verdict as one word with a mark; the reason, the parameters and what it rests on sit one click away
 * in HTML ({@code <details>} under the claim) and on a numbered line below the table in Markdown.
 */
final class LedgerView {

    /** The marks and words of the verdict kinds, in the order they are tested (a longer prefix first). */
    private static final String[][] WORDS = {
            {Verdict.DIRECTION, "✓ direction"},
            {Verdict.REPRODUCED, "✓ reproduced"},
            {Verdict.CONTRADICTED, "✗ contradicted"},
            {Verdict.NOT_RESOLVED, "? open"},
            {Verdict.NOT_REPRODUCIBLE, "⊘ out of reach"},
            {Verdict.CONTEXT, "· context"},
            {Verdict.NOT_MEASURED, "– unmeasured"},
            {"set by the suite", "⚙ set"},
    };

    /** What the words mean, said once above a ledger. */
    static final String LEGEND = "Verdicts: ✓ reproduced (our whole interval inside the range the claim is judged on,"
            + " shown under published with the rule that gave it); ✓ direction (the direction reproduced, the magnitude out"
            + " of reach under a named condition that explains a gap of that size); ✗ contradicted; ? open (not resolved"
            + " here: the row says what would resolve it); ⊘ out of reach (not reproducible here: the mechanism needs what"
            + " this machine lacks); · context (bound to the write-up's machine, no verdict); ⚙ set (follows from an input the"
            + " suite chose); – unmeasured. A verdict marked (check) follows from the suite's own set-up: counted apart from"
            + " the findings.";

    private LedgerView() {
    }

    /** The verdict's word and mark, with "(check)" after a check's. */
    static String word(List<String> r, Columns c) {
        String w = word(r.get(c.verdict));
        return c.kind >= 0 && c.kind < r.size() && r.get(c.kind).equals("check") ? w + " (check)" : w;
    }

    /** The verdict's word and mark, from its text. */
    static String word(String verdict) {
        for (String[] w : WORDS) {
            if (verdict.startsWith(w[0])) {
                return w[1];
            }
        }
        return verdict;
    }

    /** The ledger's numbered table, then one line per row with its reason, parameters and what it rests on. */
    static String markdown(Table ledger) {
        return markdown(ledger, Set.of());
    }

    /**
     * As above, each row's line ending with links to the profiles of the cases its interval comes from, where
     * {@code anchors} (the ids the page's profile part carries) holds them.
     */
    static String markdown(Table ledger, Set<String> anchors) {
        if (ledger.isEmpty()) {
            return "";
        }
        Columns c = new Columns(ledger.headers());
        StringBuilder sb = new StringBuilder("| # | claim | ours (99.9% interval) | published | verdict |\n|---:|---|---:|---:|---|\n");
        List<List<String>> rows = ledger.rows();
        for (int i = 0; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            sb.append("| ").append(i + 1).append(" | ").append(Table.mdCell(r.get(c.claim))).append(" | ")
                    .append(Table.mdCell(ours(r, c))).append(" | ").append(Table.mdCell(r.get(c.published))).append(" | ")
                    .append(word(r, c)).append(" |\n");
        }
        sb.append('\n');
        for (int i = 0; i < rows.size(); i++) {
            String profiles = profiles(rows.get(i), c, anchors);
            sb.append(i + 1).append(". ").append(details(rows.get(i), c).replace('\n', ' '))
                    .append(profiles.isEmpty() ? "" : " " + profiles + ".").append('\n');
        }
        return sb.append('\n').toString();
    }

    /**
     * An experiment page's ledger: the findings with a verdict, numbered as in the whole ledger, as its table's five
     * columns; no reasons, no context, set, check or unmeasured rows — those are on the run page the page links once.
     */
    static String findings(Table ledger) {
        Columns c = new Columns(ledger.headers());
        StringBuilder sb = new StringBuilder("| # | claim | ours (99.9% interval) | published | verdict |\n|---:|---|---:|---:|---|\n");
        List<List<String>> rows = ledger.rows();
        for (int i = 0; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            if (finding(r, c)) {
                sb.append("| ").append(i + 1).append(" | ").append(Table.mdCell(r.get(c.claim))).append(" | ")
                        .append(Table.mdCell(ours(r, c))).append(" | ").append(Table.mdCell(r.get(c.published))).append(" | ")
                        .append(word(r, c)).append(" |\n");
            }
        }
        return sb.append('\n').toString();
    }

    /** The ledger's rows that {@link #findings} leaves to the run page. */
    static long others(Table ledger) {
        Columns c = new Columns(ledger.headers());
        return ledger.rows().stream().filter(r -> !finding(r, c)).count();
    }

    /** A finding with a verdict: its kind "finding" (a ledger without kinds: any row but context, set or unmeasured). */
    static boolean finding(List<String> r, Columns c) {
        String v = r.get(c.verdict);
        if (v.startsWith(Verdict.NOT_MEASURED) || r.get(c.ours).equals(Verdict.NOT_MEASURED)) {
            return false;
        }
        return c.kind >= 0 && c.kind < r.size() ? r.get(c.kind).equals("finding")
                : !v.startsWith(Verdict.CONTEXT) && !v.startsWith("set by the suite");
    }

    static String html(Table ledger) {
        return html(ledger, Set.of());
    }

    /** As above, each claim followed by links to its cases' profiles, where {@code anchors} holds them. */
    static String html(Table ledger, Set<String> anchors) {
        if (ledger.isEmpty()) {
            return "";
        }
        Columns c = new Columns(ledger.headers());
        StringBuilder sb = new StringBuilder(Html.SCROLL_OPEN + "<table class=\"ledger\"><tr><th>#</th><th>claim</th><th>ours (99.9% interval)</th>"
                + "<th>published</th><th>verdict</th></tr>");
        List<List<String>> rows = ledger.rows();
        for (int i = 0; i < rows.size(); i++) {
            List<String> r = rows.get(i);
            String word = word(r, c);
            sb.append("<tr class=\"").append(kindClass(word)).append("\"><td class=\"n\">").append(i + 1)
                    .append("</td><td><details><summary>").append(Html.inline(r.get(c.claim)))
                    .append("</summary><div class=\"why\">").append(Html.inline(details(r, c))).append("</div></details>")
                    .append(profiles(r, c, anchors).isEmpty() ? "" : "<span class=\"small\">" + Html.inline(profiles(r, c, anchors)) + "</span>")
                    .append("</td>")
                    .append("<td class=\"n\">").append(together(ours(r, c))).append("</td><td class=\"n\">")
                    .append(together(r.get(c.published))).append("</td><td class=\"v\">").append(Html.esc(word)).append("</td></tr>");
        }
        return sb.append("</table>").append(Html.SCROLL_CLOSE).toString();
    }

    /**
     * A number cell's parts, each kept on one line ({@code span.nw}): the value with its unit, its interval, and each
     * "; "-separated part ("21.10 x;" "range 10.55–42.20 (ratio×2)"), so a narrow window wraps the cell between its
     * parts, never inside a number or an interval.
     */
    static String together(String cell) {
        StringBuilder sb = new StringBuilder();
        for (String part : cell.split("(?<=;) | (?=\\[)|(?<=,) (?=unbounded)")) {
            sb.append(sb.length() == 0 ? "" : " ").append("<span class=\"nw\">").append(Html.esc(part)).append("</span>");
        }
        return sb.toString();
    }

    /**
     * "Profiles: [numerator](#…) ÷ [denominator](#…)", or "[Profile](#…)" for one case — the profiles of the cases a row's interval comes from
     * ({@link SectionRenderer#PROFILES}), each linked only when {@code anchors} holds its id (a side without one is
     * named unlinked); a claim about several cases numbers them as its "measured with" cell lists them. "" when the row
     * names no profiled case or the page has none of its anchors.
     */
    static String profiles(List<String> r, Columns c, Set<String> anchors) {
        if (c.profiles < 0 || c.profiles >= r.size() || anchors.isEmpty()) {
            return "";
        }
        List<List<String>> cases = ProfileAnchors.parse(r.get(c.profiles));
        StringBuilder sb = new StringBuilder();
        boolean linked = false;
        for (int i = 0; i < cases.size(); i++) {
            List<String> sides = cases.get(i);
            sb.append(i == 0 ? "" : " · ").append(cases.size() == 1 ? "" : "case " + (i + 1) + " ");
            for (int k = 0; k < sides.size(); k++) {
                String label = sides.size() == 1 ? (cases.size() == 1 ? "Profile" : "profile") : k == 0 ? "numerator" : "denominator";
                boolean here = anchors.contains(sides.get(k));
                linked |= here;
                sb.append(k == 0 ? "" : ProfileAnchors.OVER).append(here ? "[" + label + "](#" + sides.get(k) + ")" : label + " (not profiled)");
            }
        }
        boolean one = cases.size() == 1 && cases.get(0).size() == 1;
        return linked ? (one ? "" : "Profiles: ") + sb : "";
    }

    /** The CSS class of a verdict word: its colour. */
    private static String kindClass(String word) {
        return word.startsWith("✓") ? "ok" : word.startsWith("✗") ? "no" : word.startsWith("?") ? "open" : "other";
    }

    /** Ours with its interval: "2.47 x [2.01, 3.04]", "653,253 ± 64,257 records/s", "not measured". */
    static String ours(List<String> r, Columns c) {
        String ours = r.get(c.ours);
        String pm = r.get(c.interval);
        if (noInterval(pm)) {
            return ours;
        }
        if (pm.startsWith("[")) {
            return ours + " " + pm.substring(0, pm.indexOf(']') + 1);
        }
        if (pm.startsWith("unbounded")) {
            return ours + ", unbounded";
        }
        int space = ours.indexOf(' ');
        String number = ours.substring(0, space < 0 ? ours.length() : space);
        String unit = space < 0 ? "" : ours.substring(space);
        int note = pm.indexOf(" (");
        return number + " ± " + (note < 0 ? pm : pm.substring(0, note)) + unit;
    }

    /** A cell without an interval: empty, or the "–" a missing half-width prints as. */
    private static boolean noInterval(String pm) {
        return pm.isBlank() || pm.equals("NaN") || pm.startsWith("–");
    }

    /** The verdict's reason, the interval's method, what ours was measured with, where the write-up's was, the chart. */
    static String details(List<String> r, Columns c) {
        StringBuilder sb = new StringBuilder("**").append(r.get(c.verdict)).append("**");
        String pm = r.get(c.interval);
        if (pm.startsWith("[")) {
            sb.append(". Interval: ").append(pm.substring(pm.indexOf(']') + 1).strip());
        } else if (noInterval(pm) && !r.get(c.ours).equals(Verdict.NOT_MEASURED)) {
            sb.append(". No interval (one sample)");
        } else if (pm.contains(" (")) {
            sb.append(". ± ").append(pm);
        }
        if (!r.get(c.with).isBlank()) {
            sb.append(". Ours: ").append(r.get(c.with));
        }
        sb.append(". Published on: ").append(r.get(c.on)).append("; source: ").append(r.get(c.source));
        if (!r.get(c.chart).isBlank()) {
            sb.append(". Chart: ").append(r.get(c.chart));
        }
        return sb.append('.').toString();
    }

    /** Where each part sits in the ledger's table ({@link SectionRenderer#ledger}). */
    record Columns(int claim, int ours, int interval, int published, int verdict, int with, int on, int source, int chart,
                   int kind, int profiles) {

        Columns(List<String> headers) {
            this(0, at(headers, "ours"), at(headers, "± or interval"), at(headers, "published"), at(headers, "verdict"),
                    at(headers, "ours measured with"), at(headers, "published on"), at(headers, "source"), at(headers, "chart"),
                    headers.indexOf(SectionRenderer.KIND), // a ledger rendered before checks were told apart has none
                    headers.indexOf(SectionRenderer.PROFILES)); // nor one rendered before rows named their profiles
        }

        private static int at(List<String> headers, String name) {
            for (int i = 0; i < headers.size(); i++) {
                String h = headers.get(i).replace(">", "");
                if (h.equals(name) || name.startsWith("±") && h.startsWith(name)) {
                    return i;
                }
            }
            throw new IllegalArgumentException("a ledger without a '" + name + "' column: " + headers);
        }
    }
}
