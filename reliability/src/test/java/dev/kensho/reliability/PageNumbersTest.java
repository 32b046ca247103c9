package dev.kensho.reliability;

import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Numbers in prose come from a named run: every interval an experiment page's prose quotes ("2.15 [1.71, 2.69]")
 * is one the page's reference run rendered — in the ledger block the page carries, or on the run's own page
 * {@code docs/runs/<run>/<experiment>.md} — and the prose names that run. A number copied by hand from an older run,
 * or mistyped, fails here; regenerate the pages from a run (Docs) and rewrite the prose from it.
 */
class PageNumbersTest {

    private static final List<String> EXPERIMENTS = List.of("redis-sets", "redis-kv", "redis-pubsub", "hbase-meter", "kinesis-batch");
    private static final String START = "<!-- kensho:reference-run -->";
    private static final String END = "<!-- /kensho:reference-run -->";
    /** A value, an optional unit ("x", "ms", "×"), then its interval in brackets. */
    private static final Pattern INTERVAL = Pattern.compile("(\\d[\\d,]*(?:\\.\\d+)?)[^\\[\\]\\d|]{0,12}\\|?\\s*\\[(−?-?\\d[\\d,]*(?:\\.\\d+)?), (\\d[\\d,]*(?:\\.\\d+)?)\\]");
    private static final Pattern RUN = Pattern.compile("## Reference run `([^`]+)`");

    @Test
    void everyIntervalInAPagesProseIsOneItsReferenceRunRendered() throws IOException {
        Path docs = Settings.root().resolve("docs");
        List<String> wrong = new ArrayList<>();
        int quoted = 0;
        for (String e : EXPERIMENTS) {
            String page = Files.readString(docs.resolve(e + ".md"));
            int s = page.indexOf(START);
            int t = page.indexOf(END);
            assertTrue(s >= 0 && t > s, e + ".md carries its reference run's block");
            Matcher m = RUN.matcher(page.substring(s));
            assertTrue(m.find(), e + ".md's block names its run");
            String run = m.group(1);
            String prose = (page.substring(0, s) + page.substring(t)).replaceAll("(?s)```.*?```", "");
            assertTrue(prose.contains(run), e + ".md's prose names the run its numbers come from, " + run);
            String rendered = page.substring(s, t) + Files.readString(docs.resolve("runs").resolve(run).resolve(e + ".md"));
            List<String> missing = missing(prose, rendered);
            quoted += intervals(prose).size();
            missing.forEach(x -> wrong.add(e + ".md: " + x + " (not in run " + run + ")"));
        }
        assertTrue(quoted > 0, "the pages quote intervals");
        assertEquals(List.of(), wrong);
    }

    @Test
    void aMistypedOrOlderNumberIsFound() {
        String rendered = "| 1 | SUNION A≠B ÷ A=B | 2.15 x [1.71, 2.69] | 1.67–6.68 | ✓ |\n| x | 444.0 x | [412.7, 475.3] delta |";
        assertEquals(List.of(), missing("SUNION reads 2.15 [1.71, 2.69]; at 320 ms 444.0 [412.7, 475.3].", rendered));
        assertEquals(List.of("2.15 [1.71, 2.70]"), missing("SUNION reads 2.15 [1.71, 2.70].", rendered));
        assertEquals(List.of("1.71 [1.46, 2.01]"), missing("an older run gave 1.71 [1.46, 2.01]", rendered));
    }

    static List<String> missing(String prose, String rendered) {
        List<List<String>> known = intervals(rendered);
        List<String> out = new ArrayList<>();
        Matcher m = INTERVAL.matcher(prose);
        while (m.find()) {
            if (!known.contains(List.of(m.group(1), m.group(2), m.group(3)))) {
                out.add(m.group(1) + " [" + m.group(2) + ", " + m.group(3) + "]");
            }
        }
        return out;
    }

    private static List<List<String>> intervals(String text) {
        List<List<String>> out = new ArrayList<>();
        Matcher m = INTERVAL.matcher(text);
        while (m.find()) {
            out.add(List.of(m.group(1), m.group(2), m.group(3)));
        }
        return out;
    }
}
