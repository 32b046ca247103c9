package dev.kensho.report.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A recording of a workload with known hot methods, read back: the summary names them. */
class JfrSummaryTest {

    @Test
    void namesTheHotMethodAndFindsTheAllocation(@TempDir Path dir) throws Exception {
        // recordings of 1.5 s until they hold 20 CPU samples: a busy host gives the spinning thread less of its time, so
        // the count a fixed time holds depends on the host; the count the test reads does not
        List<Path> files = new java.util.ArrayList<>();
        long calls = 0;
        JfrSummary s;
        do {
            Path f = dir.resolve("w" + files.size() + ".jfr");
            calls += Workload.record(f, 1500);
            files.add(f);
            s = JfrSummary.read(files);
        } while (s.frames().total() <= 20 && files.size() < 40);
        assertTrue(s.frames().total() > 20, "CPU samples: " + s.frames().total() + " in " + files.size() + " recordings");
        Map.Entry<String, Long> top = s.frames().top(1).get(0);
        assertTrue(top.getKey().endsWith("Workload.spinHotLoop"), "the hottest frame: " + s.frames().top(3));
        assertTrue(s.frames().share(top.getKey()) > 0.5, "its share: " + s.frames().share(top.getKey()));
        assertTrue(s.allocationKnown());
        // this thread allocated at least the workload's arrays while it recorded
        assertTrue(s.allocatedBytes() >= calls * Workload.BYTES_PER_CALL,
                s.allocatedBytes() + " bytes recorded, " + calls * Workload.BYTES_PER_CALL + " allocated by the workload");
        assertTrue(s.seconds() > 1.0, "the recording spans the 1.5 s workload: " + s.seconds() + " s");
        assertTrue(s.gcPauseNanos() >= 0);
    }

    @Test
    void aThreadThatEndsInsideTheRecordingCountsToo(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.jfr");
        int calls = 200;
        try (dev.kensho.common.profile.BenchmarkRecording r = new dev.kensho.common.profile.BenchmarkRecording().start()) {
            Thread.sleep(300);
            Thread t = new Thread(() -> {
                for (int i = 0; i < calls; i++) {
                    Workload.allocateKnown();
                }
                try {
                    // alive for five reading periods after its last allocation: a periodic reading sees its whole total
                    Thread.sleep(5 * dev.kensho.common.profile.BenchmarkRecording.ALLOCATION_PERIOD.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            t.join();
            Thread.sleep(300); // the thread is gone well before the recording ends
            r.stopAndDump(f);
        }
        JfrSummary s = JfrSummary.read(List.of(f));
        // read only when the recording began and ended, the thread (born after the one, dead before the other) would
        // count nothing; the periodic readings count all it allocated, however fast or slow this host allocates
        assertTrue(s.allocatedBytes() >= calls * Workload.BYTES_PER_CALL,
                s.allocatedBytes() + " bytes recorded, " + calls * Workload.BYTES_PER_CALL + " allocated by the thread");
    }

    @Test
    void aWorkloadWithoutTheHotMethodDoesNotNameIt(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("idle.jfr");
        try (jdk.jfr.Recording r = new jdk.jfr.Recording(jdk.jfr.Configuration.getConfiguration("profile"))) {
            r.start();
            long end = System.nanoTime() + 600_000_000L;
            while (System.nanoTime() < end) {
                Workload.sink += Workload.allocateKnown();
            }
            r.stop();
            r.dump(f);
        }
        JfrSummary s = JfrSummary.read(List.of(f));
        assertFalse(s.frames().self().keySet().stream().anyMatch(k -> k.endsWith("spinHotLoop")), s.frames().top(3).toString());
    }

    @Test
    void aFileThatIsNoRecordingCannotBeRead(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("broken.jfr"), "not a flight recording");
        assertThrows(IOException.class, () -> JfrSummary.read(List.of(f)));
    }
}
