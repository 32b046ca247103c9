package dev.kensho.common.cpu;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
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

    private ThreadCpu(Pattern names) {
        this.names = names;
    }

    /** Threads whose name {@code names} finds; -1 readings when this JVM cannot measure thread CPU time. */
    public static LongSupplier matching(Pattern names) {
        return new ThreadCpu(names);
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
        matches.keySet().retainAll(java.util.Arrays.stream(ids).boxed().toList());
        seen.clear();
        seen.putAll(now);
        long sum = ended;
        for (long t : now.values()) {
            sum += t;
        }
        return sum;
    }
}
