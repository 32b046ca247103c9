package dev.kensho.common.export;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code bmf.json}: the run in Bencher Metric Format, for {@code bencher run --adapter json --file bmf.json}.
 * Shape (bencher.dev/docs/reference/bencher-metric-format):
 * <pre>
 * { "&lt;benchmark&gt;": { "&lt;measure&gt;": { "value": v, "lower_value": lo, "upper_value": hi } } }
 * </pre>
 * Benchmarks are named {@code Class.method?param=value&…}; measures and units are {@link CiMetrics}' table
 * ({@code throughput} in ops/s and {@code latency} in ns are Bencher's built-in measures, in their units). The
 * bounds are the 99.9% interval, left out when a number has none (Bencher requires only {@code value}).
 */
public final class BencherFormat {

    public static final String FILE = "bmf.json";

    private BencherFormat() {
    }

    /** The BMF document of a run folder's rows. */
    public static ObjectNode of(Path runDir, List<Results.Row> rows) {
        ObjectNode doc = RunFolder.JSON.createObjectNode();
        for (CiMetrics.Metric m : CiMetrics.of(runDir, rows)) {
            ObjectNode bench = doc.has(m.benchmark()) ? (ObjectNode) doc.get(m.benchmark()) : doc.putObject(m.benchmark());
            ObjectNode measure = bench.putObject(m.measure());
            measure.put("value", m.value());
            if (m.hasInterval()) {
                measure.put("lower_value", m.value() - m.halfWidth());
                measure.put("upper_value", m.value() + m.halfWidth());
            }
        }
        return doc;
    }
}
