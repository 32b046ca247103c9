package dev.kensho.report.profile;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The views of recordings made here (the profile settings), asserting only what holds on any host: a thread blocked in
 * a native method (the JDK's process reaper, waiting for a child process that waits for input) is in the wall-clock
 * view and never in the CPU view, beside a thread that computes; an allocation is in the allocation view under its
 * class; a blocked monitor enter and a park longer than the threshold are in the locks view under theirs. Each
 * recording runs until what it looks for has been sampled (at most a minute), never for a set time.
 */
class JfrStacksTest {

    private static final String WAIT = "java.lang.ProcessHandleImpl.waitForProcessExit0";
    /** A stack whose leaf is a byte array, however JFR names its class. */
    private static final Predicate<String> BYTES = s -> s.endsWith(";byte[]") || s.endsWith(";[B");

    /** The monitor of the locks view's test, named by its class. */
    static final class TheLock {
    }

    /** The parked-on object of the locks view's test. */
    static final class TheBlocker {
    }

    @Test
    void aNativeWaitIsWallClockNotCpu(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("wait.jfr");
        // "read" waits for a line that never comes; the JDK's reaper thread waits for it in WAIT meanwhile
        Process child = new ProcessBuilder("sh", "-c", "read x").start();
        AtomicBoolean stop = new AtomicBoolean();
        Thread hot = new Thread(() -> {
            while (!stop.get()) {
                Workload.sink += Workload.spinHotLoop(200_000);
            }
        }, "computing");
        Map<JfrStacks.View, Map<String, Long>> views;
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            hot.start();
            views = recordUntil(r, f, v -> has(v.get(JfrStacks.View.WALL), s -> s.contains(WAIT))
                    && has(v.get(JfrStacks.View.CPU), s -> s.contains("Workload.spinHotLoop")));
        } finally {
            stop.set(true);
            hot.join();
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertTrue(has(views.get(JfrStacks.View.WALL), s -> s.contains(WAIT)), "the wait is in the wall-clock view");
        assertTrue(has(views.get(JfrStacks.View.CPU), s -> s.contains("Workload.spinHotLoop")), "the computing thread is in the CPU view");
        assertFalse(has(views.get(JfrStacks.View.CPU), s -> s.contains(WAIT)), "the wait is not in the CPU view");
        assertTrue(has(views.get(JfrStacks.View.WALL), s -> s.contains("Workload.spinHotLoop")), "nor is CPU missing from the wall view");
    }

    @Test
    void allocationsAndLocksHaveViewsOfTheirOwn(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("alloc-lock.jfr");
        Map<JfrStacks.View, Map<String, Long>> views;
        AtomicBoolean stop = new AtomicBoolean();
        Thread allocating = new Thread(() -> {
            while (!stop.get()) { // until one of its allocations is sampled
                Workload.sink += Workload.allocateKnown();
            }
        }, "allocating");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            contendAndPark();
            allocating.start();
            views = recordUntil(r, f, v -> has(v.get(JfrStacks.View.ALLOC), s -> s.contains("Workload.allocateKnown") && BYTES.test(s)));
        } finally {
            stop.set(true);
            allocating.join();
        }
        assertTrue(has(views.get(JfrStacks.View.ALLOC), s -> s.contains("Workload.allocateKnown") && BYTES.test(s)),
                "the allocation under its stack and class: " + views.get(JfrStacks.View.ALLOC).keySet());
        Map<String, Long> lock = views.get(JfrStacks.View.LOCK);
        assertTrue(has(lock, s -> s.endsWith(";" + TheLock.class.getName())), "the blocked monitor enter: " + lock.keySet());
        assertTrue(has(lock, s -> s.endsWith(";" + TheBlocker.class.getName())), "the park: " + lock.keySet());
        assertFalse(has(views.get(JfrStacks.View.CPU), s -> s.endsWith(TheLock.class.getName())), "locks stay out of the CPU view");
    }

    @Test
    void periodsAreReadInMilliseconds() {
        assertEquals(10, JfrStacks.millis("10 ms"));
        assertEquals(20, JfrStacks.millis("20 ms"));
        assertEquals(1000, JfrStacks.millis("1 s"));
        assertEquals(1, JfrStacks.millis("500 us"));
        assertEquals(0, JfrStacks.millis("everyChunk"));
        assertEquals(0, JfrStacks.millis("off"));
    }

    /** A thread blocked on a held monitor for 100 ms (well past the 10 ms threshold), then this thread parked as long. */
    private static void contendAndPark() throws InterruptedException {
        TheLock lock = new TheLock();
        Thread waiter;
        synchronized (lock) {
            waiter = new Thread(() -> {
                synchronized (lock) {
                    Workload.sink++;
                }
            }, "waiter");
            waiter.start();
            while (waiter.getState() != Thread.State.BLOCKED) {
                Thread.sleep(1);
            }
            Thread.sleep(100);
        }
        waiter.join();
        long end = System.nanoTime() + 100_000_000L;
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(new TheBlocker(), left);
        }
    }

    /** Dumps {@code r} into {@code f} every half second until its views pass {@code done} (at most a minute); the last views. */
    private static Map<JfrStacks.View, Map<String, Long>> recordUntil(Recording r, Path f,
                                                                     Predicate<Map<JfrStacks.View, Map<String, Long>>> done) throws Exception {
        Map<JfrStacks.View, Map<String, Long>> views = Map.of();
        for (int i = 0; i < 120; i++) {
            Thread.sleep(500);
            r.dump(f);
            views = JfrStacks.read(List.of(f));
            if (done.test(views)) {
                break;
            }
        }
        return views;
    }

    private static boolean has(Map<String, Long> view, Predicate<String> stack) {
        return view.keySet().stream().anyMatch(stack);
    }
}
