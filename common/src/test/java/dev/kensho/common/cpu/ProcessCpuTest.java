package dev.kensho.common.cpu;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The readers on real work: another process's CPU, this JVM's server threads, the cores a process may use. */
class ProcessCpuTest {

    @Test
    void childProcessCpuGrowsWithItsWorkAndEndsWithIt() throws Exception {
        long exitedBefore = ProcessCpu.exitedChildrenNanos();
        long machineBefore = ProcessCpu.machineNanos();
        // a fixed loop, then "done", then it waits for its stdin to close
        Process p = new ProcessBuilder("/bin/sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo done; read x")
                .redirectErrorStream(true).start();
        try {
            LongSupplier cpu = ProcessCpu.of(p.pid());
            long start = cpu.getAsLong();
            assertTrue(start >= 0, "readable while it runs");
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("done", out.readLine());
            long end = cpu.getAsLong();
            assertTrue(end > start, start + " → " + end);
            p.getOutputStream().close();
            p.waitFor();
            assertEquals(-1, cpu.getAsLong(), "gone once it exits");
            if (System.getProperty("os.name").toLowerCase().contains("linux")) {
                long exitedAfter = ProcessCpu.exitedChildrenNanos();
                assertTrue(exitedAfter > exitedBefore, "its CPU joins this JVM's exited children's: " + exitedBefore + " → " + exitedAfter);
                assertTrue(ProcessCpu.machineNanos() > machineBefore, "the machine's CPU grows with it");
                assertTrue(ProcessCpu.machineCpus() >= 1);
            }
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void serverThreadsAreCountedByNameAndKeepTheirCpuWhenTheyEnd() throws Exception {
        LongSupplier cpu = ThreadCpu.matching(Pattern.compile("^kensho-test-server"));
        long start = cpu.getAsLong();
        long[] sink = new long[1];
        Thread t = new Thread(() -> {
            long x = 0;
            for (int i = 0; i < 50_000_000; i++) {
                x += Long.numberOfTrailingZeros(i ^ x);
            }
            sink[0] = x;
        }, "kensho-test-server-1");
        Thread other = new Thread(() -> { }, "client-thread");
        other.start();
        t.start();
        long during = cpu.getAsLong();
        t.join();
        other.join();
        long after = cpu.getAsLong();
        assertTrue(after > start, start + " → " + after + " (" + sink[0] + ")");
        assertTrue(after >= during);
        assertTrue(cpu.getAsLong() >= after, "an ended thread keeps its CPU");
    }

    @Test
    void theBusiestClientThreadIsFound() throws Exception {
        java.util.Map<Long, Long> before = ThreadCpu.clientThreads();
        java.util.concurrent.CountDownLatch worked = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        long[] sink = new long[1];
        Thread t = new Thread(() -> {
            long x = 0;
            for (int i = 0; i < 50_000_000; i++) {
                x += Long.numberOfTrailingZeros(i ^ x);
            }
            sink[0] = x;
            worked.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "client-worker");
        t.start();
        worked.await();
        java.util.Map<Long, Long> after = ThreadCpu.clientThreads();
        release.countDown();
        t.join();
        assertTrue(after.get(t.getId()) > 0, "the worker is a client thread with CPU (" + sink[0] + ")");
        assertTrue(ThreadCpu.busiest(before, after) >= after.get(t.getId()));
        assertEquals(7L, ThreadCpu.busiest(java.util.Map.of(1L, 3L), java.util.Map.of(1L, 10L, 2L, 5L)));
    }

    @Test
    void cpuListsAreCounted() {
        assertEquals(7, ProcessCpu.count("0-3,6,8-9"));
        assertEquals(1, ProcessCpu.count("0"));
        assertEquals(0, ProcessCpu.count(null));
        assertEquals(0, ProcessCpu.count("x"));
        assertEquals(0, ProcessCpu.count("3-1"));
    }

    @Test
    void aServerPinnedToOtherCoresSharesNone() {
        assertTrue(ProcessCpu.sharesCores("0-1", "1"));
        assertFalse(ProcessCpu.sharesCores("0", "1"));
        assertTrue(ProcessCpu.sharesCores(null, "1"), "unknown: assume shared");
    }

    @Test
    void thisProcessMayRunOnSomeCores() {
        if (!System.getProperty("os.name").toLowerCase().contains("linux")) {
            return;
        }
        String cpus = ProcessCpu.cpusAllowed(ProcessHandle.current().pid());
        assertNotNull(cpus);
        int n = ProcessCpu.count(cpus);
        assertTrue(n >= 1, cpus);
        assertEquals(Math.min(1, n), ProcessCpu.limit(ProcessHandle.current().pid(), 1));
        assertEquals(Math.min(64, n), ProcessCpu.limit(ProcessHandle.current().pid(), 64));
    }
}
