package dev.kensho.common.profile;

import dev.kensho.common.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the launcher checks and records about profiling before the first case: each problem one line. */
class ProfilingTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(err, true, StandardCharsets.UTF_8);

    @AfterEach
    void clear() {
        System.clearProperty(Setting.JFR.key());
        System.clearProperty(Setting.JFR_SETTINGS.key());
    }

    @Test
    void aProfilerJmhDoesNotKnowIsOneLine(@TempDir Path run) {
        BadInput e = assertThrows(BadInput.class, () -> Profiling.prepare(run, new String[]{"-prof", "nosuch"}, console));
        assertTrue(e.getMessage().startsWith("-prof nosuch: JMH has no profiler of that name"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        BadInput opts = assertThrows(BadInput.class, () -> Profiling.prepare(run, new String[]{"-prof", "gc:nosuchoption=1"}, console));
        assertTrue(opts.getMessage().startsWith("-prof gc:nosuchoption=1: "), opts.getMessage());
        assertEquals(1, opts.getMessage().lines().count(), opts.getMessage());
    }

    @Test
    void aJfrSettingsNameTheJdkLacksIsOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> dev.kensho.common.SettingValues.jfrConfiguration("profiel"));
        assertTrue(e.getMessage().startsWith("kensho.jfr.settings=profiel is not allowed; allowed: a JFR configuration this JDK has ("), e.getMessage());
        assertTrue(e.getMessage().contains("profile") && e.getMessage().contains("default"), e.getMessage());
        assertThrows(BadInput.class, () -> dev.kensho.common.SettingValues.jfrConfiguration("/no/such/file.jfc"));
        dev.kensho.common.SettingValues.jfrConfiguration("profile");
        dev.kensho.common.SettingValues.jfrConfiguration("default");
    }

    @Test
    void aRunFolderThatCannotTakeRecordingsIsOneLine(@TempDir Path run) throws Exception {
        System.setProperty(Setting.JFR.key(), "true");
        Files.writeString(run.resolve("jfr"), "a file where the recordings' folder must go");
        BadInput e = assertThrows(BadInput.class, () -> Profiling.prepare(run, new String[0], console));
        assertTrue(e.getMessage().startsWith("-Dkensho.jfr=true: the run folder cannot take recordings"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void aProfiledRunIsMarkedAndSaysSo(@TempDir Path run) throws Exception {
        System.setProperty(Setting.JFR.key(), "true");
        String[] args = {"-prof", "gc", "-f", "1"};
        assertArrayEquals(args, Profiling.prepare(run, args, console), "nothing to complete");
        JsonNode p = new ObjectMapper().readTree(run.resolve(Profiling.FILE).toFile());
        assertTrue(p.path(Profiling.PROFILED).asBoolean());
        assertEquals("profile", p.path("jfr").path("settings").asText());
        assertEquals(List.of("gc"), List.of(p.path("profilers").get(0).asText()));
        String line = err.toString(StandardCharsets.UTF_8);
        assertTrue(line.startsWith("kensho: profiled run (JFR, settings profile, per case and fork; -prof gc)"), line);
        assertTrue(Files.isDirectory(run.resolve("jfr")));
    }

    @Test
    void aPlainRunIsMarkedPlainAndSilent(@TempDir Path run) throws Exception {
        Profiling.prepare(run, new String[]{"-f", "1"}, console);
        assertFalse(Profiling.env(run).path(Profiling.PROFILED).asBoolean());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void asyncGetsItsLibraryAndFolderInTheRun(@TempDir Path run) {
        String[] done = AsyncProfilerLib.complete(new String[]{"-prof", "async:output=flamegraph", "-f", "1"}, run, console::println);
        Path lib = run.resolve("async/lib/libasyncProfiler.so");
        assertTrue(Files.isRegularFile(lib), "extracted from tools.profiler:async-profiler");
        assertTrue(done[1].startsWith("async:libPath=" + lib + ";dir=" + run.resolve("jmh/profilers")), done[1]);
        assertTrue(done[1].endsWith(";output=flamegraph"), "the user's options stay: " + done[1]);
        assertFalse(done[1].contains("collapsed"), "an output the user chose is theirs: " + done[1]);
        String[] given = {"-prof", "async:libPath=/x.so;dir=/d;event=wall"};
        assertEquals("async:output=flamegraph,collapsed;libPath=/x.so;dir=/d;event=wall",
                AsyncProfilerLib.complete(given, run, console::println)[1], "a flame graph unless output= says otherwise");
    }

    @Test
    void jmhsJfrWritesIntoTheRunFolderUnlessTheUserChoseAFolder(@TempDir Path run) {
        String staging = run.resolve(JmhProfilerFiles.STAGING).toString();
        assertArrayEquals(new String[]{"-prof", "jfr:dir=" + staging, "-f", "1"},
                JmhProfilerFiles.completeJfr(new String[]{"-prof", "jfr", "-f", "1"}, run));
        assertArrayEquals(new String[]{"-prof", "jfr:configName=default;dir=" + staging},
                JmhProfilerFiles.completeJfr(new String[]{"-prof", "jfr:configName=default"}, run));
        String[] own = {"-prof", "jfr:dir=/mine"};
        assertArrayEquals(own, JmhProfilerFiles.completeJfr(own, run));
        String[] gc = {"-prof", "gc", "-prof", "jfrsomething"};
        assertArrayEquals(gc, JmhProfilerFiles.completeJfr(gc, run), "only JMH's jfr");
        String[] prepared = Profiling.prepare(run, new String[]{"-prof", "jfr"}, console);
        assertEquals("jfr:dir=" + staging, prepared[1], "the launcher's preparation completes it");
    }
}
