package dev.kensho.reliability;

import dev.kensho.common.Setting;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * A benchmark run (launcher + JMH fork + redis-server) interrupted by SIGTERM or SIGINT in the middle
 * of an import: the launcher, its fork and the server all end, the temporary folders are removed, and the run's
 * status.json says {@code interrupted}.
 */
class KilledRunTest {

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void noServerOrTemporaryFolderSurvivesAKilledRun(String signal, @TempDir Path work) throws Exception {
        try (ChildRun run = ChildRun.start(work,
                Map.of(Setting.SCALE.key(), "smoke", Setting.BENCH.key(), "SetImportBenchmark",
                        dev.kensho.common.Setting.VERBOSE.key(), "true", // JMH's "Iteration 1:" on the console says it runs
                        Setting.RUN_ID.key(), "killed"),
                Map.of(), "-p", "users=3000000", "-p", "client=JEDIS")) {
            // bounds only, so a broken run cannot hang the build: both return as soon as the run gets there or ends, and
            // on a loaded 2-core machine a launcher and its fork took over 60 s to start the server
            Optional<ProcessHandle> server = run.awaitDescendant("redis-server", 240);
            assertTrue(server.isPresent(), "redis-server started by the fork");
            assertTrue(run.awaitOutput("Iteration   1:", 240), "benchmark under way");

            // a process tree started in the background of a non-interactive shell (nohup … &) inherits SIGINT ignored:
            // no Ctrl-C can reach it, and the JVM keeps it ignored, so the run would go on to complete
            assumeFalse(ignores(run.process.pid(), signal), "SIG" + signal + " is ignored by this process tree (started in"
                    + " the background): it cannot stop the launcher here, so this case is not tested");
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(run.process.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(run.process.waitFor(30, TimeUnit.SECONDS), "launcher ended on SIG" + signal);
            assertTrue(ChildRun.awaitGone(server.get(), 15), "redis-server outlived the run (SIG" + signal + ")");
            assertTrue(ChildRun.strayServers().isEmpty(), "no server left: " + ChildRun.strayServers());
            assertEquals(dev.kensho.common.export.RunFolder.INTERRUPTED,
                    dev.kensho.common.export.RunFolder.at(work.resolve("runs").resolve("killed")).state(),
                    "status.json says how the run ended (SIG" + signal + ")");
            try (Stream<Path> left = Files.list(work.resolve("tmp"))) {
                assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("kensho-redis-")),
                        "temporary server folders removed");
            }
        }
    }

    /** Whether the process ignores the signal (Linux: the SigIgn mask of /proc/pid/status; false where unreadable). */
    static boolean ignores(long pid, String signal) throws java.io.IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isReadable(status)) {
            return false;
        }
        int number = "INT".equals(signal) ? 2 : "TERM".equals(signal) ? 15 : 0;
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:") && number > 0) {
                return new java.math.BigInteger(line.substring(7).trim(), 16).testBit(number - 1);
            }
        }
        return false;
    }
}
