package dev.kensho.report;

import dev.kensho.report.stats.Ratios;
import dev.kensho.common.export.Results;

import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

/**
 * One experiment's part of the report, owned by its module and registered as a {@link ServiceLoader}
 * service ({@code @AutoService(Section.class)}, which writes {@code META-INF/services}): what the experiment asks,
 * which charts the write-up drew (as selections of the run's rows), its published figures (a
 * {@code published.csv} resource in the module, see {@link Published}), and what is computed from the
 * run's rows at report time — ratios between cases with their intervals ({@link Ratios}), rankings,
 * fits, time series. A section returns data; {@link Report} renders it, and names no experiment.
 */
public interface Section {

    /** The experiment id: the {@link Results.Row#experiment()} of its rows ({@code redis-sets}, …). */
    String id();

    /** Position in the report (1 … 5 for the write-ups; calibration after them). */
    int order();

    String title();

    /** The write-up it reproduces as the README's table names it ("write-up 1 (AudienceOne; c. 2014)"), or "" when none. */
    String seed();

    String question();

    /** The page of {@code docs/} that explains the method ({@code docs/<id>.md}). */
    default String docs() {
        return "docs/" + id() + ".md";
    }

    /** Charts drawn straight from rows (the run's and {@link #derived}). */
    List<ChartSpec> charts();

    /** The write-up's figures, each naming the row of ours that measures the same thing. */
    default List<Published> published() {
        return List.of();
    }

    /**
     * Rows computed from the experiment's rows at report time (ratios between one configuration and its
     * counterpart, with the interval propagated from both); they join the rows that charts and published
     * figures select from. Must not depend on the order the cases ran in.
     */
    default List<Results.Row> derived(List<Results.Row> rows) {
        return List.of();
    }

    /** Tables computed from the run (rankings, fits). */
    default List<Table> tables(RunData run) {
        return List.of();
    }

    /**
     * What the bottleneck line of {@code result} (a case's primary score) adds about how its own load generator ran —
     * why a client costs what it does (e.g. blocking connections on platform threads) — or null; {@code rows} are the
     * experiment's rows.
     */
    default String bottleneckNote(Results.Row result, List<Results.Row> rows) {
        return null;
    }

    /** Charts that are not plain selections of rows (time series from {@code series.jsonl}). */
    default List<Plot> plots(RunData run) {
        return List.of();
    }

    /** Every section on the classpath, in report order. */
    static List<Section> all() {
        return StreamSupport.stream(ServiceLoader.load(Section.class).spliterator(), false)
                .sorted(Comparator.comparingInt(Section::order).thenComparing(Section::id)).toList();
    }
}
