package dev.kensho.common.cpu;

/**
 * The server CPU of the measured operation alone, for a benchmark whose iteration does more than the operation (a
 * table created before it, files read and checked after it): {@link CpuProfiler}'s {@code cpu.server} covers the
 * whole iteration, set-up and tear-down included. The benchmark brackets its operation with {@link #begin()} and
 * {@link #end()} (each one read of the servers' CPU, {@link ServerCpu#sample()}); {@link CpuProfiler} reports the
 * iteration's mean as {@value #METRIC}: the servers' CPU seconds per operation, a secondary result beside JMH's
 * score, so it carries the score's forks and rounds into the report's intervals. Nothing is reported for an
 * iteration that bracketed nothing. The servers' CPU is read in clock ticks (10 ms on Linux): an operation needs
 * tens of ticks for its figure to be quiet.
 */
public final class OperationCpu {

    /** The secondary result's name; its unit is {@value #UNIT}. */
    public static final String METRIC = "cpu.server.op";
    public static final String UNIT = "s/op";

    private static long begun = -1;
    private static long nanos;
    private static int operations;

    private OperationCpu() {
    }

    /** The operation starts now (nothing is counted when no server's CPU can be read: a remote one). */
    public static synchronized void begin() {
        ServerCpu.Sample s = ServerCpu.sample();
        begun = s.live() > 0 ? s.nanos() : -1;
    }

    /** The operation begun last has ended now. */
    public static synchronized void end() {
        if (begun >= 0) {
            nanos += ServerCpu.sample().nanos() - begun;
            operations++;
        }
        begun = -1;
    }

    /** A new iteration: nothing bracketed yet. */
    static synchronized void reset() {
        begun = -1;
        nanos = 0;
        operations = 0;
    }

    /** Server CPU seconds per operation bracketed since {@link #reset()}, or NaN when none was. */
    static synchronized double secondsPerOperation() {
        return operations == 0 ? Double.NaN : nanos / 1e9 / operations;
    }
}
