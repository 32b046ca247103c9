package dev.kensho.report;

import dev.kensho.common.process.Executables;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The report reads in a browser window without sideways scrolling: headless Chromium lays out each committed reference
 * run's report.html (and the fixture's) at 1,400 and 900 px, and the document is no wider than the window. Runs where
 * Chromium is on the PATH (CI installs it for its tools pass); skipped visibly elsewhere.
 */
class ReportWidthTest {

    private static final Pattern WIDTH = Pattern.compile("data-kensho-width=\"(\\d+)/(\\d+)\"");
    private static Path chromium;

    @BeforeAll
    static void findChromium() {
        chromium = Executables.onPath("chromium", "chromium-browser", "google-chrome").orElse(null);
    }

    @Test
    void theReferenceRunsFitTheWindow() throws Exception {
        assumeChromium();
        Path runs = Path.of("..", "docs", "runs");
        List<Path> reports = new ArrayList<>();
        try (Stream<Path> s = Files.list(runs)) {
            s.map(d -> d.resolve("report.html")).filter(Files::exists).forEach(reports::add);
        }
        assertFalse(reports.isEmpty(), "docs/runs holds a reference run's report.html");
        for (Path r : reports) {
            for (int window : new int[] {1400, 900}) {
                int[] w = widths(r, window);
                assertTrue(w[0] <= w[1], r + " at " + window + " px: the document is " + w[0] + " px wide in a " + w[1]
                        + " px window");
            }
        }
    }

    @Test
    void theFixturesReportFitsAndAWideOneIsFound(@TempDir Path tmp) throws Exception {
        assumeChromium();
        Path run = ReportTest.fixture(tmp.resolve("width-run"));
        RunFolder.at(run).export();
        Path html = run.resolve("report.html");
        int[] fits = widths(html, 1400);
        assertTrue(fits[0] <= fits[1], "the fixture's report: " + fits[0] + " px in " + fits[1]);
        // the check can fail: one unbreakable line of 400 characters makes the document wider than the window
        Path wide = tmp.resolve("wide.html");
        Files.writeString(wide, Files.readString(html).replaceFirst("<body>", "<body><pre>" + "x".repeat(400) + "</pre>"));
        int[] w = widths(wide, 1400);
        assertTrue(w[0] > w[1], "a 400-character line is found too wide: " + w[0] + " px in " + w[1]);
    }

    private static void assumeChromium() {
        assumeTrue(chromium != null, "no Chromium on the PATH (apt-get install chromium): the report's width is not"
                + " checked here");
    }

    /** The document's width and the window's, in CSS px, as Chromium lays the page out at {@code window} px. */
    private static int[] widths(Path html, int window) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("kensho-width");
        try {
            Path page = dir.resolve("page.html");
            Files.writeString(page, Files.readString(html, StandardCharsets.UTF_8) + "<script>window.addEventListener("
                    + "'load',()=>document.body.setAttribute('data-kensho-width',document.documentElement.scrollWidth+'/'"
                    + "+document.documentElement.clientWidth));</script>", StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                    "--user-data-dir=" + dir.resolve("profile"), "--window-size=" + window + ",900",
                    "--virtual-time-budget=3000", "--dump-dom", page.toUri().toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            Matcher m = WIDTH.matcher(dom);
            assertTrue(m.find(), "Chromium laid out " + html + " (exit " + p.exitValue() + ")");
            return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
