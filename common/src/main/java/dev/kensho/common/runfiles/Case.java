package dev.kensho.common.runfiles;

import org.openjdk.jmh.infra.BenchmarkParams;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One benchmark case as JMH names it: the full benchmark name and its params. Take it in a
 * {@code @Setup(Level.Trial)} method ({@code void setup(BenchmarkParams bp)}) to label what you record.
 */
public record Case(String benchmark, Map<String, String> params) {

    public static Case of(BenchmarkParams bp) {
        Map<String, String> p = new TreeMap<>();
        for (String k : bp.getParamsKeys()) {
            p.put(k, bp.getParam(k));
        }
        return new Case(bp.getBenchmark(), p);
    }

    /** The same case for another method of the class (e.g. a calibration row). */
    public Case withMethod(String method) {
        return new Case(benchmark.substring(0, benchmark.lastIndexOf('.') + 1) + method, params);
    }

    /**
     * The experiment a benchmark belongs to ("redis-kv" for {@code dev.kensho.redis.kv.X.m}; a one-name module's own
     * fixtures, e.g. "launcher"; "other").
     */
    private static final Set<String> ONE_NAME_MODULES = Set.of("common", "report", "launcher", "benchmarks");

    public static String experiment(String bench) {
        String[] parts = bench.split("\\.");
        if (parts.length >= 5 && parts[0].equals("dev") && parts[1].equals("kensho")) {
            return ONE_NAME_MODULES.contains(parts[2]) ? parts[2] : parts[2] + "-" + parts[3];
        }
        return "other";
    }
}
