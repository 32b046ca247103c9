package dev.kensho.common.cpu;

import com.sun.management.OperatingSystemMXBean;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * CPU of both sides in every JMH iteration, as secondary results in cores (CPU seconds ÷ wall seconds),
 * averaged over iterations so JMH gives each its interval:
 * <pre>
 * cpu.server        cores the server used (the probes of {@link ServerCpu}); absent when no server ran
 * cpu.server.limit  cores the server can use (see {@link Bottleneck#serverLimit})
 * cpu.client        cores the load generator used: this JVM's process CPU, less an in-process server's,
 *                   plus its exited child processes' (a redis-cli the benchmark ran), less child servers'
 * cpu.client.limit  cores left to the client (see {@link Bottleneck#clientLimit})
 * cpu.client.thread the client's busiest thread, in cores: a single-threaded load generator is saturated at 1
 * cpu.other         cores every other process of the machine used (a shared machine is not idle)
 * cpu.machine.limit the machine's processors
 * cpu.server.op     server CPU seconds per operation, where the benchmark brackets its operation ({@link OperationCpu})
 * </pre>
 * The launcher adds it to every run ({@code -prof dev.kensho.common.cpu.CpuProfiler} does the same by
 * hand). It samples before and after each iteration, as JMH's own {@code gc} profiler does, so the window
 * includes the iteration's {@code Level.Iteration} set-up and tear-down, and in the first iteration of a
 * fork the trial's set-up (a warm-up iteration, unless there is none); the last iteration's window ends when
 * the trial's tear-down stops the server. With a heavy per-iteration set-up (single-shot imports) the
 * figures are an average over set-up and measured call.
 */
public final class CpuProfiler implements InternalProfiler {

    private final OperatingSystemMXBean os =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long wallBefore;
    private long processBefore;
    private long childrenBefore;
    private long machineBefore;
    private Map<Long, Long> threadsBefore;
    private ServerCpu.Sample serverBefore;
    private Map<String, Long> commandsBefore;

    @Override
    public String getDescription() {
        return "CPU used by the server and by the load generator per iteration (kensho)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        OperationCpu.reset();
        serverBefore = ServerCpu.sample();
        commandsBefore = ServerCommands.sample();
        threadsBefore = ThreadCpu.clientThreads();
        processBefore = os.getProcessCpuTime();
        childrenBefore = ProcessCpu.exitedChildrenNanos();
        machineBefore = ProcessCpu.machineNanos();
        wallBefore = System.nanoTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long busiest = ThreadCpu.busiest(threadsBefore, ThreadCpu.clientThreads());
        long wallEnd = System.nanoTime();
        long processEnd = os.getProcessCpuTime();
        long childrenEnd = ProcessCpu.exitedChildrenNanos();
        long machineEnd = ProcessCpu.machineNanos();
        ServerCpu.Sample after = ServerCpu.sample();
        ServerCpu.Stop stop = ServerCpu.lastStop();
        if (after.live() == 0 && stop != null && stop.wallNanos() > wallBefore) {
            // the trial's tear-down stopped the server in this window: what follows is not load
            wallEnd = stop.wallNanos();
            processEnd = stop.processNanos();
            childrenEnd = stop.exitedChildrenNanos();
            machineEnd = stop.machineNanos();
            after = stop.sample();
        }
        long wall = wallEnd - wallBefore;
        long process = processEnd - processBefore;
        long children = childrenEnd - childrenBefore;
        int cores = Runtime.getRuntime().availableProcessors();
        List<ScalarResult> out = results(wall, process, children, serverBefore, after, cores);
        ServerCommands.cores(commandsBefore, ServerCommands.sample(), wall)
                .forEach((cmd, c) -> out.add(scalar("cpu.server.cmd." + cmd, c)));
        if (machineBefore >= 0 && machineEnd >= 0 && wall > 0) {
            boolean here = after.local();
            double ours = out.stream().filter(r -> r.getLabel().equals("cpu.client")
                    || r.getLabel().equals("cpu.server") && here).mapToDouble(ScalarResult::getScore).sum();
            out.add(scalar("cpu.other", Math.max(0, (machineEnd - machineBefore) / (double) wall - ours)));
            out.add(scalar("cpu.machine.limit", ProcessCpu.machineCpus()));
        }
        double op = OperationCpu.secondsPerOperation();
        if (!Double.isNaN(op)) {
            out.add(new ScalarResult(OperationCpu.METRIC, op, OperationCpu.UNIT, AggregationPolicy.AVG));
        }
        if (!threadsBefore.isEmpty()) {
            // over the whole iteration: a thread's tear-down after the server stopped is idle time, not load
            out.add(scalar("cpu.client.thread", busiest / (double) (System.nanoTime() - wallBefore)));
        }
        return out;
    }

    /** The figures of one window; pure, for tests. */
    static List<ScalarResult> results(long wallNanos, long processNanos, long exitedChildrenNanos, ServerCpu.Sample before,
                                      ServerCpu.Sample after, int cores) {
        List<ScalarResult> out = new ArrayList<>();
        if (wallNanos <= 0 || processNanos < 0) {
            return out;
        }
        double wall = wallNanos;
        boolean server = after.anyServerSince(before);
        long inProcess = after.inProcessNanos() - before.inProcessNanos();
        long reapedServers = after.reapedNanos() - before.reapedNanos();
        double client = Math.max(0, processNanos - (server ? inProcess : 0) + Math.max(0, exitedChildrenNanos - reapedServers)) / wall;
        double serverCores = server ? (after.nanos() - before.nanos()) / wall : 0;
        if (server) {
            out.add(scalar("cpu.server", serverCores));
            out.add(scalar("cpu.server.limit", after.limit()));
        }
        out.add(scalar("cpu.client", client));
        out.add(scalar("cpu.client.limit", Bottleneck.clientLimit(cores, serverCores, server && after.colocated())));
        return out;
    }

    private static ScalarResult scalar(String label, double cores) {
        return new ScalarResult(label, cores, "cores", AggregationPolicy.AVG);
    }
}
