package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.profile.Profiling;
import dev.kensho.report.profile.Grid;
import dev.kensho.report.profile.ProfilePart;

/**
 * The report's part for a profiled run ({@link ProfilePart}: each case's recordings, flame graph and figures, then
 * the per-claim differences), rendered with the report's own {@link Table}, and the header line that marks the run
 * as profiled.
 */
final class ProfileSection {

    static final String ID = "profiles";

    private ProfileSection() {
    }

    /** The header's warning for a profiled run; empty for a plain one. */
    static String header(JsonNode env) {
        if (!Profiling.profiled(env)) {
            return "";
        }
        JsonNode p = env.path("profiling");
        StringBuilder what = new StringBuilder();
        if (p.has("jfr")) {
            what.append("JFR, settings ").append(p.path("jfr").path("settings").asText("?"));
        }
        p.path("profilers").forEach(n -> what.append(what.length() == 0 ? "" : "; ").append("-prof ").append(n.asText()));
        return "**Profiled run** (" + what + "): its numbers carry the profilers' cost and do not compare with a plain"
                + " run's; Compare and Pool refuse the mix unless given --mix-profiled. [Profiles](#" + ID + ").";
    }

    /** Appends the part (heading, intro, tables) when there is one. */
    static void render(ProfilePart.Part part, StringBuilder md, StringBuilder html) {
        if (part.isEmpty()) {
            return;
        }
        md.append("\n<a id=\"").append(ID).append("\"></a>\n\n## Profiles\n\n").append(part.intro()).append("\n\n");
        html.append("<h2 id=\"").append(ID).append("\">Profiles</h2><p>").append(Html.inline(part.intro())).append("</p>");
        for (Grid g : part.grids()) {
            Table t = Table.of(g.caption(), g.headers().toArray(String[]::new));
            g.rows().forEach(r -> t.row(r.toArray(String[]::new)));
            md.append(t.markdown(g.ids())); // a case's first row carries its anchor, where a ledger row links
            html.append(t.html(g.ids()));
        }
    }
}
