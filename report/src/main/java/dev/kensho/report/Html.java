package dev.kensho.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** HTML escaping, and the two bits of Markdown the report's text uses inline: links and `code`. */
final class Html {

    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\((#[\\w-]+|[\\w./,=+~%-]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");

    private Html() {
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Escaped text with {@code [text](#anchor)}, {@code `code`} and {@code **bold**} turned into HTML. */
    static String inline(String s) {
        String e = esc(s);
        Matcher m = LINK.matcher(e);
        e = m.replaceAll(r -> Matcher.quoteReplacement("<a href=\"" + r.group(2) + "\">" + r.group(1) + "</a>"));
        e = CODE.matcher(e).replaceAll("<code>$1</code>");
        return BOLD.matcher(e).replaceAll("<b>$1</b>");
    }
}
