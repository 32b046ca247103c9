package dev.kensho.redis.kv.load;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Virtual threads where the JVM running the benchmark has them (JDK 21+), found at run time because the suite
 * compiles for Java 17: {@code Executors.newVirtualThreadPerTaskExecutor()}, looked up once. {@link JedisLoad} drives
 * its blocking connections on them, so 100 connections keep meaning 100 connections, each with its own thread of
 * control, without 100 kernel threads switching on 2 cores.
 *
 * <p>Carriers: the JDK runs virtual threads on a pool of {@code jdk.virtualThreadScheduler.parallelism} carrier threads
 * (default: every core), fixed when the JVM starts its first virtual thread. The first {@link #perTask(int)} sets it to
 * the carriers asked for unless the JVM was given a value ({@code -jvmArgsAppend
 * -Djdk.virtualThreadScheduler.parallelism=N} in {@code kensho.args}); later calls get the pool as it is
 * ({@link #carriers()}). Why it matters: with the server on one of 2 cores, two carriers parked and woke each other
 * across the cores — JEDIS spent 1.25× memtier_benchmark's client CPU per request on 2 carriers and 0.93× on 1
 * (runs memtier-97de27d and memtier-par1-97de27d), as memtier's one thread drives all its connections. A JVM that
 * started virtual threads before (none of the suite's does) keeps its own pool, and {@link #carriers()} then
 * reports what was asked, not what runs.
 */
public final class VirtualThreads {

    static final String PARALLELISM = "jdk.virtualThreadScheduler.parallelism";

    private static final MethodHandle PER_TASK = find();
    /** The carriers of this JVM's virtual threads, fixed at the first executor; 0 before. */
    private static int carriers;

    private VirtualThreads() {
    }

    private static MethodHandle find() {
        if (Runtime.version().feature() < 21) {
            return null; // 19–20 have them only as a preview, which the suite does not enable
        }
        try {
            return MethodHandles.publicLookup().findStatic(Executors.class, "newVirtualThreadPerTaskExecutor",
                    MethodType.methodType(ExecutorService.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /** Whether this JVM has virtual threads. */
    static boolean available() {
        return PER_TASK != null;
    }

    /**
     * A new executor that starts a virtual thread per task, on {@code wantedCarriers} carrier threads if this is the
     * JVM's first and it was given no {@value #PARALLELISM}; empty where this JVM has no virtual threads.
     */
    static synchronized Optional<ExecutorService> perTask(int wantedCarriers) {
        if (PER_TASK == null) {
            return Optional.empty();
        }
        if (carriers == 0) {
            if (System.getProperty(PARALLELISM) == null) {
                System.setProperty(PARALLELISM, Integer.toString(Math.max(1, wantedCarriers)));
            }
            try {
                carriers = Integer.parseInt(System.getProperty(PARALLELISM).trim());
            } catch (NumberFormatException e) {
                carriers = Runtime.getRuntime().availableProcessors(); // the JDK's own fallback
            }
        }
        try {
            return Optional.of((ExecutorService) PER_TASK.invokeExact());
        } catch (Throwable e) {
            throw new IllegalStateException("newVirtualThreadPerTaskExecutor failed: " + e, e);
        }
    }

    /** The carrier threads of this JVM's virtual threads; 0 before the first {@link #perTask(int)}. */
    public static synchronized int carriers() {
        return carriers;
    }

    /** The feature release of this JVM (17, 21, 25, …): recorded beside a Jedis case, since it decides the threads. */
    public static int jvmFeature() {
        return Runtime.version().feature();
    }
}
