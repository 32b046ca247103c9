package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.profile.ProfileIndex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The numbers a CI dashboard tracks ({@link BencherFormat}, {@link GithubBenchmarkFormat}): one {@link Metric}
 * per case and measure, in one fixed unit per measure, so a chart never mixes ops/ms with ops/s or µs with s:
 * <pre>
 * measure             unit       from                                                         better
 * throughput          ops/s      a thrpt score, any ops/&lt;time&gt;                                bigger
 * latency             ns/op      an avgt, sample or ss score, any &lt;time&gt;/op (Bencher's unit)   smaller
 * records-per-s       records/s  rates {@link Results} derives from recorded work              bigger
 * mib-per-s           MiB/s      the same                                                     bigger
 * cpu-client          ns/op      CPU time per operation: JMH's cpu.client (cores, from the    smaller
 * cpu-server          ns/op        suite's CpuProfiler) × wall seconds per operation
 * latency-p99, …      ns         recorded latency percentiles (latency_* in µs, per case)      smaller
 * gc-alloc-rate-mb-per-s  MB/sec  JMH's -prof gc: gc.alloc.rate                              smaller
 * gc-alloc-bytes-per-op   B/op    gc.alloc.rate.norm (bytes allocated per operation)          smaller
 * gc-count                counts  gc.count (collections in the measured iterations)           smaller
 * gc-time-ms              ms      gc.time (time in those collections)                         smaller
 * </pre>
 * Bencher's format has no unit field, so a measure's name says its unit where the measure is not one of Bencher's
 * own ({@code throughput}, {@code latency}); github-action-benchmark's {@code unit} carries it too.
 * The interval is the row's 99.9% half-width ({@link Results.Row#halfWidth()}: JMH's score error for JMH
 * numbers); CPU per operation combines the cores' and the score's relative half-widths as {@code Ratios} does.
 * A number without an interval (one iteration) has none here either. JMH's own sample-mode percentiles are not
 * in {@link Results}' rows and not here.
 */
final class CiMetrics {

    /** One number of one case; {@code halfWidth} is NaN when it has no interval. */
    record Metric(String benchmark, String measure, String unit, double value, double halfWidth, boolean biggerIsBetter) {

        boolean hasInterval() {
            return Double.isFinite(halfWidth);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** JMH's {@code -prof gc} metrics (older JMH prefixed them with '·') and their measures, named with their unit. */
    private static final Map<String, String> GC = Map.of("gc.alloc.rate", "gc-alloc-rate-mb-per-s",
            "gc.alloc.rate.norm", "gc-alloc-bytes-per-op", "gc.count", "gc-count", "gc.time", "gc-time-ms");

    private CiMetrics() {
    }

    /** Every metric of the run folder's rows, in row order. */
    static List<Metric> of(Path runDir, List<Results.Row> rows) {
        Map<String, Integer> threads = threads(runDir);
        Map<String, Results.Row> primary = new HashMap<>();
        for (Results.Row r : rows) {
            if (isPrimary(r)) {
                primary.put(name(r), r);
            }
        }
        Map<String, Metric> out = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            String name = name(r);
            double hw = r.halfWidth();
            if (isPrimary(r) && r.metric().equals("thrpt")) {
                double f = perSecond(r.unit());
                add(out, name, "throughput", "ops/s", r.score() * f, hw * f, true);
            } else if (isPrimary(r)) {
                double s = Results.toSeconds(1, r.unit());
                add(out, name, "latency", "ns/op", r.score() * s * 1e9, hw * s * 1e9, false);
            } else if (r.metric().equals("records/s") || r.metric().equals("MiB/s")) {
                add(out, name, r.metric().equals("MiB/s") ? "mib-per-s" : "records-per-s", r.metric(), r.score(), hw, true);
            } else if ((r.metric().equals("cpu.client") || r.metric().equals("cpu.server")) && primary.containsKey(name)) {
                Results.Row p = primary.get(name);
                double secondsPerOp = secondsPerOp(p, threads.getOrDefault(key(p), 1));
                double ns = r.score() * secondsPerOp * 1e9;
                double rel = Math.hypot(hw / r.score(), p.halfWidth() / p.score());
                add(out, name, r.metric().replace('.', '-'), "ns/op", ns, Math.abs(ns) * rel, false);
            } else if (Results.RECORDED.equals(r.source()) && r.metric().startsWith("latency_") && r.unit().equals("us")) {
                add(out, name, r.metric().replace('_', '-'), "ns", r.score() * 1e3, hw * 1e3, false);
            } else if ("jmh".equals(r.source()) && GC.containsKey(r.metric().replace("\u00b7", ""))) {
                add(out, name, GC.get(r.metric().replace("\u00b7", "")), r.unit(), r.score(), hw, false);
            }
        }
        return new ArrayList<>(out.values());
    }

    /**
     * {@code SetImportBenchmark.importSets?loader=PIPELINE&users=1000}: class and method, then the params in name
     * order (as {@link Results} keeps them), so the name of a case is the same in every run.
     */
    static String name(Results.Row r) {
        return ProfileIndex.key(r.cls(), r.method(), r.params());
    }

    private static boolean isPrimary(Results.Row r) {
        return "jmh".equals(r.source()) && switch (r.metric()) {
            case "thrpt", "avgt", "sample", "ss" -> true;
            default -> false;
        };
    }

    /** Adds a finite number; a case's measure appears once (the first row that gives it). */
    private static void add(Map<String, Metric> out, String name, String measure, String unit, double v, double hw,
                            boolean bigger) {
        if (Double.isFinite(v)) {
            out.putIfAbsent(name + "\n" + measure, new Metric(name, measure, unit, v, Double.isFinite(hw) ? Math.abs(hw) : Double.NaN, bigger));
        }
    }

    /** The factor from a JMH throughput unit ({@code ops/ms}, …) to ops/s; NaN for another unit. */
    static double perSecond(String unit) {
        double perUnit = Results.toSeconds(1, unit.replace("ops/", "") + "/op");
        return unit.startsWith("ops/") ? 1 / perUnit : Double.NaN;
    }

    /**
     * Wall seconds per operation of the whole benchmark: JMH's throughput sums its threads, its times are per
     * thread (so {@code t} threads finish {@code t} operations in one operation's time).
     */
    private static double secondsPerOp(Results.Row primary, int threads) {
        if (primary.metric().equals("thrpt")) {
            return 1 / (primary.score() * perSecond(primary.unit()));
        }
        return Results.toSeconds(primary.score(), primary.unit()) / threads;
    }

    private static String key(Results.Row r) {
        return r.cls() + "." + r.method() + "|" + r.params();
    }

    /** JMH threads of every case, from the run's JMH JSON (a file still being written is left out). */
    private static Map<String, Integer> threads(Path runDir) {
        Map<String, Integer> out = new HashMap<>();
        Path jmh = runDir.resolve("jmh");
        if (!Files.isDirectory(jmh)) {
            return out;
        }
        try (Stream<Path> files = Files.list(jmh)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                try {
                    for (JsonNode b : JSON.readTree(f.toFile())) {
                        String bench = b.path("benchmark").asText();
                        out.put(Results.cls(bench) + "." + Results.method(bench) + "|" + new TreeMap<>(Results.params(b.get("params"))),
                                b.path("threads").asInt(1));
                    }
                } catch (IOException e) {
                    // partial: Results leaves it out too
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
