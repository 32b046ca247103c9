package dev.kensho.launcher;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.export.RunFolder;
import dev.kensho.launcher.testing.IdsBenchmark;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher: bad input is one line and exit status 2, before any run folder or server exists. */
class BenchTest {

    @TempDir
    Path results;

    @AfterEach
    void clear() {
        for (String p : new String[]{Setting.SCALE.key(), Setting.BENCH.key(), Setting.JFR.key(),
                Setting.RESULTS.key(), Setting.RUN_ID.key(), "kensho.shard", "kensho.startAt",
                Setting.ROUNDS.key(), Setting.BUDGET.key()}) {
            System.clearProperty(p);
        }
    }

    @Test
    void aPlainArgumentIsTheBenchmarkRegexAsOnJmhsCommandLine() {
        assertEquals(List.of("-f", "0", "-p", "users=5"),
                List.of(LaunchArgs.positionalRegex(new String[]{"-f", "0", "SetImport", "-p", "users=5"})));
        assertEquals("SetImport", System.getProperty(Setting.BENCH.key()));
        String[] none = {"-f 0 -i 1"};
        assertSame(none, LaunchArgs.positionalRegex(none), "no plain argument: the flags as given");
        BadInput twice = assertThrows(BadInput.class, () -> LaunchArgs.positionalRegex(new String[]{"UserId"}));
        assertTrue(twice.getMessage().contains("given twice"), twice.getMessage());
    }

