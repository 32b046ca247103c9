package dev.kensho.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HTML escaping, the bits of Markdown the report's text uses inline (links, {@code `code`}, {@code **bold**},
 * {@code *emphasis*}), and the box a table scrolls in: a table wider than the page scrolls inside its own box, so
 * the page itself never scrolls sideways.
 */
final class Html {

    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\((#[\\w.-]+|[\\w./,=+~%-]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");
    /** Markdown's emphasis: an opening {@code *} before a non-space, a closing one after it; not a regex's {@code .*}. */
    private static final Pattern EMPHASIS = Pattern.compile("(?<![*\\w.\\\\])\\*(?=[^\\s*])([^*\\n]*?[^\\s*])\\*(?![*\\w])");

    /** The box every table of the report sits in ({@code div.scroll} in the report's CSS). */
    static final String SCROLL_OPEN = "<div class=\"scroll\">";
    static final String SCROLL_CLOSE = "</div>";

    private Html() {
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Escaped text with {@code [text](#anchor)}, {@code `code`}, {@code **bold**} and {@code *emphasis*} turned into HTML. */
    static String inline(String s) {
        String e = esc(s);
        Matcher m = LINK.matcher(e);
        e = m.replaceAll(r -> Matcher.quoteReplacement("<a href=\"" + r.group(2) + "\">" + r.group(1) + "</a>"));
        e = CODE.matcher(e).replaceAll("<code>$1</code>");
        e = BOLD.matcher(e).replaceAll("<b>$1</b>");
        return EMPHASIS.matcher(e).replaceAll("<i>$1</i>");
    }
}
