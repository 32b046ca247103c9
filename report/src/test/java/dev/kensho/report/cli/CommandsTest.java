package dev.kensho.report.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run-folder commands as a user types them after {@code java -jar kensho-benchmarks.jar}: each has {@code --help};
 * a wrong command line is one line naming the command and its help, status 2; a run whose launcher was killed reads
 * failed (killed) in what they write.
 */
class CommandsTest {

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Commands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8).strip());
    }

    @ParameterizedTest(name = "{0} --help")
    @ValueSource(strings = {"compare", "report", "merge", "pool", "docs"})
    void everyCommandHasHelp(String command) {
        Outcome o = run(command, "--help");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().startsWith("Usage: java -jar kensho-benchmarks.jar " + command), o.out());
        assertEquals("", o.err());
    }

    @Test
    void theJarsHelpListsTheCommands() {
        Outcome o = run("--help");
        assertEquals(0, o.status());
        for (String c : new String[]{"compare", "report", "merge", "pool", "docs"}) {
            assertTrue(o.out().contains("\n  " + c + " "), o.out());
        }
    }

    @Test
    void aSettingAfterTheCommandIsOneLineSayingItGoesBeforeJar() {
        Outcome o = run("report", "-Dkensho.prices=my.csv", "target/kensho-runs/x");
        assertEquals(2, o.status(), o.err());
        assertEquals("kensho: -Dkensho.prices=my.csv after -jar is an argument of the jar, not a setting: settings go"
                + " before -jar (java -Dkensho.prices=my.csv -jar kensho-benchmarks.jar …)", o.err());
    }

    @Test
    void theJarsDashHAddsTheCommandsAndTheSettingsAUserGives() {
        String text = Usage.text();
        for (String c : new String[]{"compare", "report", "merge", "pool", "docs"}) {
            assertTrue(text.contains("\n  " + c + " "), c + ": " + text);
        }
        assertTrue(text.contains("--version"), text);
        assertTrue(text.contains("\n    -Dkensho.scale=default "), text);
        assertTrue(text.contains("\n    -Dkensho.jfr=false "), text);
        assertTrue(text.contains("\n    KENSHO_COMMIT="), "environment variables as they are: " + text);
        assertTrue(!text.contains("kensho.runDir") && !text.contains("kensho.args"), "the suite's own and Maven's are not the user's");
        text.lines().forEach(l -> assertTrue(l.length() <= Usage.WIDTH, "at most " + Usage.WIDTH + " wide: " + l));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "compare onlyone          | kensho: compare: positional parameter at index 0..* (<folder>…) requires at least 2 values",
            "compare --bogus a b      | kensho: compare: Unknown option: '--bogus'",
            "report                   | kensho: report: Missing required parameter: '<run folder>'",
            "report a b               | kensho: report: Unmatched argument at index 2: 'b'",
            "merge merged             | kensho: merge: Missing required parameter: '<shard folder>'",
            "pool pooled one          | kensho: pool: positional parameter at index 1..* (<run folder>) requires at least 2 values",
            "docs                     | kensho: docs: Missing required parameter: '<run folder>'",
            "nosuch                   | kensho: Unmatched argument at index 0: 'nosuch'",
    })
    void aWrongCommandLineIsOneLineNamingTheHelp(String line, String expected) {
        Outcome o = run(line.trim().split("\\s+"));
        assertEquals(2, o.status(), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().startsWith(expected), o.err());
        assertTrue(o.err().endsWith("--help shows what it takes"), o.err());
    }

    @Test
    void aFolderThatIsNoRunIsTheCommandsOwnLine(@TempDir Path dir) {
        Outcome o = run("report", dir.resolve("nothing").toString());
        assertEquals(2, o.status());
        assertEquals("kensho: run folder=" + dir.resolve("nothing") + " is not allowed; allowed: a folder written by a kensho"
                + " run (it has jmh/)", o.err());
    }

    /** A run folder whose status.json says running, written by a launcher that has exited. */
    private static Path killed(Path dir, double score) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("jmh"));
        Files.writeString(dir.resolve("jmh/MeterLoadBenchmark.json"), """
                [ { "benchmark" : "dev.kensho.hbase.meter.MeterLoadBenchmark.load", "mode" : "ss", "params" : { "codec" : "GZ" },
                    "primaryMetric" : { "score" : %s, "scoreError" : 1.0, "scoreUnit" : "ms/op", "rawData" : [ [ %s, %s ] ] } } ]
                """.formatted(score, score, score));
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        Files.writeString(dir.resolve("status.json"), "{\"state\":\"running\",\"launcherPid\":" + p.pid() + "}");
        return dir;
    }

    @Test
    void compareAndReportSayAKilledRunIsKilledNotRunning(@TempDir Path dir) throws Exception {
        Path before = killed(dir.resolve("before"), 100);
        Path after = killed(dir.resolve("after"), 100);
        Outcome o = run("compare", before.toString(), after.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.err().startsWith("kensho: Run state: before (before) is failed (killed), after (after) is failed (killed)"),
                o.err());
        assertTrue(o.out().contains("is **failed (killed)**"), o.out());

        assertEquals(0, run("report", after.toString()).status());
        String md = Files.readString(after.resolve("report.md"));
        assertTrue(md.contains("Status: **failed (killed)**"), md.lines().limit(3).toList().toString());
    }
}
