package dev.kensho.launcher;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The modules' benchmark runs of one parallel Maven build ({@code -T}, which {@code .mvn/maven.config} sets so the
 * tests of independent modules overlap) are held until every module of the build that has benchmarks has built and
 * passed its checks, then run one at a time in reactor order, by the module that arrived last. So no benchmark runs
 * beside a compilation or beside another benchmark, and a bad setting in any module stops the build before the first
 * benchmark starts. The modules left to build after them (the jar, the cross-module tests) depend on them all and
 * wait. Holding a module's run frees its Maven thread at once: a builder with fewer threads than modules never
 * waits for itself.
 *
 * <p>Each module's {@code MavenBench} runs in Maven's JVM under a class loader of its own, so the held runs live
 * where every loader sees the same thing: system properties outside the {@code kensho.} namespace (never forwarded
 * to a launcher), guarded by one interned string's monitor.
 */
final class BenchTurns {

    /** One module's launcher: its command line and the environment it adds. */
    record Job(String module, List<String> command, Map<String, String> env) {
    }

    private static final String HELD = "dev.kensho.turns.";
    private static final String FAILED = "dev.kensho.turns-failed";
    private static final String SEP = "\u0000";
    /** The JVM-wide monitor: string literals are interned once per JVM, whatever loader names them. */
    private static final Object MONITOR = "dev.kensho.turns".intern();

    private BenchTurns() {
    }

    /**
     * Holds {@code job} until every one of {@code modules} (the build's modules with benchmarks, reactor order) has
     * arrived. Returns every held job in reactor order to the module that arrives last, nothing to the others (they
     * print where their run went), and nothing to anyone once a module has {@linkplain #failed failed}.
     */
    static List<Job> arrive(Job job, List<String> modules, PrintStream out) {
        synchronized (MONITOR) {
            if (System.getProperty(FAILED) != null) {
                out.println("kensho: " + job.module() + ": its benchmarks are not run: " + System.getProperty(FAILED) + " failed first");
                return List.of();
            }
            System.setProperty(HELD + job.module(), encode(job));
            List<String> missing = modules.stream().filter(m -> System.getProperty(HELD + m) == null).toList();
            if (!missing.isEmpty()) {
                out.println("kensho: " + job.module() + ": its benchmarks run when " + String.join(", ", missing)
                        + " " + (missing.size() == 1 ? "has" : "have") + " built (one run at a time, nothing building beside it)");
                return List.of();
            }
            List<Job> all = new ArrayList<>();
            for (String m : modules) {
                all.add(decode(m, System.getProperty(HELD + m)));
                System.clearProperty(HELD + m);
            }
            return all;
        }
    }

    /** {@code module} stopped the build (its checks refused a setting): no held run starts. */
    static void failed(String module) {
        synchronized (MONITOR) {
            if (System.getProperty(FAILED) == null) {
                System.setProperty(FAILED, module);
            }
        }
    }

    /** Forgets every held run (a test's next build in the same JVM). */
    static void reset() {
        synchronized (MONITOR) {
            System.clearProperty(FAILED);
            System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(HELD)).forEach(System::clearProperty);
        }
    }

    private static String encode(Job job) {
        List<String> parts = new ArrayList<>();
        parts.add(Integer.toString(job.command().size()));
        parts.addAll(job.command());
        job.env().forEach((k, v) -> {
            parts.add(k);
            parts.add(v);
        });
        return String.join(SEP, parts);
    }

    private static Job decode(String module, String s) {
        List<String> parts = Arrays.asList(s.split(SEP, -1));
        int n = Integer.parseInt(parts.get(0));
        List<String> command = List.copyOf(parts.subList(1, 1 + n));
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 1 + n; i + 1 < parts.size(); i += 2) {
            env.put(parts.get(i), parts.get(i + 1));
        }
        return new Job(module, command, env);
    }
}
