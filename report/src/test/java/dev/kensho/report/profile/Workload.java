package dev.kensho.report.profile;


import java.nio.file.Path;

/**
 * A small workload with known hot methods, recorded here with {@code jdk.jfr.Recording} (the profile settings): most
 * of its CPU goes to {@link #spinHotLoop}, and {@link #allocateKnown} allocates {@link #BYTES_PER_CALL} bytes a call,
 * so a reader of the recording must name the one and find at least the other's bytes.
 */
final class Workload {

    static final int ARRAY = 1024;
    /** 64 arrays of 1 KiB a call (plus each array's header). */
    static final long BYTES_PER_CALL = 64L * ARRAY;

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

    /** Records the workload for about {@code millis} ms into {@code file}; returns how many allocateKnown calls ran. */
    static long record(Path file, long millis) throws Exception {
        long calls = 0;
        try (dev.kensho.common.profile.BenchmarkRecording r = new dev.kensho.common.profile.BenchmarkRecording().start()) {
            long end = System.nanoTime() + millis * 1_000_000L;
            while (System.nanoTime() < end) {
                sink += spinHotLoop(200_000);
                sink += allocateKnown();
                calls++;
            }
            r.stopAndDump(file);
        }
        return calls;
    }
}
