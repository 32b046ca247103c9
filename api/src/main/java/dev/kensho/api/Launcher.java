package dev.kensho.api;

/**
 * The launcher as a benchmark class's {@code main} sees it: one method, implemented by the launcher module and found
 * with {@link java.util.ServiceLoader} ({@code @AutoService(Launcher.class)} on its class), so an experiment depends
 * on the launcher at run time only and its code never names it.
 */
public interface Launcher {

    /**
     * Runs {@code benchmarkClass} alone with {@code args} (JMH flags) into a run folder, and ends the JVM with the
     * run's status: 0 all passed, 1 a benchmark failed, 2 bad input.
     */
    void main(Class<?> benchmarkClass, String[] args);
}
