package dev.kensho.hbase.meter;

import dev.kensho.common.export.Results;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The size orders the write-up draws from its Figures 1–3, as ratios a verdict can read: DIFF is the smallest
 * encoding (without a codec), GZ the smallest codec (without an encoding), DIFF + GZ the smallest of every
 * combination. Each is the named cell's HFile bytes over the smallest other cell of its figure
 * ({@value #METRIC}, on the named cell's row, {@code over=} the other cell): below 1 when the named cell is the
 * smallest, above 1 when another is smaller. The cells come from {@link CodecSizeBenchmark}'s {@code hfile_bytes}
 * (its whole grid, one data shape per group); a figure with fewer than two of its cells measured gives no row.
 */
final class SizeOrder {

    /** The derived metric. */
    static final String METRIC = "size_over_next_smallest";
    static final String CLS = "CodecSizeBenchmark";

    private SizeOrder() {
    }

    /** One figure: which cells it ranks, and the cell the write-up found smallest. */
    private record Figure(Predicate<Results.Row> cells, String encoding, String codec) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure(r -> "NONE".equals(r.param("codec")), "DIFF", "NONE"),
            new Figure(r -> "NONE".equals(r.param("encoding")), "NONE", "GZ"),
            new Figure(r -> true, "DIFF", "GZ"));

    static List<Results.Row> derive(List<Results.Row> rows) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        rows.stream().filter(Ratios.rows(CLS, "load", "hfile_bytes"))
                .forEach(r -> groups.computeIfAbsent(Ratios.others(r, "encoding", "codec"), k -> new ArrayList<>()).add(r));
        List<Results.Row> out = new ArrayList<>();
        for (List<Results.Row> cells : groups.values()) {
            for (Figure f : FIGURES) {
                Optional<Results.Row> named = cells.stream()
                        .filter(r -> f.encoding().equals(r.param("encoding")) && f.codec().equals(r.param("codec"))).findFirst();
                Optional<Results.Row> next = cells.stream().filter(f.cells()).filter(r -> named.isEmpty() || r != named.get())
                        .min(Comparator.comparingDouble(Results.Row::score));
                if (named.isPresent() && next.isPresent() && next.get().score() > 0) {
                    out.add(Ratios.ratio(METRIC, named.get(), next.get()));
                }
            }
        }
        return out;
    }
}
