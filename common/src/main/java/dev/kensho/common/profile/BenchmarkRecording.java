package dev.kensho.common.profile;

import jdk.jfr.Recording;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The benchmark JVM's JFR recording of a case: the {@link JfrSettings} configuration, and beside it a companion
 * recording that reads every thread's allocated bytes ({@code jdk.ThreadAllocationStatistics}) every
 * {@link #ALLOCATION_PERIOD}. The configuration reads them only when a chunk begins and ends, and a client's threads
 * (Lettuce's event loops) end in the trial's tear-down, inside the last measured iteration: read only at the ends,
 * all they allocated was lost (1,295 B/op against JMH's {@code -prof gc} 2,099; with the readings 2,138 against 2,098: docs/method.md, What
 * profiling costs). The
 * companion starts after the recording and stops before it, so the recording keeps its readings at both ends too
 * (with the period in force when it stops, JFR takes none there).
 */
public final class BenchmarkRecording implements AutoCloseable {

    /** How often each thread's allocated bytes are read: a thread that ends inside a recording loses at most this much. */
    public static final Duration ALLOCATION_PERIOD = Duration.ofMillis(200);

    private final Recording recording;
    private final Recording readings = new Recording();

    public BenchmarkRecording() {
        recording = new Recording(JfrSettings.configuration());
        readings.enable("jdk.ThreadAllocationStatistics").withPeriod(ALLOCATION_PERIOD);
        readings.setName("kensho-allocation-readings");
    }

    public BenchmarkRecording start() {
        recording.setToDisk(true);
        recording.start();
        readings.start();
        return this;
    }

    /** Stops and writes the recording to {@code file}. */
    public void stopAndDump(Path file) throws IOException {
        readings.stop();
        recording.stop();
        recording.dump(file);
    }

    @Override
    public void close() {
        readings.close();
        recording.close();
    }
}
