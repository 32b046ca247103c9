package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.BadInput;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A merged figure is an N-shard figure only if every shard carried its part of the load. {@link Merge} refuses, in
 * one line and before writing anything, a case where a shard's rate is zero in an aligned iteration, or where its mean
 * rate is below {@link #FAR_BELOW} of the shards' mean — a shard that lost its connections, was starved of its machine,
 * or measured a case whose work never reached the server: summing it would report N machines' load that N did not
 * offer. Checked on the primary rate of the shards whose score counts ({@link CaseSums}) and on every additive
 * counter (messages received) over all shards. Each shard's own folder still holds what it measured.
 */
final class Balance {

    /** A shard below this fraction of the shards' mean rate is far below its share. */
    static final double FAR_BELOW = 0.25;

    private Balance() {
    }

    private interface Rate {
        double at(ShardFolder s, int f, int i);
    }

    static void check(List<ShardFolder> shards) {
        ShardFolder first = shards.get(0);
        first.jmh.forEach((cls, cases) -> cases.forEach((key, b) -> {
            CaseSums c = new CaseSums(shards, cls, key);
            check(c, b, "score", c.counted, c::rate);
            if ("thrpt".equals(c.mode)) {
                List<String> names = new ArrayList<>();
                b.path("secondaryMetrics").fields().forEachRemaining(e -> {
                    if (CaseSums.additive(e.getKey(), e.getValue())) {
                        names.add(e.getKey());
                    }
                });
                for (String n : names) {
                    check(c, b, n, c.all, (s, f, i) -> c.secondary(s, n, f, i));
                }
            }
        }));
    }

    private static void check(CaseSums c, JsonNode b, String what, List<ShardFolder> shards, Rate rate) {
        if (shards.size() < 2) {
            return;
        }
        JsonNode forks = b.path("primaryMetric").path("rawData");
        double[] means = new double[shards.size()];
        double total = 0;
        for (int k = 0; k < shards.size(); k++) {
            int n = 0;
            for (int f = 0; f < forks.size(); f++) {
                for (int i = 0; i < forks.get(f).size(); i++) {
                    double v = rate.at(shards.get(k), f, i);
                    if (!(v > 0) || Double.isInfinite(v)) {
                        refuse(b, what, shards.get(k), shards.size(), "carried nothing in fork " + (f + 1) + " iteration " + (i + 1));
                    }
                    means[k] += v;
                    n++;
                }
            }
            means[k] /= Math.max(1, n);
            total += means[k];
        }
        double mean = total / shards.size();
        for (int k = 0; k < shards.size(); k++) {
            if (means[k] < FAR_BELOW * mean) {
                refuse(b, what, shards.get(k), shards.size(), String.format(Locale.ROOT,
                        "is far below its share: it carried %.1f%% of the load (%.1f%% of the shards' mean rate)", 100 * means[k] / total, 100 * means[k] / mean));
            }
        }
    }

    private static void refuse(JsonNode b, String what, ShardFolder s, int n, String found) {
        throw new BadInput("merge refused: load: " + b.path("benchmark").asText() + " " + params(b) + " " + what + ": shard "
                + s.index + " " + found + ", so this is not a " + n + "-shard figure (its folder " + s.dir.getFileName()
                + " keeps what it measured); allowed: every shard at ≥ " + Math.round(FAR_BELOW * 100)
                + "% of the shards' mean rate, none at zero in any aligned iteration");
    }

    private static String params(JsonNode b) {
        Map<String, String> p = new TreeMap<>();
        b.path("params").fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        return p.toString();
    }
}
