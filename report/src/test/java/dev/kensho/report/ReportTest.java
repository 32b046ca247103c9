package dev.kensho.report;

import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Renders the report from a small checked-in run folder (src/test/resources/report-fixture). */
class ReportTest {

    private static final String[] FILES = {"jmh/SetImportBenchmark.json", "jmh/UserIdGeneratorBenchmark.json",
            "measurements.jsonl", "servers.jsonl", "status.json", "notes.jsonl"};

    static Path fixture(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        for (String f : FILES) {
            try (InputStream in = ReportTest.class.getResourceAsStream("/report-fixture/" + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }

    @Test
    void rendersTheSectionsOnTheClasspathIntoASelfContainedHtml(@TempDir Path tmp) throws IOException {
        Path run = fixture(tmp.resolve("fixture-run"));
        RunFolder.at(run).export();

        assertTrue(Files.size(run.resolve("charts/common-generator.png")) > 1000, "chart rendered");
        assertTrue(Files.exists(run.resolve("sections/common.json")), "the rendered section is kept for later modules");
        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("![User id generation rate](charts/common-generator.png)"), md);
        assertTrue(md.indexOf("## Contents") < md.indexOf("## Answers") && md.indexOf("## Answers") < md.indexOf("## Suite calibration"),
                "the report opens with the contents and the answers");
        assertTrue(md.contains("fixture note"));
        assertTrue(md.contains("## Environment"));
        assertFalse(md.contains("charts/sets-"), "common renders no experiment whose section is not on the classpath");

        String html = Files.readString(run.resolve("report.html"));
        assertEquals(1, count(html, "<svg"), "one inline SVG per chart");
        assertFalse(Pattern.compile("(src|href)\\s*=\\s*[\"']?(https?:)?//", Pattern.CASE_INSENSITIVE).matcher(html).find(),
                "no remote resource");
        assertFalse(Pattern.compile("url\\(\\s*['\"]?(https?:)?//|@import", Pattern.CASE_INSENSITIVE).matcher(html).find());
        assertFalse(html.contains("<script src"));
        assertTrue(Files.readString(run.resolve("results.csv")).lines().count() > 10);
    }

    @Test
    void serversThatDifferOnlyInPidPortAndPathsAreOneEnvironmentLine(@TempDir Path tmp) throws IOException {
        Path run = fixture(tmp.resolve("forks-run"));
        String line = Files.readString(run.resolve("servers.jsonl")).strip();
        String other = line.replaceFirst("\\(pid \\d+\\) on 127\\.0\\.0\\.1:\\d+", "(pid 4242) on 127.0.0.1:4243")
                .replace("\"config\": {", "\"config\": {\"port\": \"4243\", \"dir\": \"/tmp/other\", ");
        Files.writeString(run.resolve("servers.jsonl"), line + "\n" + other + "\n");
        RunFolder.at(run).export();

        List<String> servers = Files.readString(run.resolve("report.md")).lines().filter(l -> l.startsWith("- server:")).toList();
        assertEquals(1, servers.size(), servers.toString());
        assertTrue(servers.get(0).startsWith("- server: embedded redis-server on 127.0.0.1 — Redis 7.0.15"), servers.get(0));
        assertTrue(servers.get(0).endsWith("(2 instances, one per JMH fork)"), servers.get(0));
    }

    @Test
    void seriesAreInNaturalOrder() {
        List<String> names = new java.util.ArrayList<>(List.of("roundTripMs=100", "roundTripMs=20", "roundTripMs=0",
                "client=JEDIS overlap=0.75", "client=JEDIS overlap=0.25"));
        names.sort(ChartSpec::natural);
        assertEquals(List.of("client=JEDIS overlap=0.25", "client=JEDIS overlap=0.75", "roundTripMs=0", "roundTripMs=20",
                "roundTripMs=100"), names);
    }

    @Test
    void compareFlagsDifferencesBeyondTheErrorBars(@TempDir Path tmp) throws IOException {
        Path a = fixture(tmp.resolve("a"));
        Path b = fixture(tmp.resolve("b"));
        Path json = b.resolve("jmh/UserIdGeneratorBenchmark.json");
        // the "after" run is twice as fast
        String s = Files.readString(json);
        Matcher m = Pattern.compile("\"score\" : ([0-9.E]+)").matcher(s);
        assertTrue(m.find());
        double before = Double.parseDouble(m.group(1));
        Files.writeString(json, s.replace(m.group(0), "\"score\" : " + (2 * before)));
        List<Compare.Diff> diffs = Compare.diff(Results.load(a), Results.load(b));
        Compare.Diff gen = diffs.stream().filter(d -> d.after().cls().equals("UserIdGeneratorBenchmark"))
                .findFirst().orElseThrow();
        assertEquals(1.0, gen.relative(), 1e-9);
        assertFalse(gen.significant(), "one sample, no error: no interval, so not judged (never an error of 0)");
        assertTrue(diffs.stream().filter(d -> d.after().cls().equals("SetImportBenchmark")).noneMatch(Compare.Diff::significant));
        assertTrue(Compare.markdown("a", "b", diffs).contains("+100.0%"));
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
