package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A section's ledger and tables as the report renders them from a run's rows, checked as a reader sees them: no two
 * figures of its {@code published.csv} share their text, no two ledger rows share their claim text (a figure that
 * selects several rows of ours names each row's case), and the ledger's and tables' HTML keeps {@link HtmlLayout}'s
 * rules. Called by {@code SectionCheck} for every experiment module's section against its fixture run.
 */
public final class SectionRenderCheck {

    private SectionRenderCheck() {
    }

    /** Every problem, one line each; {@code rows} are the section's own and derived rows. */
    public static List<String> problems(Section s, List<Results.Row> rows) {
        List<String> out = new ArrayList<>();
        Map<String, String> figures = new HashMap<>();
        for (Published p : s.published()) {
            String was = figures.put(p.what(), p.key());
            if (was != null) {
                out.add("published " + was + " and " + p.key() + " have the same text: " + p.what());
            }
        }
        JsonNode env = new ObjectMapper().createObjectNode().set("host", new ObjectMapper().createObjectNode().put("cores", 2));
        Table ledger = SectionRenderer.ledger(s, s.published(), rows, env, List.of(), new ObjectMapper().createObjectNode());
        Map<String, Integer> claims = new HashMap<>();
        for (int i = 0; i < ledger.rows().size(); i++) {
            Integer was = claims.put(ledger.rows().get(i).get(0), i + 1);
            if (was != null) {
                out.add("ledger rows " + was + " and " + (i + 1) + " read alike: " + ledger.rows().get(i).get(0));
            }
        }
        HtmlLayout.problems(LedgerView.html(ledger)).forEach(p -> out.add("ledger: " + p));
        for (Table t : s.tables(new RunData(rows, List.of(), env))) {
            HtmlLayout.problems(t.html()).forEach(p -> out.add("table '" + cut(t.caption()) + "': " + p));
        }
        return out;
    }

    private static String cut(String s) {
        return s == null || s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
