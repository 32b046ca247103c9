package dev.kensho.common.cpu;

import com.sun.management.OperatingSystemMXBean;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The servers of this JVM's benchmark and how to read the CPU each has used. A target registers a
 * {@link Probe} when it starts and closes the {@link Registration} when it stops; {@link CpuProfiler}
 * samples the sum before and after every iteration.
 *
 * <p>Only CPU used after registration counts (a mini cluster's ten-second start is not load). A server
 * that stops between two samples keeps what it used until it stopped, so the sum never goes back.
 */
public final class ServerCpu {

    /**
     * One server's CPU.
     *
     * @param what      what the reader knows it as ("embedded redis-server (pid 123)")
     * @param cpuNanos  CPU time it has used so far, in nanoseconds; negative when it cannot be read now
     * @param limit     cores it can use at most (1 for a single-threaded Redis, min(io-threads, cores))
     * @param inProcess its CPU is part of this JVM's own process CPU (an in-process mini cluster)
     * @param colocated it runs on this machine on cores the client may use too, so its CPU is taken from the
     *                  client's (false for a remote server, or one pinned to other cores)
     * @param child     a child process of this JVM, read as its whole lifetime's CPU: when it exits the
     *                  kernel adds that to this JVM's children's CPU, which is the client's (redis-cli) less this
     */
    public record Probe(String what, LongSupplier cpuNanos, double limit, boolean inProcess, boolean colocated,
                        boolean child) {

        /**
         * It runs on this machine, so its CPU is part of the machine's (and not "other"): sharing the client's
         * cores, in this JVM, or a child process (pinned to other cores or not).
         */
        public boolean local() {
            return colocated || inProcess || child;
        }
    }

    /**
     * The sum of every probe at one moment. {@code limit}, {@code colocated} and {@code what} describe the
     * live probes, else the last one that stopped (but {@code limit} is then the sum over the servers that were
     * live together: a cluster's nodes stop one by one); {@code stopped} counts the probes that have stopped;
     * {@code reapedNanos} is the lifetime CPU of the stopped child-process servers.
     */
    public record Sample(long nanos, long inProcessNanos, long reapedNanos, double limit, boolean colocated, boolean local,
                         String what, int live, int stopped) {

        /** Whether a server was running at some point between {@code before} and this sample. */
        public boolean anyServerSince(Sample before) {
            return live > 0 || before.live > 0 || stopped > before.stopped;
        }
    }

    /**
     * The moment the last server stopped: wall clock, this JVM's process CPU, its exited children's CPU
     * and the machine's then, and the sums just after its final reading (its lifetime not yet among the reaped). JMH runs a
     * trial's tear-down inside the last iteration; {@link CpuProfiler} ends that iteration's window here.
     */
    public record Stop(long wallNanos, long processNanos, long exitedChildrenNanos, long machineNanos, Sample sample) {
    }

    /** Ends a probe: what it used until now stays in the sums. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private static final Map<Object, Live> LIVE = new LinkedHashMap<>();
    private static long retired;
    private static long retiredInProcess;
    private static long reaped;
    private static int stopped;
    private static Probe lastStopped;
    /** The largest sum of limits of servers live together since none was live (a cluster's nodes stop one by one). */
    private static double peakLimit;
    private static Stop lastStop;
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private static final class Live {
        final Probe probe;
        final long base;
        long last;

        Live(Probe probe, long base) {
            this.probe = probe;
            this.base = base;
            this.last = base;
        }

        /** CPU since registration; the last good reading when the probe fails (a server that just exited). */
        long used() {
            long now = probe.cpuNanos().getAsLong();
            if (now >= last) {
                last = now;
            }
            return last - base;
        }
    }

    private ServerCpu() {
    }

    /** Starts counting {@code probe}'s CPU; a probe that cannot be read now is not registered. */
    public static synchronized Registration register(Probe probe) {
        long base = probe.cpuNanos().getAsLong();
        if (base < 0) {
            return () -> { };
        }
        Object key = new Object();
        if (LIVE.isEmpty()) {
            peakLimit = 0;
        }
        LIVE.put(key, new Live(probe, base));
        peakLimit = Math.max(peakLimit, LIVE.values().stream().mapToDouble(l -> l.probe.limit()).sum());
        return () -> unregister(key);
    }

    private static synchronized void unregister(Object key) {
        long wall = System.nanoTime();
        long process = OS.getProcessCpuTime();
        long children = ProcessCpu.exitedChildrenNanos();
        long machine = ProcessCpu.machineNanos();
        Live l = LIVE.remove(key);
        if (l != null) {
            long used = l.used();
            retired += used;
            if (l.probe.inProcess()) {
                retiredInProcess += used;
            }
            stopped++;
            lastStopped = l.probe;
            lastStop = new Stop(wall, process, children, machine, sample());
            if (l.probe.child()) {
                reaped += l.last;
            }
        }
    }

    /** The sums now. */
    public static synchronized Sample sample() {
        long total = retired;
        long inProcess = retiredInProcess;
        double limit = 0;
        boolean colocated = false;
        boolean local = false;
        List<String> what = new ArrayList<>();
        for (Live l : LIVE.values()) {
            long u = l.used();
            total += u;
            if (l.probe.inProcess()) {
                inProcess += u;
            }
            limit += l.probe.limit();
            colocated |= l.probe.colocated();
            local |= l.probe.local();
            what.add(l.probe.what());
        }
        if (LIVE.isEmpty() && lastStopped != null) {
            return new Sample(total, inProcess, reaped, capped(Math.max(peakLimit, lastStopped.limit())),
                    lastStopped.colocated(), lastStopped.local(), lastStopped.what(), 0, stopped);
        }
        return new Sample(total, inProcess, reaped, capped(limit), colocated, local, String.join(" + ", what), LIVE.size(), stopped);
    }

    /**
     * Servers live together (a cluster's nodes) cannot use more cores than the machine has, nor more than the
     * one core {@code -Dkensho.pin=split} gives every embedded server.
     */
    static double capped(double limit) {
        double cores = Affinity.mode() == Affinity.Mode.SPLIT ? 1 : ProcessCpu.machineCpus();
        return Math.min(limit, cores);
    }

    /** When the last server stopped, or null if none has. */
    public static synchronized Stop lastStop() {
        return lastStop;
    }

    /** For tests: forget every probe. */
    static synchronized void reset() {
        LIVE.clear();
        retired = 0;
        retiredInProcess = 0;
        reaped = 0;
        stopped = 0;
        lastStopped = null;
        peakLimit = 0;
        lastStop = null;
    }
}
