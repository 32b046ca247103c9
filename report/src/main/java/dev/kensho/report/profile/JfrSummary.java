package dev.kensho.report.profile;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one or more JFR recordings of a case say, read with the JDK's {@code jdk.jfr.consumer}: CPU samples by the
 * method on top of the stack ({@code jdk.ExecutionSample}, {@code package.Class.method}), bytes allocated by every
 * thread while it recorded ({@code jdk.ThreadAllocationStatistics}: each thread's last reading less its first; a
 * thread missing from the first reading started inside the recording and counts whole; without those events, the weights of
 * {@code jdk.ObjectAllocationSample}), the GC pause time ({@code jdk.GarbageCollection}'s {@code sumOfPauses}), and
 * the seconds recorded (first event to last, per file, summed).
 */
public record JfrSummary(FrameCounts frames, long allocatedBytes, boolean allocationKnown, long gcPauseNanos, double seconds) {

    /** GC pause time per second recorded, in ms/s; NaN without seconds. */
    public double gcPauseMsPerSecond() {
        return seconds > 0 ? gcPauseNanos / 1e6 / seconds : Double.NaN;
    }

    /** Bytes allocated per operation, NaN when unknown or without operations. */
    public double bytesPerOp(long ops) {
        return allocationKnown && ops > 0 ? allocatedBytes / (double) ops : Double.NaN;
    }

    /** Reads {@code files} as one; an {@link IOException} (or a runtime failure of the parser) when one cannot be read. */
    public static JfrSummary read(List<Path> files) throws IOException {
        FrameCounts frames = FrameCounts.empty();
        long allocated = 0;
        boolean known = true;
        long pauses = 0;
        double seconds = 0;
        for (Path f : files) {
            One one = new One();
            try (RecordingFile rf = new RecordingFile(f)) {
                while (rf.hasMoreEvents()) {
                    one.accept(rf.readEvent());
                }
            } catch (RuntimeException e) {
                throw new IOException(f.getFileName() + ": " + e, e);
            }
            frames = frames.plus(new FrameCounts(one.self, one.samples));
            known &= one.allocationKnown();
            allocated += one.allocated();
            pauses += one.pauses;
            seconds += one.first == null ? 0 : Duration.between(one.first, one.last).toNanos() / 1e9;
        }
        return new JfrSummary(frames, allocated, known, pauses, seconds);
    }

    /** The tallies of one file. */
    private static final class One {
        final Map<String, Long> self = new HashMap<>();
        long samples;
        long pauses;
        Instant first;
        Instant last;
        final Map<Long, long[]> threads = new HashMap<>(); // javaThreadId → {first, last, first seen epoch ns}
        long sampledWeight;
        boolean sampled;

        void accept(RecordedEvent e) {
            if (first == null || e.getStartTime().isBefore(first)) {
                first = e.getStartTime();
            }
            if (last == null || e.getEndTime().isAfter(last)) {
                last = e.getEndTime();
            }
            switch (e.getEventType().getName()) {
                case "jdk.ExecutionSample" -> {
                    RecordedStackTrace st = e.getStackTrace();
                    if (st != null && !st.getFrames().isEmpty()) {
                        self.merge(name(st.getFrames().get(0)), 1L, Long::sum);
                        samples++;
                    }
                }
                case "jdk.ThreadAllocationStatistics" -> {
                    long id = e.getThread("thread") == null ? -1 : e.getThread("thread").getJavaThreadId();
                    long v = e.getLong("allocated");
                    long at = e.getStartTime().getEpochSecond() * 1_000_000_000L + e.getStartTime().getNano();
                    threads.merge(id, new long[]{v, v, at}, (a, b) -> new long[]{Math.min(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2])});
                }
                case "jdk.ObjectAllocationSample" -> {
                    sampled = true;
                    sampledWeight += e.getLong("weight");
                }
                case "jdk.GarbageCollection" -> pauses += e.getDuration("sumOfPauses").toNanos();
                default -> {
                    // other events say nothing these figures need
                }
            }
        }

        boolean allocationKnown() {
            return !threads.isEmpty() || sampled;
        }

        long allocated() {
            if (threads.isEmpty()) {
                return sampledWeight;
            }
            long firstRead = threads.values().stream().mapToLong(t -> t[2]).min().orElse(0);
            long sum = 0;
            for (long[] t : threads.values()) {
                // a thread missing from the first reading (one batch, read within milliseconds) was born inside the
                // recording: all it allocated counts
                sum += t[2] - firstRead > 50_000_000L ? t[1] : t[1] - t[0];
            }
            return sum;
        }
    }

    /** {@code package.Class.method} of a frame. */
    static String name(RecordedFrame f) {
        return f.getMethod().getType().getName() + "." + f.getMethod().getName();
    }
}
