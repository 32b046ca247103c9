package dev.kensho.common.profile;

import dev.kensho.common.Setting;
import dev.kensho.common.runfiles.Case;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JMH's {@code -prof jfr} and {@code -prof async} write every fork of a case into one folder, each over the last: each
 * fork's files move into the case's folder under a fork number of their own, and the index names them for the report.
 */
class JmhProfilerFilesTest {

    private static final Case CASE = new Case("dev.kensho.redis.sets.SetAlgebraBenchmark.sinter",
            Map.of("layout", "EQUAL", "members", "1000"));
    private static final String ID = "dev.kensho.redis.sets.SetAlgebraBenchmark.sinter-Throughput-layout-EQUAL-members-1000";

    @AfterEach
    void clear() {
        System.clearProperty(Setting.RUN_DIR.key());
    }

    /** What JMH's two profilers leave after one fork. */
    private static void fork(Path run, String jfrText) throws Exception {
        Path d = Files.createDirectories(run.resolve(JmhProfilerFiles.STAGING).resolve(ID));
        Files.writeString(d.resolve("profile.jfr"), jfrText);
        Files.writeString(d.resolve("collapsed-cpu.csv"), "java/lang/Thread.run;A.b 3\n");
        Files.writeString(d.resolve("flame-cpu-forward.html"), "<html/>");
        Files.writeString(d.resolve("flame-cpu-reverse.html"), "<html/>");
        Files.writeString(d.resolve("summary-cpu.txt"), "summary");
    }

    @Test
    void eachForksFilesGoToTheCaseFolderUnderTheirOwnForkNumber(@TempDir Path run) throws Exception {
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        fork(run, "fork one");
        JmhProfilerFiles.collect(run, ID, CASE, 1200, 2.0, 11);
        fork(run, "fork two");
        JmhProfilerFiles.collect(run, ID, CASE, 1300, 2.0, 12);

        Path dir = run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=EQUAL,members=1000");
        assertEquals("fork one", Files.readString(dir.resolve("jmh-jfr-fork1.jfr")));
        assertEquals("fork two", Files.readString(dir.resolve("jmh-jfr-fork2.jfr")));
        for (String f : new String[]{"collapsed-cpu.csv", "flame-cpu-forward.html", "flame-cpu-reverse.html", "summary-cpu.txt"}) {
            assertTrue(Files.exists(dir.resolve("async-fork1").resolve(f)), f);
            assertTrue(Files.exists(dir.resolve("async-fork2").resolve(f)), f);
        }
        assertFalse(Files.exists(run.resolve(JmhProfilerFiles.STAGING).resolve(ID)), "nothing left where JMH wrote");

        List<ProfileIndex.Entry> index = ProfileIndex.read(run);
        assertEquals(4, index.size());
        ProfileIndex.Entry jfr2 = index.get(2);
        assertEquals(JmhProfilerFiles.JFR_KIND, jfr2.kind());
        assertEquals(2, jfr2.fork());
        assertEquals("jfr/SetAlgebraBenchmark/sinter,layout=EQUAL,members=1000/jmh-jfr-fork2.jfr", jfr2.file());
        assertEquals(1300, jfr2.ops());
        assertEquals("SetAlgebraBenchmark.sinter?layout=EQUAL&members=1000", jfr2.caseKey());
        ProfileIndex.Entry async1 = index.get(1);
        assertEquals(JmhProfilerFiles.ASYNC_KIND, async1.kind());
        assertEquals("jfr/SetAlgebraBenchmark/sinter,layout=EQUAL,members=1000/async-fork1/collapsed-cpu.csv", async1.file(),
                "the report reads the collapsed stacks");
        assertEquals("client", async1.side());
    }

    @Test
    void aForkWithoutTheirFilesAddsNothing(@TempDir Path run) throws Exception {
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        JmhProfilerFiles.collect(run, ID, CASE, 1, 1.0, 1);
        assertEquals(List.of(), ProfileIndex.read(run));
        assertFalse(Files.exists(run.resolve("jfr")));
    }

    @Test
    void aForkWithOnlyAFlameGraphIsReadThroughIt(@TempDir Path run) throws Exception {
        Path d = Files.createDirectories(run.resolve("x"));
        Files.writeString(d.resolve("flame-cpu-reverse.html"), "");
        Files.writeString(d.resolve("flame-cpu-forward.html"), "");
        assertEquals("flame-cpu-forward.html", JmhProfilerFiles.main(d).getFileName().toString());
        Files.writeString(d.resolve("jfr-cpu.jfr"), "");
        assertEquals("jfr-cpu.jfr", JmhProfilerFiles.main(d).getFileName().toString());
    }

    @Test
    void onlyJmhsJfrAndAsyncNeedIt() throws Exception {
        assertTrue(JmhProfilerFiles.wanted(new CommandLineOptions("-prof", "jfr").getProfilers()));
        assertTrue(JmhProfilerFiles.wanted(new CommandLineOptions("-prof", "gc", "-prof", "async:output=jfr").getProfilers()));
        assertFalse(JmhProfilerFiles.wanted(new CommandLineOptions("-prof", "gc", "-prof", "stack").getProfilers()));
    }
}
