package dev.kensho.hbase.meter;

import dev.kensho.common.export.Results;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The time orders the write-up draws in its Figure 4, as ratios a verdict can read: DIFF alone scans fastest (#11, the
 * choice for reads alone), no encoding and no codec loads fastest (#14, the choice for writes alone). Each is the named
 * cell's time over the fastest other cell of the matrix that this run measured ({@value #SCAN} and {@value #LOAD}, on
 * the named cell's row, {@code over=} the other cell): below 1 when the named cell is the fastest. As {@link SizeOrder}
 * does for sizes; a group with fewer than two cells gives no row.
 */
final class Fastest {

    static final String SCAN = "scan_over_next_fastest";
    static final String LOAD = "load_over_next_fastest";
    private static final String MATRIX = "CompressionMatrixBenchmark";

    private Fastest() {
    }

    static List<Results.Row> derive(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>(order(rows, "fullScan", "DIFF", "NONE", SCAN));
        out.addAll(order(rows, "load", "NONE", "NONE", LOAD));
        return out;
    }

    private static List<Results.Row> order(List<Results.Row> rows, String method, String encoding, String codec, String metric) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        rows.stream().filter(Ratios.rows(MATRIX, method, "ss"))
                .forEach(r -> groups.computeIfAbsent(Ratios.others(r, "encoding", "codec"), k -> new ArrayList<>()).add(r));
        List<Results.Row> out = new ArrayList<>();
        for (List<Results.Row> cells : groups.values()) {
            Optional<Results.Row> named = cells.stream()
                    .filter(r -> encoding.equals(r.param("encoding")) && codec.equals(r.param("codec"))).findFirst();
            Optional<Results.Row> next = cells.stream().filter(r -> named.isEmpty() || r != named.get())
                    .min(Comparator.comparingDouble(Results.Row::score));
            if (named.isPresent() && next.isPresent() && next.get().score() > 0) {
                out.add(Ratios.ratio(metric, named.get(), next.get()));
            }
        }
        return out;
    }
}
