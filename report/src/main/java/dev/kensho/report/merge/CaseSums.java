package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.Export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one case of N checked shards adds up to, per aligned iteration (fork f, iteration i), by its JMH mode:
 * <ul>
 * <li>{@code thrpt}: the shards' rates summed;</li>
 * <li>{@code avgt}: the time per operation of the shards together, {@code W / Σ (wᵢ / tᵢ)} with {@code wᵢ} the work
 * (records) of one of shard i's operations ({@code Recorder.work}; 1 without) and {@code W = Σ wᵢ} — so the records/s
 * the export derives from it is exactly the sum of the shards' records/s;</li>
 * <li>{@code ss}: the longest shard's time (the shards started on one boundary; the job is done when the last one
 * is), over the summed work — the rows the N machines loaded together in the time they took.</li>
 * </ul>
 * Only shards whose primary score is part of the run's ({@link ShardFolder#counts}) enter the primary and the work;
 * additive secondary counters (JMH {@code @AuxCounters} rates: a {@code …/s} unit, not a profiler's {@code ·} metric)
 * are summed over every shard.
 */
final class CaseSums {

    final String cls;
    final String key;
    final String mode;
    final List<ShardFolder> all;
    /** The shards whose primary score is part of the run's. */
    final List<ShardFolder> counted = new ArrayList<>();

    CaseSums(List<ShardFolder> shards, String cls, String key) {
        this.cls = cls;
        this.key = key;
        this.all = shards;
        for (ShardFolder s : shards) {
            if (s.counts(key)) {
                counted.add(s);
            }
        }
        this.mode = bench(shards.get(0)).path("mode").asText();
    }

    JsonNode bench(ShardFolder s) {
        return s.jmh.get(cls).get(key);
    }

    private double raw(ShardFolder s, int f, int i) {
        return bench(s).path("primaryMetric").path("rawData").get(f).get(i).asDouble();
    }

    /** The last {@code work} line shard {@code s} recorded for this case: {records, bytes}, or null. */
    long[] work(ShardFolder s) {
        long[] w = null;
        for (JsonNode m : s.measurements) {
            if ("work".equals(m.path("metric").asText()) && key.equals(ShardFolder.key(m.path("benchmark").asText(), m.get("params")))) {
                w = new long[]{m.path("records").asLong(), m.path("bytes").asLong()};
            }
        }
        return w;
    }

    /** The counted shards' work summed: {records, bytes}, or null when none recorded any. */
    long[] mergedWork() {
        long[] sum = null;
        for (ShardFolder s : counted) {
            long[] w = work(s);
            if (w != null) {
                sum = sum == null ? new long[2] : sum;
                sum[0] += w[0];
                sum[1] += w[1];
            }
        }
        return sum;
    }

    private double records(ShardFolder s) {
        long[] w = work(s);
        return w == null || w[0] <= 0 ? 1 : w[0];
    }

    /** Shard {@code s}'s rate at (f, i): ops (thrpt) or records (avgt, ss) per unit of the score's time. */
    double rate(ShardFolder s, int f, int i) {
        double v = raw(s, f, i);
        return "thrpt".equals(mode) ? v : records(s) / v;
    }

    /** The merged primary value at (f, i), in the score's own unit (see the class comment). */
    double merged(int f, int i) {
        switch (mode) {
            case "thrpt": {
                double sum = 0;
                for (ShardFolder s : counted) {
                    sum += raw(s, f, i);
                }
                return sum;
            }
            case "ss": {
                double max = 0;
                for (ShardFolder s : counted) {
                    max = Math.max(max, raw(s, f, i));
                }
                return max;
            }
            default: {
                double work = 0;
                double rate = 0;
                for (ShardFolder s : counted) {
                    work += records(s);
                    rate += rate(s, f, i);
                }
                return work / rate;
            }
        }
    }

    /** True for a secondary metric that adds up over machines: an {@code @AuxCounters} rate, not a profiler's reading. */
    static boolean additive(String name, JsonNode metric) {
        return !name.startsWith("·") && metric.path("scoreUnit").asText().endsWith("/s");
    }

    /** Secondary {@code name} at (f, i), summed over every shard. */
    double secondary(String name, int f, int i) {
        double sum = 0;
        for (ShardFolder s : all) {
            sum += bench(s).path("secondaryMetrics").path(name).path("rawData").get(f).get(i).asDouble();
        }
        return sum;
    }

    /** Shard {@code s}'s value of secondary {@code name} at (f, i). */
    double secondary(ShardFolder s, String name, int f, int i) {
        return bench(s).path("secondaryMetrics").path(name).path("rawData").get(f).get(i).asDouble();
    }

    /** Shard {@code s}'s mean rate over its measured iterations. */
    double meanRate(ShardFolder s) {
        JsonNode forks = bench(s).path("primaryMetric").path("rawData");
        double sum = 0;
        int n = 0;
        for (int f = 0; f < forks.size(); f++) {
            for (int i = 0; i < forks.get(f).size(); i++) {
                sum += rate(s, f, i);
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    /** (max − min) / mean of the counted shards' mean rates; 0 with one. */
    double spread() {
        if (counted.size() < 2) {
            return 0;
        }
        double lo = Double.MAX_VALUE;
        double hi = -Double.MAX_VALUE;
        double sum = 0;
        for (ShardFolder s : counted) {
            double r = meanRate(s);
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
            sum += r;
        }
        return (hi - lo) / (sum / counted.size());
    }

    /** The notes' line: each counted shard's score, the spread, how the mode merged, and who was left out and why. */
    String note(String unit) {
        StringBuilder each = new StringBuilder();
        for (ShardFolder s : counted) {
            JsonNode pm = bench(s).path("primaryMetric");
            each.append(each.length() == 0 ? "" : ", ").append(s.index).append(": ").append(Export.fmt(pm.path("score").asDouble()))
                    .append(" ± ").append(Export.fmt(pm.path("scoreError").asDouble(Double.NaN)));
        }
        String left = counted.size() == all.size() ? "" : "; left out of the score: " + all.stream()
                .filter(s -> !counted.contains(s)).map(s -> "shard " + s.index + " (" + s.notCounted.get(key) + ")").toList();
        return "shards " + each + " " + unit + " (99.9%); spread of their rates (max − min) / mean "
                + String.format(Locale.ROOT, "%.1f%%", spread() * 100)
                + ("ss".equals(mode) ? "; merged: the longest shard's time per iteration over the summed work" : "")
                + ("avgt".equals(mode) ? "; merged: the time per operation at which the shards' records/s add up" : "")
                + left;
    }
}
