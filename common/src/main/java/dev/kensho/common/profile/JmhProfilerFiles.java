package dev.kensho.common.profile;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.runner.options.ProfilerConfig;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * JMH's own {@code -prof jfr} and {@code -prof async} in the run folder and the report. Both write every fork of a
 * case into one folder named by the case ({@code <dir>/<benchmark id>/}), each fork over the last; {@link Profiling}
 * points their {@code dir} at {@value #STAGING} of the run folder, and this profiler, which the launcher adds
 * beside them, moves a fork's files after it ends into the case's folder of {@link CaseFiles} — where
 * {@code -Dkensho.jfr=true} puts its recordings — as {@code jmh-jfr-fork<n>.jfr} and {@code async-fork<n>/}, with one
 * line each in {@link ProfileIndex#FILE} (the operations JMH counted in the fork's measured iterations too), so the
 * report reads them as it reads its own. It runs in the launcher's JVM only ({@link ExternalProfiler#afterTrial});
 * with {@code -f 0} there is no fork end and the files stay where JMH wrote them.
 */
public final class JmhProfilerFiles implements ExternalProfiler {

    /** Where JMH's profilers write, under the run folder, before their files are moved. */
    public static final String STAGING = "jmh/profilers";
    /** {@link ProfileIndex.Entry#kind()} of JMH's {@code -prof jfr} recording. */
    public static final String JFR_KIND = "jmh-jfr";
    /** {@link ProfileIndex.Entry#kind()} of JMH's {@code -prof async} output. */
    public static final String ASYNC_KIND = "async";

    /** {@link ProfileIndex.Entry#kind()} of a fork whose files could not be moved (the line says why). */
    public static final String MOVE_KIND = "jmh-profilers";

    /** Whether {@code p} is JMH's JFR profiler. */
    static boolean jfr(ProfilerConfig p) {
        return p.getKlass().equals("jfr") || p.getKlass().endsWith(".JavaFlightRecorderProfiler");
    }

    /** Whether {@code p} is JMH's async-profiler profiler. */
    static boolean async(ProfilerConfig p) {
        return p.getKlass().equals("async") || p.getKlass().endsWith(".AsyncProfiler");
    }

    /** Whether a run with these profilers needs this one beside them. */
    public static boolean wanted(List<ProfilerConfig> profilers) {
        return profilers.stream().anyMatch(p -> jfr(p) || async(p));
    }

    @Override
    public String getDescription() {
        return "moves JMH's -prof jfr and -prof async files of each fork into the run folder's case folders (kensho)";
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        Path runDir = Recorder.runDir();
        if (runDir != null) {
            BenchmarkParams bp = br.getParams();
            double seconds = bp.getMeasurement().getCount() * bp.getMeasurement().getTime().convertTo(TimeUnit.MILLISECONDS) / 1e3;
            collect(runDir, bp.id(), Case.of(bp), ops(br), seconds, pid);
        }
        return List.of();
    }

    /**
     * Moves the files of the fork that just ran case {@code c} (JMH's id {@code id}) from the staging folder into the
     * case's folder and indexes them, with the {@code ops} and {@code seconds} of its measured iterations.
     */
    static void collect(Path runDir, String id, Case c, long ops, double seconds, long pid) {
        Path staged = staged(runDir, id);
        if (staged == null) {
            return;
        }
        CaseFiles files = CaseFiles.of(runDir, c.benchmark(), c.params());
        try {
            Files.createDirectories(files.dir());
            Path jfr = staged.resolve("profile.jfr");
            if (Files.exists(jfr)) {
                int n = next(files.dir(), "jmh-jfr-fork", ".jfr");
                Path to = files.dir().resolve("jmh-jfr-fork" + n + ".jfr");
                Files.move(jfr, to, StandardCopyOption.REPLACE_EXISTING);
                index(c, n, JFR_KIND, "benchmark JVM (pid " + pid + "), JMH's -prof jfr", files.relative(to), ops, seconds);
            }
            List<Path> async;
            try (Stream<Path> s = Files.list(staged)) {
                async = s.filter(Files::isRegularFile).sorted().toList();
            }
            if (!async.isEmpty()) {
                int n = next(files.dir(), "async-fork", "");
                Path to = Files.createDirectories(files.dir().resolve("async-fork" + n));
                for (Path f : async) {
                    Files.move(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
                Path main = main(to);
                index(c, n, ASYNC_KIND, "benchmark JVM (pid " + pid + "), JMH's -prof async", files.relative(main), ops, seconds);
            }
        } catch (IOException e) {
            Map<String, Object> line = line(c, 0, MOVE_KIND, "JMH's -prof jfr / -prof async", ops, seconds);
            line.put("unavailable", "their files of this fork could not be moved from " + runDir.relativize(staged)
                    + " (" + e.getMessage() + ")");
            Recorder.line(ProfileIndex.FILE, line);
        }
        try {
            Files.deleteIfExists(staged); // empty now; the next fork makes it again
        } catch (IOException e) {
            // something else in it: left where it is
        }
    }

    /**
     * {@code args} (split) with every {@code -prof jfr[:…]} given {@code dir=} the staging folder of {@code runDir}
     * unless the user chose one; the same array when there is none.
     */
    static String[] completeJfr(String[] args, Path runDir) {
        String[] out = args.clone();
        boolean changed = false;
        for (int i = 0; i + 1 < out.length; i++) {
            String v = out[i + 1];
            if (out[i].equals("-prof") && (v.equals("jfr") || v.startsWith("jfr:")) && !AsyncProfilerLib.has(
                    v.equals("jfr") ? "" : v.substring("jfr:".length()), "dir")) {
                out[i + 1] = (v.equals("jfr") ? "jfr:" : v + ";") + "dir=" + runDir.resolve(STAGING);
                changed = true;
            }
        }
        return changed ? out : args;
    }

    /** The case's folder under the staging folder, as JFR (the id) or async-profiler ({@code %} → {@code _}) names it. */
    private static Path staged(Path runDir, String id) {
        Path base = runDir.resolve(STAGING);
        for (String name : List.of(id, id.replace("%", "_"))) {
            Path d = base.resolve(name);
            if (Files.isDirectory(d)) {
                return d;
            }
        }
        return null;
    }

    /**
     * The file of an async-profiler fork the report reads: collapsed stacks, else its JFR, else the forward flame
     * graph, else the first file.
     */
    static Path main(Path dir) throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.list(dir)) {
            all = s.sorted().toList();
        }
        for (String[] p : new String[][]{{"collapsed-", ".csv"}, {"jfr-", ".jfr"}, {"flame-", "-forward.html"}, {"flame-", ".html"}}) {
            for (Path f : all) {
                String n = f.getFileName().toString();
                if (n.startsWith(p[0]) && n.endsWith(p[1])) {
                    return f;
                }
            }
        }
        return all.stream().min(Comparator.naturalOrder()).orElse(dir);
    }

    /** One more than the highest fork number of {@code prefix<n>suffix} in {@code dir}. */
    private static int next(Path dir, String prefix, String suffix) {
        int n = 1;
        while (Files.exists(dir.resolve(prefix + n + suffix))) {
            n++;
        }
        return n;
    }

    private static void index(Case c, int fork, String kind, String what, String file, long ops, double seconds) {
        Map<String, Object> line = line(c, fork, kind, what, ops, seconds);
        line.put("file", file);
        Recorder.line(ProfileIndex.FILE, line);
    }

    private static Map<String, Object> line(Case c, int fork, String kind, String what, long ops, double seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benchmark", c.benchmark());
        m.put("params", c.params());
        m.put("fork", fork);
        m.put("side", "client");
        m.put("kind", kind);
        m.put("what", what);
        m.put("settings", kind.equals(JFR_KIND) ? "JMH -prof jfr" : kind.equals(ASYNC_KIND) ? "JMH -prof async" : "JMH's profilers");
        m.put("ops", ops);
        m.put("seconds", seconds);
        return m;
    }

    /** The operations of the fork's measured iterations (JMH's result holds those only). */
    private static long ops(BenchmarkResult br) {
        long ops = 0;
        for (IterationResult ir : br.getIterationResults()) {
            if (ir.getMetadata() != null) {
                ops += ir.getMetadata().getAllOps();
            }
        }
        return ops;
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {
        // JMH's own profilers do the recording
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
