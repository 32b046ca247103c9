package dev.kensho.report;

import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The claim text of a ledger row. A published figure may select several rows of ours (one per client, salt bucket
 * count or fleet size the run measured); each such row names its case after the figure's text — "more client
 * threads raise put throughput … — case: saltBuckets=8" — so no two rows of a ledger read alike and a reader need
 * not open a row's reason to tell them apart. The case is taken from the rows, not written into
 * {@code published.csv}: which cases a run measures follows from its scale and flags, not from the write-up.
 */
final class ClaimCase {

    /** Between a figure's text and the case of ours that tells its row apart from the figure's other rows. */
    static final String SEPARATOR = " — case: ";

    private ClaimCase() {
    }

    /** The figure's text, and when it selects several rows of ours, what tells {@code r} apart ({@link #distinct}). */
    static String claim(Published p, Results.Row r, List<Results.Row> ours) {
        String d = distinct(r, ours);
        return d.isEmpty() ? p.what() : p.what() + SEPARATOR + d;
    }

    /** A ledger row's claim text without its case: the figure's own text (a ledger rendered before cases were named has none). */
    static String figure(String claim) {
        int i = claim.lastIndexOf(SEPARATOR);
        return i < 0 ? claim : claim.substring(0, i);
    }

    /**
     * What tells {@code r} apart from the other rows of {@code ours}: its method when theirs differ, then each param
     * whose value differs among them ("saltBuckets=8"; a ratio's counterpart last, as "÷ threads=1"); "" for one row.
     */
    static String distinct(Results.Row r, List<Results.Row> ours) {
        if (ours.size() < 2) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (ours.stream().map(Results.Row::method).distinct().count() > 1) {
            parts.add(r.method());
        }
        Set<String> keys = new LinkedHashSet<>(r.params().keySet());
        ours.forEach(o -> keys.addAll(o.params().keySet()));
        keys.remove("over");
        keys.add("over");
        for (String k : keys) {
            if (ours.stream().map(o -> String.valueOf(o.param(k))).distinct().count() > 1) {
                String v = r.param(k) == null ? "–" : r.param(k);
                parts.add(k.equals("over") ? "÷ " + v : k + "=" + v);
            }
        }
        return String.join(" ", parts);
    }
}
