package dev.kensho.reliability;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A benchmark started by plain JMH — what an IDE's JMH plugin does — has no run folder and no server of the launcher's:
 * it stops in one line naming the class's {@code main}, before it starts a server.
 */
class WithoutLauncherTest {

    @Test
    void aPlainJmhRunnerStopsInOneLineNamingTheMain() {
        AllBenchmarks.merge();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Runner jmh = new Runner(new OptionsBuilder()
                .include("dev\\.kensho\\.redis\\.sets\\.SetFlushBenchmark\\.")
                .forks(1).warmupIterations(0).measurementIterations(1).shouldFailOnError(true).build(),
                OutputFormatFactory.createFormatInstance(new PrintStream(console, true, StandardCharsets.UTF_8), VerboseMode.NORMAL));
        assertThrows(RunnerException.class, jmh::run);
        String out = console.toString(StandardCharsets.UTF_8);
        String line = out.lines().filter(l -> l.contains("kensho launcher")).findFirst().orElse("");
        assertEquals("dev.kensho.common.BadInput: dev.kensho.redis.sets.SetFlushBenchmark was started by JMH without the"
                + " kensho launcher (an IDE's JMH plugin or org.openjdk.jmh.Main): no run folder, no server of the suite's;"
                + " allowed: run dev.kensho.redis.sets.SetFlushBenchmark.main, or java -jar kensho-benchmarks.jar"
                + " SetFlushBenchmark", line, out);
        assertFalse(out.contains("\tat "), "no stack trace: " + out);
        assertEquals(List.of(), ChildRun.strayServers(), "no server started");
    }
}
