package dev.kensho.common.cpu;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Where a server spends its CPU, per command, for the servers that can say (Redis: {@code INFO commandstats},
 * microseconds per command since start). A target registers a reader when it starts; {@link CpuProfiler} samples
 * the sums before and after every iteration and reports each command's share as {@code cpu.server.cmd.<name>}
 * (cores, like {@code cpu.server}), so a server-bound result also says which commands took the server's time.
 */
public final class ServerCommands {

    /** A command below this share of one core in an iteration is not reported (INFO, PING, CONFIG). */
    static final double MIN_CORES = 0.005;

    private static final Map<Object, Supplier<Map<String, Long>>> LIVE = new LinkedHashMap<>();

    private ServerCommands() {
    }

    /** Starts reading {@code microsByCommand} (cumulative µs per command; empty when it cannot be read now). */
    public static synchronized ServerCpu.Registration register(Supplier<Map<String, Long>> microsByCommand) {
        Object key = new Object();
        LIVE.put(key, microsByCommand);
        return () -> {
            synchronized (ServerCommands.class) {
                LIVE.remove(key);
            }
        };
    }

    /** The cumulative µs per command, summed over the live servers. */
    static synchronized Map<String, Long> sample() {
        Map<String, Long> sum = new TreeMap<>();
        for (Supplier<Map<String, Long>> s : LIVE.values()) {
            try {
                s.get().forEach((k, v) -> sum.merge(k, v, Long::sum));
            } catch (RuntimeException e) {
                // a server that is going away: its commands are not counted in this window
            }
        }
        return sum;
    }

    /** Cores per command between two samples over {@code wallNanos}; commands below {@link #MIN_CORES} left out. */
    static Map<String, Double> cores(Map<String, Long> before, Map<String, Long> after, long wallNanos) {
        Map<String, Double> out = new TreeMap<>();
        if (wallNanos <= 0) {
            return out;
        }
        after.forEach((cmd, us) -> {
            long d = us - before.getOrDefault(cmd, 0L);
            double cores = d * 1000.0 / wallNanos;
            if (d > 0 && cores >= MIN_CORES) {
                out.put(cmd, cores);
            }
        });
        return out;
    }
}
