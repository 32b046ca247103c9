package dev.kensho.report.profile;


import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A small workload with a known hot method and a known allocation, recorded here with {@code jdk.jfr.Recording} (the
 * profile settings). Which method wins does not depend on the host: one thread only computes ({@link #spinHotLoop}) for
 * the whole recording, while the recording thread makes a fixed number of {@link #allocateKnown} calls
 * ({@link #BYTES_PER_CALL} bytes each) and sleeps between them — a sleeping thread draws no CPU samples, so the
 * allocations' share of the samples stays small however slow zeroing memory is on this machine, and the computing
 * thread's share stays large however fast it spins. A reader of the recording must name the one and find at least
 * the other's bytes.
 */
final class Workload {

    static final int ARRAY = 1024;
    /** 64 arrays of 1 KiB a call (plus each array's header). */
    static final long BYTES_PER_CALL = 64L * ARRAY;
    /** allocateKnown calls per recording: a fixed amount, not as many as fit in the time. */
    static final int CALLS = 30;

    static volatile long sink;
    /** Where each array escapes to, so the JIT cannot take the allocation away. */
    static volatile byte[] last;

    private Workload() {
    }

    static long spinHotLoop(long n) {
        long s = 0;
        for (long i = 0; i < n; i++) {
            s += (i * 31) ^ (s >>> 3);
        }
        return s;
    }

    static int allocateKnown() {
        int sum = 0;
        for (int i = 0; i < 64; i++) {
            byte[] b = new byte[ARRAY];
            last = b;
            sum += b.length;
        }
        return sum;
    }

    /**
     * Records the workload for at least {@code millis} ms into {@code file}: a thread spins in spinHotLoop throughout,
     * and this thread makes {@link #CALLS} allocateKnown calls, sleeping {@code millis / CALLS} ms after each. Returns
     * how many allocateKnown calls ran.
     */
    static long record(Path file, long millis) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Thread hot = new Thread(() -> {
            while (!stop.get()) {
                sink += spinHotLoop(200_000);
            }
        }, "workload-hot");
        try (dev.kensho.common.profile.BenchmarkRecording r = new dev.kensho.common.profile.BenchmarkRecording().start()) {
            hot.start();
            try {
                for (int i = 0; i < CALLS; i++) {
                    sink += allocateKnown();
                    Thread.sleep(millis / CALLS); // sleeping, not computing: no CPU samples here
                }
            } finally {
                stop.set(true);
                hot.join();
            }
            r.stopAndDump(file);
        }
        return CALLS;
    }
}
