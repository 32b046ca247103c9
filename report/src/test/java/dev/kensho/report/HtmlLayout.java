package dev.kensho.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report page must hold to read at any window width, checked on its HTML: every table sits in its scrolling
 * box (a wide table scrolls inside it, never the page), no Markdown emphasis is left as asterisks, and every number
 * cell holds a number — a value with its unit and interval, never a sentence, which a number column does not wrap and
 * which so widens its table past the page. Shared with the experiment modules' section checks (test-jar).
 */
public final class HtmlLayout {

    /** The longest text a number cell holds ("679,955 records/s [616,700, 743,210]" is 36). */
    static final int NUMBER_CELL_CHARS = 80;
    /** The most words a number cell holds ("21.10 x; range 10.55–42.20 (ratio×2)": range, ratio). */
    static final int NUMBER_CELL_WORDS = 5;

    private static final Pattern NUMBER_CELL = Pattern.compile("<td class=\"n\">(.*?)</td>", Pattern.DOTALL);
    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");
    private static final Pattern LEFT_EMPHASIS = Pattern.compile("(?<![\\w*.\\\\])\\*{1,2}(?=[^\\s*])[^*\\n]*?[^\\s*]\\*{1,2}(?![\\w*])");
    private static final Pattern NOT_TEXT = Pattern.compile("<(svg|code|style|script)\\b.*?</\\1>", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    /** A link within the page: HTML's {@code href="#x"} or Markdown's {@code ](#x)}. */
    private static final Pattern OWN_LINK = Pattern.compile("href=\"#([^\"]*)\"|\\]\\(#([^)\\s]*)\\)");
    private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");

    private HtmlLayout() {
    }

    /** Every problem of {@code html}, one line each; empty when it has none. */
    public static List<String> problems(String html) {
        List<String> out = new ArrayList<>();
        for (int i = html.indexOf("<table"); i >= 0; i = html.indexOf("<table", i + 1)) {
            if (!html.startsWith(Html.SCROLL_OPEN, i - Html.SCROLL_OPEN.length())) {
                out.add("a table outside its scrolling box: " + cut(html.substring(i)));
            }
        }
        String text = text(NOT_TEXT.matcher(html).replaceAll(" "));
        Matcher e = LEFT_EMPHASIS.matcher(text);
        while (e.find()) {
            out.add("Markdown emphasis left as asterisks: " + e.group());
        }
        Matcher n = NUMBER_CELL.matcher(html);
        while (n.find()) {
            String cell = text(n.group(1)).replaceAll("\\s+", " ").strip();
            if (!number(cell)) {
                out.add("prose in a number column (which never wraps): " + cut(cell));
            }
        }
        return out;
    }

    /**
     * Every link of a whole page ({@code report.html} or {@code report.md}) to an anchor of its own that no element of
     * the page carries ({@code id="…"}), one line each; empty when every {@code #anchor} lands. For whole pages only:
     * a fragment (a section's ledger alone) links to charts and profiles that sit elsewhere in the page.
     */
    public static List<String> danglingLinks(String page) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        ID.matcher(page).results().forEach(m -> ids.add(m.group(1)));
        List<String> out = new ArrayList<>();
        Matcher m = OWN_LINK.matcher(page);
        while (m.find()) {
            String anchor = m.group(1) != null ? m.group(1) : m.group(2);
            if (!ids.contains(anchor)) {
                out.add("a link to #" + anchor + ", an id the page does not hold");
            }
        }
        return out;
    }

    /** Whether a number cell's text is a number: a value, its unit, interval and range — a few words at most. */
    static boolean number(String cell) {
        return cell.length() <= NUMBER_CELL_CHARS && WORD.matcher(cell).results().count() <= NUMBER_CELL_WORDS;
    }

    private static String text(String html) {
        return TAG.matcher(html).replaceAll(" ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&amp;", "&");
    }

    private static String cut(String s) {
        return s.length() <= 120 ? s : s.substring(0, 120) + "…";
    }
}
