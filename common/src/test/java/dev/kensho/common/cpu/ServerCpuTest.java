package dev.kensho.common.cpu;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.ScalarResult;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry's sums and the profiler's figures, from probes whose readings the test sets. */
class ServerCpuTest {

    @BeforeEach
    @AfterEach
    void clear() {
        ServerCpu.reset();
    }

    @Test
    void countsOnlyCpuAfterRegistrationAndKeepsWhatAStoppedServerUsed() {
        AtomicLong cpu = new AtomicLong(5_000);
        ServerCpu.Sample before = ServerCpu.sample();
        ServerCpu.Registration r = ServerCpu.register(new ServerCpu.Probe("s", cpu::get, 1, false, true, false));
        cpu.addAndGet(300);
        ServerCpu.Sample mid = ServerCpu.sample();
        assertEquals(300, mid.nanos());
        assertEquals(1, mid.live());
        assertTrue(mid.anyServerSince(before));
        cpu.addAndGet(200);
        r.close();
        cpu.set(-1); // exited: no longer read
        ServerCpu.Sample after = ServerCpu.sample();
        assertEquals(500, after.nanos());
        assertEquals(0, after.live());
        assertEquals(1, after.limit()); // the last server's limit
        assertTrue(after.anyServerSince(mid));
        assertFalse(ServerCpu.sample().anyServerSince(after)); // nothing ran in a later window
    }

    /**
     * A child server pinned to other cores does not share the client's cores, but it runs on this machine: its
     * CPU is the machine's, not "other" (with -Dkensho.pin=split it had been counted twice). A server reached
     * over the network is neither.
     */
    @Test
    void aPinnedChildServerIsLocalButARemoteOneIsNot() {
        ServerCpu.Registration pinned = ServerCpu.register(new ServerCpu.Probe("pinned", () -> 0, 1, false, false, true));
        ServerCpu.Sample s = ServerCpu.sample();
        assertFalse(s.colocated());
        assertTrue(s.local());
        pinned.close();
        assertTrue(ServerCpu.sample().local()); // the last one that stopped
        ServerCpu.reset();
        ServerCpu.register(new ServerCpu.Probe("remote", () -> 0, 1, false, false, false));
        assertFalse(ServerCpu.sample().local());
    }

    /** A cluster's nodes stop one after another: the window that ends with the last keeps all of their cores. */
    @Test
    void serversThatStopOneByOneKeepTheirJointLimit() {
        List<ServerCpu.Registration> nodes = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            nodes.add(ServerCpu.register(new ServerCpu.Probe("node " + i, () -> 0, 1, false, true, false)));
        }
        double joint = Math.min(3, ProcessCpu.machineCpus()); // never more cores than the machine has
        assertEquals(joint, ServerCpu.sample().limit());
        nodes.forEach(ServerCpu.Registration::close);
        assertEquals(joint, ServerCpu.sample().limit());
        ServerCpu.register(new ServerCpu.Probe("next trial", () -> 0, 1, false, true, false)).close();
        assertEquals(1, ServerCpu.sample().limit(), "a later single server starts a new group");
    }

    @Test
    void aFailedReadingKeepsTheLastGoodOne() {
        AtomicLong cpu = new AtomicLong(0);
        ServerCpu.register(new ServerCpu.Probe("s", cpu::get, 1, false, true, false));
        cpu.set(100);
        assertEquals(100, ServerCpu.sample().nanos());
        cpu.set(-1);
        assertEquals(100, ServerCpu.sample().nanos());
    }

    @Test
    void anUnreadableProbeIsNotRegistered() {
        ServerCpu.register(new ServerCpu.Probe("gone", () -> -1, 1, false, true, false));
        assertEquals(0, ServerCpu.sample().live());
    }

    @Test
    void inProcessServerCpuIsTakenFromTheClient() {
        AtomicLong cpu = new AtomicLong(0);
        ServerCpu.register(new ServerCpu.Probe("hbase", cpu::get, 2, true, true, false));
        ServerCpu.Sample before = ServerCpu.sample();
        cpu.set(600_000_000L);
        ServerCpu.Sample after = ServerCpu.sample();
        // 1 s of wall, the process used 1.5 s of CPU of which the server 0.6 s
        Map<String, Double> f = figures(CpuProfiler.results(1_000_000_000L, 1_500_000_000L, 0, before, after, 2));
        assertEquals(0.6, f.get("cpu.server"), 1e-9);
        assertEquals(0.9, f.get("cpu.client"), 1e-9);
        assertEquals(2, f.get("cpu.server.limit"), 1e-9);
        assertEquals(1.4, f.get("cpu.client.limit"), 1e-9);
    }

    @Test
    void exitedToolsAreTheClientsButAnExitedServerIsNot() {
        AtomicLong cpu = new AtomicLong(1_000_000_000L); // a child server 1 s into its life when registered
        ServerCpu.Registration r = ServerCpu.register(new ServerCpu.Probe("redis", cpu::get, 1, false, true, true));
        ServerCpu.Sample before = ServerCpu.sample();
        cpu.set(1_500_000_000L);
        r.close();
        ServerCpu.Sample after = ServerCpu.sample();
        // in 1 s: the JVM used 0.2 s; exited children 1.8 s = the server's whole life (1.5 s) + a redis-cli's 0.3 s
        Map<String, Double> f = figures(CpuProfiler.results(1_000_000_000L, 200_000_000L, 1_800_000_000L, before, after, 2));
        assertEquals(0.5, f.get("cpu.server"), 1e-9);
        assertEquals(0.5, f.get("cpu.client"), 1e-9);
    }

    @Test
    void theStopOfTheLastServerIsKeptForTheProfilersWindow() {
        AtomicLong cpu = new AtomicLong(1_000L);
        long start = System.nanoTime();
        ServerCpu.register(new ServerCpu.Probe("redis", cpu::get, 1, false, true, true)).close();
        ServerCpu.Stop stop = ServerCpu.lastStop();
        assertTrue(stop.wallNanos() >= start);
        assertEquals(0, stop.sample().live());
        assertEquals(1, stop.sample().stopped());
        assertEquals(0, stop.sample().reapedNanos(), "its lifetime joins the reaped after the stop");
        assertEquals(1_000L, ServerCpu.sample().reapedNanos());
    }

    @Test
    void withoutAServerOnlyTheClientIsReported() {
        ServerCpu.Sample s = ServerCpu.sample();
        Map<String, Double> f = figures(CpuProfiler.results(2_000_000_000L, 1_000_000_000L, 0, s, s, 2));
        assertEquals(Map.of("cpu.client", 0.5, "cpu.client.limit", 2.0), f);
    }

    private static Map<String, Double> figures(List<ScalarResult> rs) {
        rs.forEach(r -> assertEquals("cores", r.getScoreUnit()));
        return rs.stream().collect(Collectors.toMap(ScalarResult::getLabel, ScalarResult::getScore));
    }
}
