package dev.kensho.redis.kv;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.redis.kv.tool.RedisBenchmarkTool;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's side of the redis-benchmark calibration against a stub executable, so it is checked on a machine without
 * redis-tools: the command line it builds, the CSV line it reads, a run without a result, and a run the server never
 * saw (the stub sends nothing), which must fail the trial. {@link RedisBenchmarkCalibrationTest} runs the real tool
 * where it is installed.
 */
// alone in its JVM: it writes a stub executable and runs it, and a fork by a test beside it would inherit the open file
// and make exec fail with ETXTBSY ("Text file busy"); it also sets the tool's system property
@Isolated
class RedisBenchmarkStubTest {

    /** A stub that records its arguments and prints redis-benchmark 7.0's --csv header and one line for {@code name}. */
    private static Path stub(Path dir, String csvLine) throws Exception {
        Path s = dir.resolve("redis-benchmark");
        Files.writeString(s, String.join("\n",
                "#!/bin/sh",
                "echo \"$@\" > '" + dir.resolve("args") + "'",
                "echo '\"test\",\"rps\",\"avg_latency_ms\",\"min_latency_ms\",\"p50_latency_ms\",\"p95_latency_ms\",\"p99_latency_ms\",\"max_latency_ms\"'",
                "echo '" + csvLine + "'",
                ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    private static String line(String command, String rps) {
        return "\"" + command + " kensho:__rand_int__\",\"" + rps + "\",\"1.392\",\"0.328\",\"1.287\",\"2.183\",\"4.967\",\"7.519\"";
    }

    @Test
    void theCommandLineItBuildsAndTheLineItReads(@TempDir Path dir) throws Exception {
        Path stub = stub(dir, line("SET", "48449.61"));
        try (RedisTarget t = ServerStarts.one(() -> RedisTargets.open(Map.of()))) {
            RedisBenchmarkTool.Result r = RedisBenchmarkTool.run(stub, t, t.keyPrefix(), "SET", 20, 1_000, 5_000);
            assertEquals(48449.61, r.rps(), 1e-9);
            assertEquals(1.287, r.p50Ms(), 1e-12);
            assertEquals(4.967, r.p99Ms(), 1e-12);
            String args = " " + Files.readString(dir.resolve("args")).strip() + " ";
            for (String a : List.of("-h 127.0.0.1", "-p " + t.port(), "--dbnum " + t.database(), "-c 20", "-n 5000",
                    "-r 1000", "-P 1", "-q --csv", "SET " + t.keyPrefix() + "__rand_int__ " + "x".repeat(Workload.VALUE_BYTES))) {
                assertTrue(args.contains(" " + a + " "), a + " in: " + args);
            }
        }
    }

    @Test
    void aRunWithoutItsResultLineFailsNamingTheOutput(@TempDir Path dir) throws Exception {
        Path stub = stub(dir, "ERR something went wrong");
        try (RedisTarget t = ServerStarts.one(() -> RedisTargets.open(Map.of()))) {
            TargetFailure e = assertThrows(TargetFailure.class, () -> RedisBenchmarkTool.run(stub, t, t.keyPrefix(), "GET", 20, 1_000, 5_000));
            assertTrue(e.getMessage().startsWith("redis-benchmark GET gave no result: "), e.getMessage());
            assertTrue(e.getMessage().contains("ERR something went wrong"), e.getMessage());
        }
    }

    /** The stub reports a rate for requests the server never executed: the calibration's server-side check fails the trial. */
    @Test
    void aRunTheServerDidNotSeeFailsTheTrial(@TempDir Path dir) throws Exception {
        // a line for each run (SET, then GET), as a real tool's would be: only the server's counts can tell
        Path stub = stub(dir, line("SET", "48449.61") + "'\necho '" + line("GET", "50000.00"));
        RedisBenchmarkCalibration c = new RedisBenchmarkCalibration();
        c.clients = 10;
        c.ioThreads = 1;
        c.getRatio = 0.8;
        c.keyspace = 500;
        c.requests = 2_000;
        c.start = Start.PRELOADED;
        Map<String, String> p = new TreeMap<>(Map.of("clients", "10", "ioThreads", "1", "getRatio", "0.8",
                "keyspace", "500", "requests", "2000", "start", "PRELOADED"));
        System.setProperty(KvSettings.REDIS_BENCHMARK.key(), stub.toString());
        try {
            ServerStarts.one(() -> c.open(new Case(RedisBenchmarkCalibration.class.getName() + ".setThenGet", p)));
            IllegalStateException e = assertThrows(IllegalStateException.class, c::setThenGet);
            assertEquals("redis-benchmark SET run: the server executed 0 SET and 0 GET calls (INFO commandstats), expected"
                    + " exactly 2000 and 0 (the run's -n)", e.getMessage());
        } finally {
            System.clearProperty(KvSettings.REDIS_BENCHMARK.key());
            c.close();
        }
    }
}
