package dev.kensho.common.cpu;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * CPU of a server that runs inside this JVM (the HBase mini cluster): the CPU time of the threads whose
 * names match a pattern. A thread that ends keeps the CPU it was last seen with, so the sum never goes
 * back; what it used after the last reading is lost (HBase's server threads are long-lived pools). The
 * JVM's own GC and JIT threads belong to no one and count as the client's.
 */
public final class ThreadCpu implements LongSupplier {

    private final Pattern names;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> seen = new HashMap<>();
    private final Map<Long, Boolean> matches = new HashMap<>();
    private long ended;

    /** Patterns of every in-process server of this JVM: its other threads are the client's. */
    private static final List<Pattern> SERVERS = new CopyOnWriteArrayList<>();

    private ThreadCpu(Pattern names) {
        this.names = names;
    }

    /** Threads whose name {@code names} finds; -1 readings when this JVM cannot measure thread CPU time. */
    public static LongSupplier matching(Pattern names) {
        SERVERS.add(names);
        return new ThreadCpu(names);
    }

    /**
     * CPU time so far of each thread of this JVM that no in-process server claims (JMH's threads, the
     * client library's), by thread id; empty when this JVM cannot measure thread CPU time.
     */
    public static Map<Long, Long> clientThreads() {
        ThreadMXBean t = ManagementFactory.getThreadMXBean();
        Map<Long, Long> out = new HashMap<>();
        if (!t.isThreadCpuTimeSupported()) {
            return out;
        }
        if (!t.isThreadCpuTimeEnabled()) {
            t.setThreadCpuTimeEnabled(true);
        }
        long[] ids = t.getAllThreadIds();
        ThreadInfo[] infos = SERVERS.isEmpty() ? null : t.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++) {
            if (infos != null && (infos[i] == null || isServer(infos[i].getThreadName()))) {
                continue;
            }
            long cpu = t.getThreadCpuTime(ids[i]);
            if (cpu >= 0) {
                out.put(ids[i], cpu);
            }
        }
        return out;
    }

    private static boolean isServer(String name) {
        for (Pattern p : SERVERS) {
            if (p.matcher(name).find()) {
                return true;
            }
        }
        return false;
    }

    /** CPU time of the busiest thread between two {@link #clientThreads()} (a thread born between counts from 0). */
    public static long busiest(Map<Long, Long> before, Map<Long, Long> after) {
        long max = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            max = Math.max(max, e.getValue() - before.getOrDefault(e.getKey(), 0L));
        }
        return max;
    }

    @Override
    public synchronized long getAsLong() {
        if (!threads.isThreadCpuTimeSupported()) {
            return -1;
        }
        if (!threads.isThreadCpuTimeEnabled()) {
            threads.setThreadCpuTimeEnabled(true);
        }
        long[] ids = threads.getAllThreadIds();
        Map<Long, Long> now = new HashMap<>();
        ThreadInfo[] infos = null;
        for (int i = 0; i < ids.length; i++) {
            long id = ids[i];
            Boolean m = matches.get(id);
            if (m == null) {
                if (infos == null) {
                    infos = threads.getThreadInfo(ids);
                }
                m = infos[i] != null && names.matcher(infos[i].getThreadName()).find();
                matches.put(id, m);
            }
            if (m) {
                long t = threads.getThreadCpuTime(id);
                if (t >= 0) {
                    now.put(id, t);
                }
            }
        }
        seen.forEach((id, t) -> {
            if (!now.containsKey(id)) {
                ended += t;
            }
        });
        matches.keySet().retainAll(Arrays.stream(ids).boxed().toList());
        seen.clear();
        seen.putAll(now);
        long sum = ended;
        for (long t : now.values()) {
            sum += t;
        }
        return sum;
    }
}
