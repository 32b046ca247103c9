package dev.kensho.report.stats;

import dev.kensho.common.export.ForkSpread;
import dev.kensho.common.export.Forks;
import dev.kensho.common.export.Results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Estimates the spread of a fork's mean ({@link ForkSpread}), pooled over every case of one benchmark method and
 * metric (its params vary), on the log scale. One case's two forks estimate that spread with one degree of freedom,
 * and may agree by chance; twelve cells of two forks estimate it with twelve. A fork's mean carries its
 * iterations' noise too, so this is the whole spread of a fork's mean. Two designs:
 * <ul>
 *   <li><b>consecutive forks</b> ({@code rounds} 0): the standard deviation of the logs of the fork means around
 *       their case's mean, {@code df} = Σ (forks − 1) over the cases of two forks or more;</li>
 *   <li><b>interleaved rounds</b> ({@code rounds} R ≥ 2, fork k of every case measured in round k): the log fork
 *       means less their case's mean and their round's mean (a randomised block design: what moves every case of
 *       a round alike, the host drifting between rounds, is taken out, as in a paired comparison), {@code df} =
 *       (cases − 1)(R − 1). With two cases it is the paired comparison of their R round ratios on the log scale;
 *       with twelve cells of two rounds it has 11 degrees of freedom where pairing one claim's rounds has 1.</li>
 * </ul>
 *
 * <p>The assumption: the cases of one method spread alike in proportion (one host, one server, one client;
 * only a param differs). The interval built on it ({@link RatioInterval#pooledSpread}) is checked
 * against A/A pairs of runs in {@code docs/method.md}. The report attaches the spreads when it renders a run
 * ({@link #attach}); {@code Results.load} leaves them out.
 */
public final class ForkSpreads {

    private ForkSpreads() {
    }

    /**
     * The rows with their group's spread on their {@link Forks}: every JMH row with forks whose score is their
     * pooled mean, grouped by experiment, class, method, metric, unit and rounds (a rounds run's forks lie minutes
     * apart, consecutive forks seconds: they spread differently). A group without a spread to pool keeps its rows
     * as they are.
     */
    public static List<Results.Row> attach(List<Results.Row> rows) {
        Map<String, List<Results.Row>> groups = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            if (r.forks() != null) {
                groups.computeIfAbsent(key(r), k -> new ArrayList<>()).add(r);
            }
        }
        Map<String, ForkSpread> spreads = new LinkedHashMap<>();
        groups.forEach((k, g) -> {
            List<Forks> cases = g.stream().map(Results.Row::forks).toList();
            int rounds = cases.get(0).rounds();
            ForkSpread s = rounds >= 2 ? ofRounds(cases, rounds) : of(cases);
            if (s != null) {
                spreads.put(k, s);
            }
        });
        if (spreads.isEmpty()) {
            return rows;
        }
        List<Results.Row> out = new ArrayList<>(rows.size());
        for (Results.Row r : rows) {
            ForkSpread s = r.forks() != null ? spreads.get(key(r)) : null;
            out.add(s == null ? r : new Results.Row(r.experiment(), r.cls(), r.method(), r.params(), r.metric(), r.score(),
                    r.error(), r.unit(), r.samples(), r.source(), r.interval(), r.forks().withSpread(s)));
        }
        return out;
    }

    /** The pooled spread of these cases' consecutive fork means; null when no case has two positive fork means. */
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

    /**
     * The spread of these cases' fork means in {@code rounds} interleaved rounds, round effects taken out (the
     * residuals of log mean = case + round); cases without {@code rounds} positive fork means are left out. Null
     * unless two cases remain.
     */
    public static ForkSpread ofRounds(List<Forks> cases, int rounds) {
        List<double[]> logs = new ArrayList<>();
        for (Forks f : cases) {
            if (f.count() != rounds) {
                continue;
            }
            double[] y = new double[rounds];
            for (int k = 0; k < rounds; k++) {
                y[k] = Math.log(f.forkMean(k));
            }
            if (Arrays.stream(y).allMatch(Double::isFinite)) {
                logs.add(y);
            }
        }
        int c = logs.size();
        if (c < 2 || rounds < 2) {
            return null;
        }
        double[] caseMean = new double[c];
        double[] roundMean = new double[rounds];
        double all = 0;
        for (int i = 0; i < c; i++) {
            for (int k = 0; k < rounds; k++) {
                caseMean[i] += logs.get(i)[k] / rounds;
                roundMean[k] += logs.get(i)[k] / c;
                all += logs.get(i)[k] / (c * rounds);
            }
        }
        double ss = 0;
        for (int i = 0; i < c; i++) {
            for (int k = 0; k < rounds; k++) {
                double e = logs.get(i)[k] - caseMean[i] - roundMean[k] + all;
                ss += e * e;
            }
        }
        int df = (c - 1) * (rounds - 1);
        return new ForkSpread(Math.sqrt(ss / df), df, c, rounds);
    }

    private static String key(Results.Row r) {
        return r.experiment() + "|" + r.cls() + "|" + r.method() + "|" + r.metric() + "|" + r.unit() + "|" + r.forks().rounds();
    }
}
