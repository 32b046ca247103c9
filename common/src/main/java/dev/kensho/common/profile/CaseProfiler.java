package dev.kensho.common.profile;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.IterationType;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code -Dkensho.jfr=true} adds to every fork: over the measurement iterations of a case (warm-up left out,
 * as JMH's own {@code -prof jfr} does; a throw-away recording over the warm-up takes JFR's start-up cost there), a JFR recording of the benchmark JVM ({@code jdk.jfr.Recording}, the
 * {@link JfrSettings} configuration) and a profile of every server registered in {@link ServerProfiles}, written
 * into the case's folder ({@link CaseFiles}) with one line per file in {@link ProfileIndex#FILE}: the case, the
 * fork, the side, the settings, and the operations JMH counted while it recorded (the report's bytes per
 * operation). A profile that cannot be taken says why in its line; the measurement never fails for it.
 *
 * <p>The fork runs with {@code -XX:+DebugNonSafepoints}, so a method sample names the method that ran, not the
 * next safepoint's.
 */
public final class CaseProfiler implements InternalProfiler, ExternalProfiler {

    private BenchmarkRecording client;
    private BenchmarkRecording warmUp;
    private CaseFiles files;
    private int fork;
    private final List<ServerRecording> servers = new ArrayList<>();
    private final List<Long> profiled = new ArrayList<>();
    private long ops;
    private int measured;
    private long startedNanos;

    @Override
    public String getDescription() {
        return "JFR of the benchmark JVM and a profile of its servers per case and fork (kensho)";
    }

    @Override
    public void beforeIteration(BenchmarkParams bp, IterationParams ip) {
        if (Recorder.runDir() == null) {
            return;
        }
        if (ip.getType() == IterationType.WARMUP) {
            if (warmUp == null) {
                // JFR's first start in a JVM instruments the JDK's I/O classes and the JIT compiles them again: in the
                // warm-up, not in the measured iterations (docs/method.md, What profiling costs)
                warmUp = new BenchmarkRecording().start();
            }
            return;
        }
        if (files == null) {
            Case c = Case.of(bp); // the first measured iteration: from here to the last one's end
            files = CaseFiles.of(Recorder.runDir(), c.benchmark(), c.params());
            try {
                Files.createDirectories(files.dir());
            } catch (IOException e) {
                throw new IllegalStateException("cannot create " + files.dir(), e);
            }
            fork = files.nextFork();
            client = new BenchmarkRecording().start();
            startedNanos = System.nanoTime();
            if (warmUp != null) {
                warmUp.close(); // after the real one started: the instrumentation never goes off in between
            }
            ServerProfiles.liveAndListen(this::record).forEach(this::record);
        }
    }

    /** Starts recording a server once, whether it was up before the case was measured or started inside it. */
    private synchronized void record(ServerProfiles.Server s) {
        if (files != null && !profiled.contains(s.pid())) {
            profiled.add(s.pid());
            servers.add(ServerRecording.start(s, files, fork, JfrSettings.value()));
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams bp, IterationParams ip, IterationResult result) {
        if (ip.getType() != IterationType.MEASUREMENT || files == null) {
            return List.of();
        }
        measured++;
        if (result.getMetadata() != null) {
            ops += result.getMetadata().getAllOps();
        }
        if (measured == ip.getCount()) {
            finish(Case.of(bp));
        }
        return List.of();
    }

    private void finish(Case c) {
        ServerProfiles.liveAndListen(null); // first, outside this object's lock: a registering server holds the registry's
        synchronized (this) {
            write(c);
        }
    }

    private void write(Case c) {
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        Path file = files.client(fork);
        Map<String, Object> line = line(c, seconds);
        line.put("side", "client");
        line.put("kind", "jfr");
        line.put("what", "benchmark JVM (pid " + ProcessHandle.current().pid() + ")");
        try {
            client.stopAndDump(file);
            line.put("file", files.relative(file));
        } catch (IOException | IllegalStateException e) {
            line.put("unavailable", "the recording could not be written (" + e.getMessage() + ")");
        } finally {
            client.close();
        }
        Recorder.line(ProfileIndex.FILE, line);
        for (ServerRecording s : servers) {
            Map<String, Object> l = line(c, seconds);
            l.putAll(s.fields(s.end(), files));
            Recorder.line(ProfileIndex.FILE, l);
        }
        servers.clear();
    }

    private Map<String, Object> line(Case c, double seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", c.benchmark());
        m.put("params", c.params());
        m.put("fork", fork);
        m.put("settings", JfrSettings.value());
        m.put("ops", ops);
        m.put("seconds", seconds);
        return m;
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        // the fork records itself
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }
}
