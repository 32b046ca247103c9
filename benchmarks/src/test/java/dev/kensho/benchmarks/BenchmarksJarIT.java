package dev.kensho.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded jar ({@code target/kensho-benchmarks.jar}, path in {@code benchmarks.jar}) as a user runs it: a child
 * {@code java -jar}, like the reliability module's {@code ChildRun} but with the jar as the whole class path.
 */
class BenchmarksJarIT {

    private static final Path JAR = Paths.get(System.getProperty("benchmarks.jar", "target/kensho-benchmarks.jar"));

    /** {@code java -D… -jar kensho-benchmarks.jar args…} in {@code dir}, its output in {@code dir/child.log}. */
    private static int run(Path dir, List<String> properties, String... args) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("tmp"));
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Djava.io.tmpdir=" + dir.resolve("tmp"));
        cmd.add("-Dkensho.results=" + dir.resolve("runs"));
        cmd.addAll(properties);
        cmd.add("-jar");
        cmd.add(JAR.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.log").toFile()).start();
        return p.waitFor();
    }

    @Test
    void aSmokeClassRunsFromTheJarInAForkIntoARunFolder(@TempDir Path dir) throws Exception {
        // UserIdGeneratorBenchmark: pure computation, no server; one fork proves the jar is a fork's class path
        int status = run(dir, List.of("-Dkensho.scale=smoke", "-Dkensho.runId=jar-smoke"),
                "UserIdGenerator", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms");
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        Path run = dir.resolve("runs").resolve("jar-smoke");
        JsonNode jmh = new ObjectMapper().readTree(run.resolve("jmh/UserIdGeneratorBenchmark.json").toFile());
        assertTrue(jmh.size() > 0 && jmh.get(0).path("primaryMetric").path("score").asDouble() > 0, jmh.toString());
        assertTrue(Files.size(run.resolve("report.html")) > 0, "the report");
        assertTrue(Files.exists(run.resolve("results.csv")));
        JsonNode bmf = new ObjectMapper().readTree(run.resolve("bmf.json").toFile());
        assertTrue(bmf.path("UserIdGeneratorBenchmark.generateIds?memberBytes=64").path("throughput").path("value").isNumber(),
                bmf.toString());
        assertTrue(Files.exists(run.resolve("gab-bigger.json")) && Files.exists(run.resolve("gab-smaller.json")));
        assertEquals("complete", new ObjectMapper().readTree(run.resolve("status.json").toFile()).path("state").asText());
    }

    @Test
    void aRegexMatchingNothingIsOneLineAndStatus2(@TempDir Path dir) throws Exception {
        int status = run(dir, List.of(), "NoSuchBenchmarkAnywhere");
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8).strip();
        assertEquals(2, status, log);
        assertTrue(log.startsWith("kensho: kensho.bench=NoSuchBenchmarkAnywhere") && log.lines().count() == 1, log);
    }

    @Test
    void onABareJdkTheKinesisClassesAreSkippedWithWhatToInstallAndTheRestRuns(@TempDir Path dir) throws Exception {
        // no checkout around the jar (the test's folder is inside this one: kensho.root says it is not), so no
        // kinesis-target/node_modules, as on a machine with only a JDK
        int status = run(dir, List.of("-Dkensho.scale=smoke", "-Dkensho.runId=bare", "-Dkensho.root=" + dir),
                "UserIdGenerator|BatchSweep", "-f", "1", "-wi", "0", "-i", "1", "-r", "100ms");
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        String skipped = log.lines().filter(l -> l.startsWith("kensho: BatchSweepBenchmark: skipped: ")).findFirst().orElse("");
        assertTrue(skipped.contains("needs the embedded Kinesis emulator, which is not installed") && skipped.contains("npm"), log);
        Path run = dir.resolve("runs").resolve("bare");
        assertTrue(Files.exists(run.resolve("jmh/UserIdGeneratorBenchmark.json")), "the rest ran");
        assertEquals("complete", new ObjectMapper().readTree(run.resolve("status.json").toFile()).path("state").asText());
    }

    @Test
    void jmhsListIsJmhsAndStartsNothing(@TempDir Path dir) throws Exception {
        int status = run(dir, List.of(), "-l");
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        assertTrue(log.startsWith("Benchmarks: \n") && log.contains("dev.kensho.kinesis.batch.BatchSweepBenchmark."), log);
        assertTrue(!Files.exists(dir.resolve("runs")), "no run folder");
    }

    @Test
    void theRunFolderCommandsAreTheJarsToo(@TempDir Path dir) throws Exception {
        assertEquals(0, run(dir, List.of(), "compare", "--help"));
        assertTrue(Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8)
                .startsWith("Usage: java -jar kensho-benchmarks.jar compare"));
        assertEquals(2, run(dir, List.of(), "compare", "onlyone"));
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8).strip();
        assertTrue(log.startsWith("kensho: compare: ") && log.lines().count() == 1, log);
    }

    @Test
    void versionSaysTheSuitesVersionAndCommit(@TempDir Path dir) throws Exception {
        assertEquals(0, run(dir, List.of(), "--version"));
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        assertTrue(log.matches("(?s)kensho-benchmarks \\d+\\.\\d+\\.\\d+, commit ([0-9a-f]{40}( with local changes)?|unknown .*), built .*"
                + "\nJMH 1\\.37; this java: .*"), log);
    }

    @Test
    void dashHIsJmhsHelpThenTheSuitesCommandsAndSettings(@TempDir Path dir) throws Exception {
        assertEquals(0, run(dir, List.of(), "-h"));
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8);
        int jmh = log.indexOf("-prof <profiler>");
        int commands = log.indexOf("\nCommands:\n");
        int settings = log.indexOf("\n    -Dkensho.scale=default");
        assertTrue(jmh >= 0 && commands > jmh && settings > commands, log);
        for (String c : new String[]{"compare", "report", "merge", "pool", "docs"}) {
            assertTrue(log.contains("\n  " + c + " "), c);
        }
        assertTrue(!Files.exists(dir.resolve("runs")), "no run folder");
    }

    @Test
    void aSettingAfterJarIsOneLineSayingWhereItGoes(@TempDir Path dir) throws Exception {
        assertEquals(2, run(dir, List.of(), "-Dkensho.scale=smoke", "UserIdGenerator"));
        String log = Files.readString(dir.resolve("child.log"), StandardCharsets.UTF_8).strip();
        assertEquals("kensho: -Dkensho.scale=smoke after -jar is an argument of the jar, not a setting: settings go before"
                + " -jar (java -Dkensho.scale=smoke -jar kensho-benchmarks.jar …)", log);
        assertTrue(!Files.exists(dir.resolve("runs")), "no run folder");
    }

    @Test
    void theJarListsEveryModulesBenchmarksAndScalesAndStartsOnJava8() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            String list = read(jar, "META-INF/BenchmarkList");
            for (String pkg : new String[]{"dev.kensho.redis.sets.", "dev.kensho.redis.kv.",
                    "dev.kensho.redis.pubsub.", "dev.kensho.hbase.meter.", "dev.kensho.kinesis.batch."}) {
                assertTrue(list.contains(" " + pkg), "BenchmarkList has " + pkg);
            }
            String scale = read(jar, "kensho-scale.properties");
            for (String cls : new String[]{"UserIdGeneratorBenchmark", "SetImportBenchmark", "KeyValueThroughputBenchmark",
                    "PubSubFanoutBenchmark", "MeterLoadBenchmark", "BatchSweepBenchmark"}) {
                assertTrue(scale.contains("." + cls + "."), "kensho-scale.properties has " + cls);
            }
            assertEquals("dev.kensho.benchmarks.JarMain", jar.getManifest().getMainAttributes().getValue("Main-Class"));
            try (DataInputStream in = new DataInputStream(jar.getInputStream(jar.getEntry("dev/kensho/benchmarks/JarMain.class")))) {
                in.readInt();
                in.readUnsignedShort();
                assertEquals(52, in.readUnsignedShort(), "JarMain is Java 8 bytecode, so an old java reaches its check");
            }
        }
    }

    private static String read(JarFile jar, String name) throws IOException {
        try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
