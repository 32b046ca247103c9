package dev.kensho.common.cpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.BitSet;
import java.util.function.LongSupplier;

/**
 * CPU of another process on this machine (an embedded redis-server, kinesalite's node) and the cores it
 * may run on. The CPU time is the kernel's user + system time of every thread of the process, as
 * {@link ProcessHandle.Info#totalCpuDuration()} reads it ({@code /proc/<pid>/stat} on Linux, in clock
 * ticks of 10 ms).
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    /** The CPU time {@code pid} has used so far, in nanoseconds; -1 once it has exited or cannot be read. */
    public static LongSupplier of(long pid) {
        return () -> ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration()).map(Duration::toNanos)
                .orElse(-1L);
    }

    /**
     * CPU time of this JVM's children that have exited and been waited for (cutime + cstime of
     * {@code /proc/self/stat}, which include their own waited-for children), in nanoseconds; 0 where
     * there is no {@code /proc}.
     */
    public static long exitedChildrenNanos() {
        try {
            String stat = Files.readString(Paths.get("/proc/self/stat"), StandardCharsets.UTF_8);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // after "pid (comm) ": state is field 3 of proc(5), so cutime (16) and cstime (17) are at 13 and 14
            long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks * (1_000_000_000L / clockTicks());
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * CPU time every process of this machine has used (user, nice, system, irq, softirq and steal of
     * {@code /proc/stat}, all processors), in nanoseconds; -1 where there is no {@code /proc}.
     */
    public static long machineNanos() {
        try {
            String first = Files.readAllLines(Paths.get("/proc/stat"), StandardCharsets.UTF_8).get(0);
            String[] f = first.trim().split("\\s+");
            long ticks = 0;
            for (int i : new int[]{1, 2, 3, 6, 7, 8}) {
                ticks += i < f.length ? Long.parseLong(f[i]) : 0;
            }
            return ticks * (1_000_000_000L / clockTicks());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Processors of this machine ({@code /proc/stat}'s cpuN lines), whatever this JVM may run on. */
    public static int machineCpus() {
        try {
            int n = (int) Files.readAllLines(Paths.get("/proc/stat"), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.matches("cpu\\d+\\s.*")).count();
            return n > 0 ? n : Runtime.getRuntime().availableProcessors();
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    private static long ticksPerSecond;

    /** The kernel's clock ticks per second ({@code getconf CLK_TCK}; 100 on Linux's common ABIs). */
    static synchronized long clockTicks() {
        if (ticksPerSecond == 0) {
            ticksPerSecond = 100;
            try {
                Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (p.waitFor() == 0 && out.matches("\\d+") && Long.parseLong(out) > 0) {
                    ticksPerSecond = Long.parseLong(out);
                }
            } catch (IOException e) {
                // keep 100
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ticksPerSecond;
    }

    /** The processors {@code pid} may run on, as the kernel lists them ("0-1", "0,2"), or null where unknown. */
    public static String cpusAllowed(long pid) {
        Path status = Paths.get("/proc", Long.toString(pid), "status");
        try {
            for (String l : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (l.startsWith("Cpus_allowed_list:")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or the process is gone
        }
        return null;
    }

    /** How many processors a list like "0-3,6,8-9" names; 0 for null or an unreadable list. */
    public static int count(String list) {
        return cpus(list).cardinality();
    }

    /** The processors of a list like "0-3,6,8-9"; empty for null or an unreadable list. */
    static BitSet cpus(String list) {
        BitSet set = new BitSet();
        if (list == null || !list.trim().matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            return set;
        }
        try {
            for (String part : list.trim().split(",")) {
                int dash = part.indexOf('-');
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (to >= from && to < 65_536) {
                    set.set(from, to + 1);
                }
            }
        } catch (NumberFormatException e) {
            set.clear();
        }
        return set;
    }

    /**
     * Whether {@code pid} may run on a core this JVM may run on (true where unknown): a server pinned to
     * other cores than the load generator takes nothing from the client's cores.
     */
    public static boolean sharesCores(long pid) {
        return sharesCores(cpusAllowed(pid), cpusAllowed(ProcessHandle.current().pid()));
    }

    static boolean sharesCores(String a, String b) {
        BitSet x = cpus(a);
        BitSet y = cpus(b);
        return x.isEmpty() || y.isEmpty() || x.intersects(y);
    }

    /**
     * Cores a server process with {@code threads} busy threads can use: fewer when its affinity allows fewer
     * cores (pinned), never more than this machine has.
     */
    public static double limit(long pid, int threads) {
        int allowed = count(cpusAllowed(pid));
        int cores = allowed > 0 ? allowed : Runtime.getRuntime().availableProcessors();
        return Math.min(Math.max(1, threads), cores);
    }
}
