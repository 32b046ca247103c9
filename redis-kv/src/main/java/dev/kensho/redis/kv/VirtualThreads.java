package dev.kensho.redis.kv;

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
 */
final class VirtualThreads {

    private static final MethodHandle PER_TASK = find();

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

    /** A new executor that starts a virtual thread per task; empty where this JVM has none. */
    static Optional<ExecutorService> perTask() {
        if (PER_TASK == null) {
            return Optional.empty();
        }
        try {
            return Optional.of((ExecutorService) PER_TASK.invokeExact());
        } catch (Throwable e) {
            throw new IllegalStateException("newVirtualThreadPerTaskExecutor failed: " + e, e);
        }
    }

    /** The feature release of this JVM (17, 21, 25, …): recorded beside a Jedis case, since it decides the threads. */
    static int jvmFeature() {
        return Runtime.version().feature();
    }
}
