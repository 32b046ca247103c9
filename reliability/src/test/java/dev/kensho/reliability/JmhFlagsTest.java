package dev.kensho.reliability;

import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.launcher.Bench;
import dev.kensho.launcher.MavenBench;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JMH's help and listing flags, as {@code org.openjdk.jmh.Main} has them: JMH's text on stdout, status 0, no run folder,
 * no server — through a class's {@code main}, every class ({@code BenchMain}, the jar) and Maven's {@code MavenBench}.
 */
class JmhFlagsTest {

    private static final String IDS = "dev.kensho.redis.sets.UserIdGeneratorBenchmark";

    @TempDir
    Path work;

    @AfterEach
    void clear() {
        System.clearProperty("kensho.results");
        System.clearProperty(Setting.BENCH.key());
    }

    /** stdout of a launcher run that must end with status 0 and leave nothing behind. */
    private String informs(Set<String> classes, String... args) throws IOException {
        AllBenchmarks.merge();
        System.setProperty("kensho.results", work.resolve("runs").toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        int status;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            status = Bench.run(classes, args, true, new PrintStream(err, true, StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
        }
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing on stderr");
        assertFalse(Files.exists(work.resolve("runs")), "no run folder");
        assertEquals(List.of(), ChildRun.strayServers(), "nothing started");
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void listInAClassMainListsThatClassOnly() throws IOException {
        String out = informs(Set.of(IDS), "-l");
        assertTrue(out.startsWith("Benchmarks: \n" + IDS + ".generateIds"), out);
        assertTrue(out.lines().skip(1).allMatch(l -> l.startsWith(IDS + ".")), out);
    }

    @Test
    void listOfEveryClassFollowsTheBenchRegex() throws IOException {
        System.setProperty(Setting.BENCH.key(), "SetAlgebra");
        String out = informs(null, "-l");
        List<String> names = out.lines().skip(1).toList();
        assertTrue(!names.isEmpty() && names.stream().allMatch(n -> n.contains("SetAlgebra")), out);
    }

    @Test
    void listWithParamsShowsTheParams() throws IOException {
        String out = informs(Set.of(IDS), "-lp", "-p", "memberBytes=16");
        assertTrue(out.contains(IDS + ".generateIds\n  param \"memberBytes\" = {16}"), out);
    }

    @Test
    void helpIsJmhsHelp() throws IOException {
        String out = informs(null, "-h");
        assertTrue(out.contains("Usage: java -jar ... [regexp*] [options]"), out);
    }

    @Test
    void profilersAndResultFormatsAreListed() throws IOException {
        assertTrue(informs(null, "-lprof").contains("gc:"), "JMH's profilers");
        assertTrue(informs(Set.of(IDS), "-lrf").contains("json"), "JMH's result formats");
    }

    @Test
    void underMavenHelpPrintsOnceAndAResultFlagStopsTheBuild() throws Exception {
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(Settings.root())) {
            modules = dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).sorted().toList();
        }
        // as Maven's ${session.projects} reads
        String reactor = "--reactor=[" + String.join(", ", modules.stream()
                .map(m -> "MavenProject: dev.kensho:" + m.getFileName() + ":0.1.0 @ " + m.resolve("pom.xml")).toList()) + "]";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            MavenBench.main(new String[]{reactor, "--module=" + Settings.root().resolve("redis-sets"), "--", "-h"});
            MavenBench.main(new String[]{reactor, "--module=" + Settings.root().resolve("hbase-meter"), "--", "-h"});
        } finally {
            System.setOut(stdout);
        }
        String help = out.toString(StandardCharsets.UTF_8);
        assertEquals(help.indexOf("Usage: java -jar"), help.lastIndexOf("Usage: java -jar"), "once for the build: " + help);
        assertTrue(help.contains("Usage: java -jar"), help);
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> MavenBench.main(new String[]{reactor, "--module=" + Settings.root().resolve("redis-sets"), "--", "-rf csv"}));
        assertTrue(e.getMessage().startsWith("kensho: -rf=csv is not allowed; allowed: json or leave it out"), e.getMessage());
        RuntimeException d = assertThrows(RuntimeException.class, () -> MavenBench.main(new String[]{reactor,
                "--module=" + Settings.root().resolve("redis-sets"), "--", "-f 1 -Dkensho.scale=smoke"}));
        assertEquals("kensho: -Dkensho.scale=smoke inside -Dkensho.args is a JMH argument, not a setting: give it to Maven"
                + " beside the others (./mvnw verify -Pbench -Dkensho.scale=smoke …)", d.getMessage());
    }
}
