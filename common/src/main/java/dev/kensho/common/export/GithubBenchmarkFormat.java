package dev.kensho.common.export;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The custom JSON of benchmark-action/github-action-benchmark, in two files because the action reads one
 * direction per file: {@code gab-bigger.json} for {@code tool: customBiggerIsBetter} (throughput, rates) and
 * {@code gab-smaller.json} for {@code tool: customSmallerIsBetter} (latency, CPU per operation). Each is an
 * array of
 * <pre>
 * { "name": "&lt;benchmark&gt; [&lt;measure&gt;]", "unit": "ops/s", "value": v, "range": "± hw", "extra": "…" }
 * </pre>
 * with the names, measures and units of {@link CiMetrics}; {@code range} is the 99.9% half-width (left out
 * when a number has none) and {@code extra}, shown in the chart's tooltip, says what the range is.
 */
public final class GithubBenchmarkFormat {

    public static final String BIGGER_FILE = "gab-bigger.json";
    public static final String SMALLER_FILE = "gab-smaller.json";

    private GithubBenchmarkFormat() {
    }

    /** The entries of one direction ({@code bigger}: customBiggerIsBetter) of a run folder's rows. */
    public static ArrayNode of(Path runDir, List<Results.Row> rows, boolean bigger) {
        ArrayNode out = RunFolder.JSON.createArrayNode();
        for (CiMetrics.Metric m : CiMetrics.of(runDir, rows)) {
            if (m.biggerIsBetter() != bigger) {
                continue;
            }
            ObjectNode e = out.addObject();
            e.put("name", m.benchmark() + " [" + m.measure() + "]");
            e.put("unit", m.unit());
            e.put("value", m.value());
            if (m.hasInterval()) {
                e.put("range", "± " + String.format(Locale.ROOT, "%.6g", m.halfWidth()));
                e.put("extra", "range: 99.9% confidence half-width");
            } else {
                e.put("extra", "no interval (a single measurement)");
            }
        }
        return out;
    }
}