    private String runExpectingBadInput(String... args) throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(IdsBenchmark.class.getName()), args, true,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).trim();
        assertEquals(2, status, out);
        assertEquals(1, out.lines().count(), "one line: " + out);
        try (var files = Files.list(results)) {
            assertEquals(0, files.count(), "no run folder for bad input");
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "kensho.scale | huge      | kensho.scale=huge",
            "kensho.bench | ([        | kensho.bench=([",
            "kensho.bench | NoSuch    | kensho.bench=NoSuch",
            "kensho.jfr   | maybe     | kensho.jfr=maybe",
            "kensho.shard | 3/2       | kensho.shard=3/2",
            "kensho.shard | 0/0       | kensho.shard=0/0",
            "kensho.shard | x         | kensho.shard=x",
            "kensho.startAt | 2020-01-01T00:00:00Z | kensho.startAt=2020-01-01T00:00:00Z",
            "kensho.budget | abc      | kensho.budget=abc is not allowed; allowed: minutes, a number > 0 (default 60)",
            "kensho.budget | 0        | kensho.budget=0 is not allowed; allowed: minutes, a number > 0 (default 60)",
            "kensho.budget | -5       | kensho.budget=-5 is not allowed; allowed: minutes, a number > 0 (default 60)",
            "kensho.budget | ' '      | kensho.budget=(empty) is not allowed; allowed: a value; leave the setting out for its default (60)",
            "kensho.runId | ../escape | kensho.runId=../escape"})
    void badPropertiesAreOneLine(String property, String value, String expected) throws Exception {
        System.setProperty(property, value);
        if (!property.equals(Setting.RUN_ID.key())) {
            assertTrue(runExpectingBadInput().startsWith("kensho: " + expected));
        } else {
            // the run id is checked when the folder would be created: still no folder, one line
            assertTrue(runExpectingBadInput().contains(expected));
        }
    }

    @Test
    void badParamValuesAreRejectedBeforeAnythingStarts() throws Exception {
        assertTrue(runExpectingBadInput("-p", "memberBytes=0").startsWith("kensho: memberBytes=0 is not allowed"));
        assertTrue(runExpectingBadInput("-p", "memberBytes=abc").contains("memberBytes=abc"));
    }

    @Test
    void badJmhFlagsAreOneLine() throws Exception {
        assertTrue(runExpectingBadInput("-f", "notanumber").startsWith("kensho: JMH arguments"));
    }

    @Test
    void aSmokeRunWritesACompleteRunFolder() throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(Setting.SCALE.key(), "smoke");
        System.setProperty(Setting.RUN_ID.key(), "t1");
        int status = Bench.run(Set.of(IdsBenchmark.class.getName()),
                new String[]{"-f", "0", "-wi", "0", "-i", "1", "-r", "100ms"}, true, System.err);
        assertEquals(0, status);
        Path run = results.resolve("t1");
        for (String f : new String[]{"jmh/IdsBenchmark.json", "results.csv", "summary.md", "env.json", "status.json"}) {
            assertTrue(Files.size(run.resolve(f)) > 0, f);
        }
        assertTrue(Files.readString(run.resolve("status.json")).contains("\"complete\""));
        String csv = Files.readString(run.resolve("results.csv"));
        assertTrue(csv.contains("launcher,IdsBenchmark,generateIds,memberBytes=64,thrpt"), csv);
        assertFalse(Files.readString(run.resolve("env.json")).contains("KENSHO_REDIS_PASSWORD="));
    }

    @Test
    void aClassWithoutClaimsStartsNoMoreOnceTheBudgetIsSpent() throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(Setting.SCALE.key(), "smoke");
        System.setProperty(Setting.RUN_ID.key(), "spent");
        System.setProperty(Setting.BUDGET.key(), "0.0001"); // 6 ms: spent before the first class
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(IdsBenchmark.class.getName()),
                new String[]{"-f", "0", "-wi", "0", "-i", "1", "-r", "100ms"}, true, new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        assertTrue(out.contains("kensho: IdsBenchmark: not run: the run's budget of 0:00 was spent before it (kensho.budget=<minutes> gives more)"), out);
        Path run = results.resolve("spent");
        assertFalse(Files.exists(run.resolve("jmh/IdsBenchmark.json")), "nothing measured");
        assertTrue(Files.readString(run.resolve("status.json")).contains("\"IdsBenchmark\" : \"" + RunFolder.OVER_BUDGET + "\""),
                Files.readString(run.resolve("status.json")));
    }

    @Test
    void jmhsOwnJfrAndAsyncProfilersLandInTheRunFolderAndItsReport() throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(Setting.SCALE.key(), "smoke");
        System.setProperty(Setting.RUN_ID.key(), "prof");
        // a fork (JMH's profilers record in it), two short measured iterations, JMH's flags as Maven hands them over
        int status = Bench.run(Set.of(IdsBenchmark.class.getName()),
                new String[]{"-f 1 -wi 0 -i 2 -r 300ms -prof jfr -prof async"}, true, System.err);
        assertEquals(0, status);
        Path run = results.resolve("prof");
        Path dir = run.resolve("jfr/IdsBenchmark/generateIds,memberBytes=64");
        assertTrue(Files.size(dir.resolve("jmh-jfr-fork1.jfr")) > 0, "-prof jfr's recording in the case's folder");
        try (var files = Files.list(dir.resolve("async-fork1"))) {
            List<String> names = files.map(f -> f.getFileName().toString()).sorted().toList();
            assertTrue(names.stream().anyMatch(n -> n.startsWith("flame-") && n.endsWith("-forward.html")), "a flame graph: " + names);
            assertTrue(names.stream().anyMatch(n -> n.startsWith("collapsed-")), "stacks the report reads: " + names);
        }
        String report = Files.readString(run.resolve("report.md"));
        assertTrue(report.contains("benchmark JVM (JMH -prof jfr)"), "the report reads -prof jfr");
        assertTrue(report.contains("benchmark JVM (JMH -prof async)"), "the report reads -prof async");
        assertTrue(report.contains("jfr/IdsBenchmark/generateIds,memberBytes=64/async-fork1/flame-"), "a fork links its graph");
        assertTrue(Files.readString(run.resolve("results.csv")).contains("jfr/IdsBenchmark/generateIds,memberBytes=64"),
                "results.csv names the case's folder");
    }

    @Test
    void aSettingInsideKenshoArgsStopsBeforeAnyRunFolder() {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        // Maven hands kensho.args over as one argument
        assertEquals(2, BenchMain.launch(new String[]{"-f 1 -Dkensho.scale=smoke"}, false));
        assertEquals(2, BenchMain.launch(new String[]{"IdsBenchmark", "-Dkensho.scale=smoke"}, true));
        assertFalse(Files.exists(results.resolve("t1")));
        try (var files = Files.list(results)) {
            assertEquals(0, files.count(), "no run folder");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void moreThanOneForkWithRoundsIsOneLine() throws Exception {
        System.setProperty(Setting.ROUNDS.key(), "3");
        assertTrue(runExpectingBadInput("-f", "2").startsWith("kensho: -f 2 with -Dkensho.rounds=3"));
    }

    @Test
    void aClassRunsTheRoundsOfItsScaleTableUnlessTheRunAsksOtherwise() {
        String ids = IdsBenchmark.class.getName();
        System.setProperty(Setting.SCALE.key(), "full"); // full.IdsBenchmark.@rounds = 3 in the test table
        assertEquals(3, Rounds.count(Plan.of(Set.of(ids), new String[0], true), IdsBenchmark.class));
        assertEquals(1, Rounds.count(Plan.of(Set.of(ids), new String[]{"-f", "2"}, true), IdsBenchmark.class),
                "-f asks for consecutive forks");
        System.setProperty(Setting.ROUNDS.key(), "1");
        assertEquals(1, Rounds.count(Plan.of(Set.of(ids), new String[0], true), IdsBenchmark.class), "-Dkensho.rounds=1: none");
        System.setProperty(Setting.ROUNDS.key(), "5");
        assertEquals(5, Rounds.count(Plan.of(Set.of(ids), new String[0], true), IdsBenchmark.class));
        System.clearProperty(Setting.ROUNDS.key());
        System.setProperty(Setting.SCALE.key(), "default");
        assertEquals(1, Rounds.count(Plan.of(Set.of(ids), new String[0], true), IdsBenchmark.class), "no @rounds: none");
    }

    @Test
    void aRoundsRunMergesEveryCasesRoundsIntoOneResultFile() throws Exception {
        System.setProperty(Setting.RESULTS.key(), results.toString());
        System.setProperty(Setting.SCALE.key(), "smoke");
        System.setProperty(Setting.RUN_ID.key(), "rounds");
        System.setProperty(Setting.ROUNDS.key(), "2");
        int status = Bench.run(Set.of(IdsBenchmark.class.getName()),
                new String[]{"-f", "0", "-wi", "0", "-i", "2", "-r", "50ms", "-p", "memberBytes=16,64"}, true, System.err);
        assertEquals(0, status);
        Path run = results.resolve("rounds");
        assertEquals(2, Files.readAllLines(run.resolve(Rounds.FILE)).size(), "one line per round");
        try (var files = Files.list(run.resolve("jmh").resolve(Rounds.DIR))) {
            assertEquals(4, files.count(), "two cases, two rounds");
        }
        var merged = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.resolve("jmh/IdsBenchmark.json").toFile());
        assertEquals(2, merged.size());
        for (var b : merged) {
            assertEquals(2, b.path("primaryMetric").path("rawData").size(), "a fork per round");
            assertEquals(2, b.path(dev.kensho.common.export.JmhMerge.ROUNDS_FIELD).asInt());
        }
        var rows = dev.kensho.common.export.Results.load(run).stream().filter(r -> r.metric().equals("thrpt")).toList();
        assertEquals(2, rows.size()); // report's RatioIntervalTest pairs such rows round by round
        rows.forEach(r -> assertEquals(2, r.forks().rounds(), "the rounds kept for pairing"));
    }
}
