package dev.kensho.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One table of the report, as data: a caption, column headers (a header starting with {@code >} is a
 * right-aligned number column) and rows of cells. Rendered to Markdown and to HTML from the same model,
 * so the two reports never disagree. A cell may hold a link written {@code [text](#anchor)}. A number column holds
 * numbers (a value, its unit, its interval), never a sentence: it does not wrap, so prose there would widen the table
 * past the page; in HTML the table scrolls inside its own box when it needs more width than the page has.
 */
public record Table(String caption, List<String> headers, List<List<String>> rows) {

    public static Table of(String caption, String... headers) {
        return new Table(caption, List.of(headers), new ArrayList<>());
    }

    public Table row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("table '" + caption + "': " + cells.length + " cells for "
                    + headers.size() + " columns");
        }
        rows.add(List.of(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    private static boolean numeric(String header) {
        return header.startsWith(">");
    }

    private static String name(String header) {
        return numeric(header) ? header.substring(1) : header;
    }

    public String markdown() {
        return markdown(List.of());
    }

    /**
     * The table with an anchor ({@code <a id>}, in its first cell) on each row whose {@code ids} entry is not null, for
     * a link elsewhere in the report to land on; {@code ids} parallel to the rows, or shorter.
     */
    public String markdown(List<String> ids) {
        StringBuilder sb = new StringBuilder();
        if (caption != null && !caption.isEmpty()) {
            sb.append(caption).append("\n\n");
        }
        sb.append('|');
        headers.forEach(h -> sb.append(' ').append(mdCell(name(h))).append(" |"));
        sb.append("\n|");
        headers.forEach(h -> sb.append(numeric(h) ? "---:|" : "---|"));
        sb.append('\n');
        for (int i = 0; i < rows.size(); i++) {
            String id = i < ids.size() ? ids.get(i) : null;
            sb.append('|');
            for (int j = 0; j < rows.get(i).size(); j++) {
                sb.append(' ').append(j == 0 && id != null ? "<a id=\"" + id + "\"></a>" : "")
                        .append(mdCell(rows.get(i).get(j))).append(" |");
            }
            sb.append('\n');
        }
        return sb.append('\n').toString();
    }

    public String html() {
        return html(List.of());
    }

    /** The table with {@code id} on each row whose {@code ids} entry is not null (as {@link #markdown(List)}). */
    public String html(List<String> ids) {
        StringBuilder sb = new StringBuilder();
        if (caption != null && !caption.isEmpty()) {
            sb.append("<p>").append(Html.inline(caption)).append("</p>");
        }
        sb.append(Html.SCROLL_OPEN).append("<table><tr>");
        headers.forEach(h -> sb.append("<th>").append(Html.esc(name(h))).append("</th>"));
        sb.append("</tr>");
        for (int k = 0; k < rows.size(); k++) {
            List<String> r = rows.get(k);
            String id = k < ids.size() ? ids.get(k) : null;
            sb.append(id == null ? "<tr>" : "<tr id=\"" + Html.esc(id) + "\">");
            for (int i = 0; i < r.size(); i++) {
                sb.append(numeric(headers.get(i)) ? "<td class=\"n\">" : "<td>").append(Html.inline(r.get(i))).append("</td>");
            }
            sb.append("</tr>");
        }
        return sb.append("</table>").append(Html.SCROLL_CLOSE).toString();
    }

    /** A Markdown table cell: pipes escaped, line breaks flattened. */
    static String mdCell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace('\n', ' ');
    }
}
