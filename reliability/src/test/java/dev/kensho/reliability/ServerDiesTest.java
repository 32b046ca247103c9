package dev.kensho.reliability;

import dev.kensho.common.Setting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded redis-server is killed while a benchmark uses it: the run fails (it does not hang) with a
 * line naming the server, the run folder says "failed", and no process is left.
 */
class ServerDiesTest {

    @Test
    void aDeadServerFailsTheRunClearly(@TempDir Path work) throws Exception {
        try (ChildRun run = ChildRun.start(work,
                Map.of(Setting.SCALE.key(), "smoke", Setting.BENCH.key(), "SetImportBenchmark",
                        dev.kensho.common.Setting.VERBOSE.key(), "true", // JMH's "Iteration 1:" on the console says it runs
                        Setting.RUN_ID.key(), "dies"),
                Map.of(), "-p", "users=3000000", "-p", "client=JEDIS")) {
            Optional<ProcessHandle> server = run.awaitDescendant("redis-server", 60);
            assertTrue(server.isPresent(), "redis-server started by the fork");
            assertTrue(run.awaitOutput("Iteration   1:", 90), "benchmark under way");

            server.get().destroyForcibly();
            assertTrue(run.process.waitFor(120, TimeUnit.SECONDS), "the run ended (a guard against a hang, not a speed goal)");
            assertEquals(1, run.process.exitValue());

            String out = run.output();
            String line = out.lines().filter(l -> l.startsWith("kensho: SetImportBenchmark failed: ")).findFirst().orElse("");
            // JMH prints "Iteration 1:" before the iteration's setup, so the kill may land while a server is still
            // starting ("exited at start") or while it serves ("has exited" / "no longer running"): all name it
            assertTrue(line.contains("redis-server") && (line.contains("no longer running") || line.contains("exited")),
                    "the failure names the target: " + line);
            String status = Files.readString(work.resolve("runs/dies/status.json"));
            assertTrue(status.contains("\"state\" : \"failed\""), status);
            assertTrue(ChildRun.strayServers().isEmpty(), "no process left: " + ChildRun.strayServers());
        }
    }
}
