package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.tool.MemtierTool;
import dev.kensho.redis.kv.tool.ServerCounts;
import dev.kensho.redis.kv.tool.ToolKeyspace;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The memtier_benchmark calibration against stub executables (a known JSON, a binary that is not memtier, one that
 * exits non-zero) and, when memtier is installed, against a real server.
 */
// alone in its JVM: it writes stub executables and runs them, and a fork by a test beside it would inherit the open
// file and make exec fail with ETXTBSY ("Text file busy"), seen once in a full verify
@Isolated
class MemtierCalibrationTest {

    /** memtier 2.3.0's JSON of a 10-connection × 200-request run (trimmed to the fields read), as it wrote it here. */
    private static final String KNOWN_JSON = """
            {"configuration": {"clients": 10, "threads": 1, "requests": 200, "ratio": "1:4"},
             "ALL STATS": {
              "Runtime": {"Start time": 1795888273945, "Finish time": 1795888273983, "Total duration": 38},
              "Sets": {"Count": 400, "Ops/sec": 10487.40},
              "Gets": {"Count": 1600, "Ops/sec": 41949.61, "Hits/sec": 7498.49, "Misses/sec": 34451.12},
              "Totals": {"Count": 2000, "Ops/sec": 52437.01,
                         "Percentile Latencies": {"p50.00": 0.151, "p99.00": 0.335, "p99.90": 4.543}}}}
            """;

