package dev.kensho.common.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far a fork's mean lands from its case's mean, pooled over every case of one benchmark method and metric
 * (its params vary): the standard deviation of the logs of the fork means around their case's mean, with
 * {@code df} = Σ (forks − 1) over the cases of two forks or more. One case's two forks estimate that spread
 * with one degree of freedom, and may agree by chance; twelve cells of two forks estimate it with twelve. A
 * fork's mean carries its iterations' noise too, so this is the whole spread of a fork's mean.
 *
 * <p>The assumption: the cases of one method spread alike in proportion (one host, one server, one client;
 * only a param differs). The interval built on it ({@code report.RatioInterval#pooledSpread}) is checked
 * against A/A pairs of runs in {@code docs/method.md}.
 *
 * @param logSd the pooled standard deviation of log fork means
 * @param df    its degrees of freedom (at least 1)
 * @param cases the cases of two forks or more it pools
 */
public record ForkSpread(double logSd, int df, int cases) {

    /**
     * The rows with their group's spread on their {@link Forks}: every JMH row with forks whose score is their
     * pooled mean, grouped by experiment, class, method, metric and unit, except rows of interleaved rounds
     * (paired instead). A group without a case of two positive fork means keeps its rows as they are.
     */
    public static List<Results.Row> attach(List<Results.Row> rows) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            if (r.forks() != null && r.forks().rounds() == 0) {
                groups.computeIfAbsent(key(r), k -> new ArrayList<>()).add(r);
            }
        }
        Map<String, ForkSpread> spreads = new LinkedHashMap<>();
        groups.forEach((k, g) -> {
            ForkSpread s = of(g.stream().map(Results.Row::forks).toList());
            if (s != null) {
                spreads.put(k, s);
            }
        });
        if (spreads.isEmpty()) {
            return rows;
        }
        List<Results.Row> out = new ArrayList<>(rows.size());
        for (Results.Row r : rows) {
            ForkSpread s = r.forks() != null && r.forks().rounds() == 0 ? spreads.get(key(r)) : null;
            out.add(s == null ? r : new Results.Row(r.experiment(), r.cls(), r.method(), r.params(), r.metric(), r.score(),
                    r.error(), r.unit(), r.samples(), r.source(), r.interval(), r.forks().withSpread(s)));
        }
        return out;
    }

    /** The pooled spread of these cases' fork means; null when no case has two positive fork means. */
    public static ForkSpread of(List<Forks> cases) {
        double ss = 0;
        int df = 0;
        int pooled = 0;
        for (Forks f : cases) {
            List<Double> logs = new ArrayList<>();
            for (int k = 0; k < f.count(); k++) {
                double m = f.forkMean(k);
                if (m > 0) {
                    logs.add(Math.log(m));
                }
            }
            if (logs.size() < 2) {
                continue;
            }
            double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            ss += logs.stream().mapToDouble(l -> (l - mean) * (l - mean)).sum();
            df += logs.size() - 1;
            pooled++;
        }
        return df == 0 ? null : new ForkSpread(Math.sqrt(ss / df), df, pooled);
    }

    private static String key(Results.Row r) {
        return r.experiment() + "|" + r.cls() + "|" + r.method() + "|" + r.metric() + "|" + r.unit();
    }
}
