package dev.kensho.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A benchmark started by plain JMH — what an IDE's JMH plugin does — runs: its fork starts the class's embedded
 * server, records into a run folder of the checkout's kind (here {@code -Dkensho.results}, handed to the fork as a
 * user's VM option would be), says where on the console, and leaves no server behind. A server the suite did not
 * start stays refused in one line.
 */
class WithoutLauncherTest {

    private static final String CLS = "dev.kensho.redis.sets.SetFlushBenchmark";

    private static ChainedOptionsBuilder setFlush(Path results, String... jvmArgs) {
        AllBenchmarks.merge();
        return new OptionsBuilder().include(CLS.replace(".", "\\.") + "\\.")
                // one small case, one fork, one measured iteration: what the IDE's plugin runs, made tiny
                .param("attributes", "1").param("users", "1000").param("mode", "SYNC")
                .forks(1).warmupIterations(0).measurementIterations(1).shouldFailOnError(true)
                .jvmArgsAppend(Stream.concat(Stream.of("-XX:TieredStopAtLevel=1", "-Dkensho.results=" + results),
                        Stream.of(jvmArgs)).toArray(String[]::new));
    }

    private static Runner runner(ChainedOptionsBuilder ob, ByteArrayOutputStream console) {
        return new Runner(ob.build(), OutputFormatFactory.createFormatInstance(
                new PrintStream(console, true, StandardCharsets.UTF_8), VerboseMode.NORMAL));
    }

    @Test
    void aPlainJmhRunnerRunsTheClassOnItsEmbeddedServerIntoARunFolder(@TempDir Path results) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ByteArrayOutputStream forkErr = new ByteArrayOutputStream();
        PrintStream err = System.err;
        Collection<RunResult> done;
        // JMH passes a fork's standard error on to its own
        System.setErr(new PrintStream(new TeeStream(err, forkErr), true, StandardCharsets.UTF_8));
        try {
            done = runner(setFlush(results), console).run();
        } finally {
            System.setErr(err);
        }
        String out = console.toString(StandardCharsets.UTF_8) + forkErr.toString(StandardCharsets.UTF_8);
        assertEquals(1, done.size(), out);

        // one folder, named by when this JMH (this JVM: the fork's parent) started and its pid
        List<Path> runs;
        try (Stream<Path> s = Files.list(results)) {
            runs = s.toList();
        }
        assertEquals(1, runs.size(), runs.toString());
        Path run = runs.get(0);
        assertTrue(run.getFileName().toString().matches("\\d{8}-\\d{6}-jmh" + ProcessHandle.current().pid()), run.toString());
        assertTrue(out.contains("kensho: SetFlushBenchmark started by JMH without the kensho launcher: its embedded server,"
                + " records in " + run + " ("), "the console says where: " + out);

        JsonNode status = new ObjectMapper().readTree(run.resolve("status.json").toFile());
        assertEquals("complete", status.path("state").asText(), status.toString());
        assertEquals("done", status.path("classes").path("SetFlushBenchmark").asText(), status.toString());
        assertTrue(read(run, "servers.jsonl").contains("embedded redis-server"), "the class's embedded server recorded");
        assertTrue(read(run, "measurements.jsonl").contains("flushed_members"), "the benchmark's own measurements");
        assertTrue(read(run, "env.json").contains("SetFlushBenchmark"), "exported at the fork's end");
        assertTrue(Files.size(run.resolve("report.md")) > 0, "and its report");
        assertTrue(read(run, "notes.jsonl").contains("without the kensho launcher"), "the reader is told why no scores");
        assertEquals(List.of(), ChildRun.strayServers(), "the fork's server ended with it");
    }

    @Test
    void aServerTheSuiteDidNotStartIsStillRefusedInOneLine(@TempDir Path results) {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        // nothing listens there: the refusal comes before any connection
        Runner jmh = runner(setFlush(results, "-Dkensho.redis.uri=redis://127.0.0.1:1/0"), console);
        assertThrows(RunnerException.class, jmh::run);
        String out = console.toString(StandardCharsets.UTF_8);
        String line = out.lines().filter(l -> l.contains("kensho launcher")).findFirst().orElse("");
        assertEquals("dev.kensho.common.BadInput: " + CLS + " was started by JMH without the kensho launcher (an IDE's JMH"
                + " plugin or org.openjdk.jmh.Main), which runs only the class's embedded server; for a server of yours run "
                + CLS + ".main, or java -jar kensho-benchmarks.jar SetFlushBenchmark", line, out);
        assertFalse(out.contains("\tat "), "no stack trace: " + out);
        try (Stream<Path> s = Files.list(results)) {
            assertEquals(0, s.count(), "no run folder");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Writes to both streams. */
    private static final class TeeStream extends java.io.OutputStream {
        private final java.io.OutputStream a;
        private final java.io.OutputStream b;

        TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }
    }

    private static String read(Path run, String file) throws IOException {
        return Files.readString(run.resolve(file), StandardCharsets.UTF_8);
    }
}