    /** A stub that answers --version as memtier does, records its arguments and writes {@code json}; exits {@code status}. */
    private static Path stub(Path dir, String json, int status) throws Exception {
        Path s = dir.resolve("memtier_benchmark");
        Files.writeString(s, String.join("\n",
                "#!/bin/sh",
                "for a in \"$@\"; do case \"$a\" in",
                "  --version) echo 'memtier_benchmark v=2.3.0 (kensho test stub)'; exit 0;;",
                "  --json-out-file=*) out=\"${a#--json-out-file=}\";;",
                "esac; done",
                "echo \"$@\" > '" + dir.resolve("args") + "'",
                "cat > \"$out\" <<'JSON'",
                json.strip(),
                "JSON",
                "exit " + status, ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    private static MemtierCalibration calibration(LoadGenerator.Client client) {
        MemtierCalibration c = new MemtierCalibration();
        c.client = client;
        c.clients = 10;
        c.memtierThreads = 1;
        c.ioThreads = 1;
        c.getRatio = 0.8;
        c.keyspace = 500;
        c.requests = 2_000;
        return c;
    }

    private static Case caseOf(MemtierCalibration c) {
        Map<String, String> p = new TreeMap<>(Map.of("client", c.client.name(), "clients", "10", "memtierThreads", "1",
                "ioThreads", "1", "getRatio", "0.8", "keyspace", "500", "requests", "2000"));
        return new Case(MemtierCalibration.class.getName() + ".interleaved", p);
    }

    @Test
    void runsAStubAndReadsTheNumbersOfItsJson(@TempDir Path dir) throws Exception {
        Path stub = stub(dir, KNOWN_JSON, 0);
        MemtierTool.Found found = MemtierTool.check(stub, "the stub");
        assertNull(found.whyNot());
        assertEquals("memtier_benchmark v=2.3.0 (kensho test stub)", found.version());
        try (RedisTarget t = ServerStarts.one(() -> RedisTargets.open(Map.of()))) {
            MemtierTool.Load load = new MemtierTool.Load(ToolKeyspace.forMemtier(t.keyPrefix(), 16, 1_000), 1, 10, 200,
                    MemtierTool.ratio(0.8));
            MemtierTool.Result r = MemtierTool.run(stub, t, load);
            assertEquals(2_000, r.requests());
            assertEquals(400, r.sets());
            assertEquals(1_600, r.gets());
            assertEquals(52_437.01, r.rps(), 1e-9);
            assertEquals(0.151, r.p50Ms(), 1e-12);
            assertEquals(0.335, r.p99Ms(), 1e-12);
            assertTrue(r.cpuNanos() >= 0 && r.wallNanos() > 0);
            String args = Files.readString(dir.resolve("args")).strip();
            for (String a : List.of("--port=" + t.port(), "--threads=1", "--clients=10", "--requests=200", "--ratio=1:4",
                    "--data-size=200", "--key-prefix=" + t.keyPrefix(), "--key-minimum=999999000", "--key-maximum=999999999",
                    "--key-pattern=R:R", "--distinct-client-seed", "--pipeline=1")) {
                assertTrue((" " + args + " ").contains(" " + a + " "), a + " in: " + args);
            }
        }
    }

    /** The stub's JSON claims 2,000 requests the server never executed: the trial fails with one line, as a wrong answer must. */
    @Test
    void aRunTheServerDidNotSeeFailsTheTrial(@TempDir Path dir) throws Exception {
        MemtierCalibration c = calibration(LoadGenerator.Client.LETTUCE);
        MemtierTool.Found stub = MemtierTool.check(stub(dir, KNOWN_JSON, 0), "the stub");
        ServerStarts.one(() -> c.open(caseOf(c), stub));
        try {
            assertNull(c.whyNot);
            IllegalStateException e = assertThrows(IllegalStateException.class, c::memtierTurn);
            assertEquals("memtier_benchmark reported 2000 requests (1600 GET, 400 SET); the server executed 0 GET and 0 SET"
                    + " calls (INFO commandstats) with 0 hits and 0 misses; expected exactly memtier's GET and SET counts",
                    e.getMessage());
        } finally {
            c.close();
        }
    }

    @Test
    void theServersCountsMustMatchWhatMemtierReports() {
        MemtierTool.Result r = new MemtierTool.Result(2_000, 400, 1_600, 50_000, 0.1, 0.3, 0, 41_000_000);
        MemtierTool.requireExecuted(r, new ServerCounts(1_600, 400, 1_600, 0), 2_000, true);
        MemtierTool.requireExecuted(r, new ServerCounts(1_700, 450, 1_650, 30), 2_000, false); // shared server
        assertThrows(IllegalStateException.class,
                () -> MemtierTool.requireExecuted(r, new ServerCounts(1_600, 400, 1_599, 1), 2_000, true), "a GET missed");
        assertThrows(IllegalStateException.class,
                () -> MemtierTool.requireExecuted(r, new ServerCounts(1_601, 400, 1_601, 0), 2_000, true), "one GET more");
        assertThrows(IllegalStateException.class,
                () -> MemtierTool.requireExecuted(r, new ServerCounts(1_600, 400, 1_600, 0), 2_400, true), "fewer sent");
        assertThrows(IllegalStateException.class,
                () -> MemtierTool.requireExecuted(r, new ServerCounts(1_599, 400, 1_599, 0), 2_000, false), "shortfall");
        assertThrows(IllegalStateException.class, () -> MemtierTool.requireExecuted(
                new MemtierTool.Result(2_000, 400, 1_500, 50_000, 0.1, 0.3, 0, 41_000_000), new ServerCounts(1_500, 400, 1_500, 0), 2_000, true),
                "GETs and SETs that do not add up to the requests");
    }

    /** memtier's own rate must fit the suite's clock: 100,000 requests at 100,000/s took 1 s of its own. */
    @Test
    void memtiersOwnClockMustFitTheSuites() {
        assertTrue(new MemtierTool.Result(100_000, 20_000, 80_000, 100_000, 0.1, 0.3, 0, 1_020_000_000L).clockAgrees());
        assertTrue(new MemtierTool.Result(100_000, 20_000, 80_000, 100_000, 0.1, 0.3, 0, 1_995_000_000L).clockAgrees(),
                "the process outlives its run by up to a second");
        assertFalse(new MemtierTool.Result(100_000, 20_000, 80_000, 0.0, 0.1, 0.3, 0, 1_020_000_000L).clockAgrees(),
                "0 Ops/sec for requests the server executed (memtier-97de27d)");
        assertFalse(new MemtierTool.Result(100_000, 20_000, 80_000, 100_000, 0.1, 0.3, 0, 900_000_000L).clockAgrees(),
                "a run longer than the process that ran it");
    }

    @Test
    void aBinaryThatIsNotAnExecutableMemtierIsNotMeasured(@TempDir Path dir) throws Exception {
        assertEquals("x is not an executable file", MemtierTool.check(dir.resolve("nothing-here"), "x").whyNot());
        Path echo = dir.resolve("echo-tool");
        Files.writeString(echo, "#!/bin/sh\necho 'redis-benchmark 7.0.15'\n");
        Files.setPosixFilePermissions(echo, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals("x is not memtier_benchmark: --version printed 'redis-benchmark 7.0.15'", MemtierTool.check(echo, "x").whyNot());
        MemtierCalibration c = calibration(LoadGenerator.Client.JEDIS);
        c.open(caseOf(c), MemtierTool.check(echo, "x"));
        try {
            assertTrue(c.whyNot.startsWith("x is not memtier_benchmark"), c.whyNot);
            assertNull(c.trial, "no server started");
            assertEquals(0, c.interleaved());
        } finally {
            c.close();
        }
    }

    @Test
    void aMemtierThatExitsNonZeroLeavesTheCalibrationNotMeasuredAndTheTrialGoesOn(@TempDir Path dir) throws Exception {
        MemtierCalibration c = calibration(LoadGenerator.Client.LETTUCE);
        MemtierTool.Found stub = MemtierTool.check(stub(dir, "{}", 3), "the stub");
        ServerStarts.one(() -> c.open(caseOf(c), stub));
        try {
            c.measuring = true;
            assertEquals(0, c.interleaved());
            assertTrue(c.whyNot.startsWith("memtier_benchmark exited with status 3"), c.whyNot);
            assertEquals(0, c.interleaved(), "and measures nothing after");
        } finally {
            c.close();
        }
    }

    @Test
    void withoutMemtierTheReasonSaysHowToBuildIt() {
        assertTrue(MemtierTool.HOW_TO_BUILD.contains("autoreconf -ivf && ./configure && make"));
        assertTrue(MemtierTool.HOW_TO_BUILD.contains("https://github.com/RedisLabs/memtier_benchmark"));
    }

    @Test
    void memtiersKeysHaveTheSuitesLengthInARangeTheSuitesNeverReach() {
        ToolKeyspace k = ToolKeyspace.forMemtier("kensho:", 16, 1_000_000);
        assertEquals(16, k.keyBytes());
        assertEquals(999_000_000L, k.first(), "the suite's keys are kensho:000000000 … kensho:000999999");
        ToolKeyspace wide = ToolKeyspace.forMemtier("kensho:", 16, 600_000_000);
        assertEquals(17, wide.keyBytes(), "a keyspace over half the width takes a digit more");
        assertEquals(9_400_000_000L, wide.first());
        assertEquals("1:4", MemtierTool.ratio(0.8));
        assertEquals("1:1", MemtierTool.ratio(0.5));
        assertEquals("0:1", MemtierTool.ratio(1.0));
        assertEquals("1:0", MemtierTool.ratio(0.0));
        assertThrows(IllegalArgumentException.class, () -> MemtierTool.ratio(0.123));
    }

    /** With memtier installed: two rounds on a real server; every GET of both sides hit, keys 16 bytes under the prefix. */
    @Test
    void withMemtierBothSidesTakeTurnsOnOneServer() {
        MemtierTool.Found found = MemtierTool.find();
        assumeTrue(found.binary() != null, found.whyNot());
        for (LoadGenerator.Client client : List.of(LoadGenerator.Client.LETTUCE, LoadGenerator.Client.JEDIS)) {
            MemtierCalibration c = calibration(client);
            ServerStarts.one(() -> c.open(caseOf(c), found));
            try {
                c.measuring = true;
                assertTrue(c.interleaved() > 0);
                assertTrue(c.interleaved() > 0);
                assertNull(c.whyNot);
                try (Jedis j = c.trial.target().jedis()) {
                    assertEquals(1_000, j.dbSize(), "500 keys of the suite and 500 of memtier, no more");
                    for (String k : j.keys("*")) {
                        assertTrue(k.startsWith(c.trial.target().keyPrefix()) && k.length() == 16, k);
                    }
                }
            } finally {
                c.close();
            }
        }
    }
}
