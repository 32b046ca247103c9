package dev.kensho.redis.kv.report;

import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Curves;
import dev.kensho.report.Plot;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's part of the throughput–latency curve ({@code KeyValueThroughputLatencyBenchmark}), for
 * {@link KeyValueSection}: one chart per case (intended-time and service-time p50/p99/p99.9 against the
 * achieved rate of the open-loop points), a table of every point (the closed-loop point {@code rate=0} first),
 * the knee per case as a derived row ({@link Knee}) and whether the generator offered the case's closed-loop
 * maximum — the highest point's achieved rate ÷ the curve's own closed-loop point, with the interval of both.
 */
public final class CurveReport {

    static final String CLS = "KeyValueThroughputLatencyBenchmark";
    static final String METHOD = "getSetMix";
    /**
     * The highest point reached its offered rate when it achieved at least {@link Knee#KEPT_UP} of it, and kept
     * its schedule when at most this share of its requests left more than 1 ms late.
     */
    static final double LATE = 0.05;
    /** The rate param of the curve's closed-loop point. */
    static final String CLOSED = "0";

    private static final Map<String, String> SERIES = new LinkedHashMap<>();

    static {
        SERIES.put("intended p50", "latency_intended_p50");
        SERIES.put("intended p99", "latency_intended_p99");
        SERIES.put("intended p99.9", "latency_intended_p999");
        SERIES.put("service p50", "latency_p50");
        SERIES.put("service p99", "latency_p99");
        SERIES.put("service p99.9", "latency_p999");
    }

    private CurveReport() {
    }

    /** One point: its case (params but rate), its rate param, and its rows by metric. */
    record Point(String caseName, Map<String, String> params, String rate, Map<String, Results.Row> rows) {

        double value(String metric) {
            Results.Row r = rows.get(metric);
            return r == null ? Double.NaN : r.score();
        }

        Results.Row thrpt() {
            return rows.get("thrpt");
        }
    }

    /** The curve's open-loop points grouped by case (case name → points by offered rate). */
    public static Map<String, List<Point>> cases(List<Results.Row> rows) {
        Map<String, List<Point>> out = new TreeMap<>();
        byCase(rows).forEach((k, pts) -> {
            List<Point> ps = new ArrayList<>(pts.values().stream()
                    .filter(p -> p.thrpt() != null && !Double.isNaN(p.value("rate_offered"))).toList());
            ps.sort((a, b) -> Double.compare(a.value("rate_offered"), b.value("rate_offered")));
            if (!ps.isEmpty()) {
                out.put(k, ps);
            }
        });
        return out;
    }

    /** Every point of the curve, by case name and then by its rate param. */
    private static Map<String, Map<String, Point>> byCase(List<Results.Row> rows) {
        Map<String, Map<String, Point>> byCase = new TreeMap<>();
        for (Results.Row r : rows) {
            if (!r.cls().equals(CLS) || !r.method().equals(METHOD) || r.param("rate") == null) {
                continue;
            }
            Map<String, String> p = new TreeMap<>(r.params());
            String rate = p.remove("rate");
            String name = caseName(p);
            byCase.computeIfAbsent(name, k -> new TreeMap<>())
                    .computeIfAbsent(rate, k -> new Point(name, new TreeMap<>(r.params()), rate, new LinkedHashMap<>()))
                    .rows().put(r.metric(), r);
        }
        return byCase;
    }

    /** One chart per case: p50/p99/p99.9, intended and service, against the achieved rate (JMH's score). */
    public static List<Plot> plots(List<Results.Row> rows) {
        List<Results.Row> open = rows.stream().filter(r -> !CLOSED.equals(r.param("rate"))).toList();
        return Curves.perCase(open, CLS, METHOD, "rate", "thrpt", SERIES, "kv-curve",
                "Latency vs achieved requests/s (open loop; intended = from the due time)", "achieved requests/s",
                "µs", true);
    }

    /** Per case, the knee: the achieved rate of the highest point within the bound, ± that point's interval. */
    public static List<Results.Row> knees(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        for (List<Point> ps : cases(rows).values()) {
            List<Knee.Point<Point>> kp = ps.stream().filter(p -> !Double.isNaN(p.value("latency_intended_p99")))
                    .map(p -> new Knee.Point<>(p.value("rate_offered"), p.thrpt().score(), p.value("latency_intended_p99"), p))
                    .toList();
            Knee.Result<Point> k = Knee.find(kp);
            Point at;
            String metric;
            switch (k.kind()) {
                case FOUND -> { at = k.knee().data(); metric = "knee_rate"; }
                case ABOVE_SWEEP -> { at = k.knee().data(); metric = "knee_rate_at_least"; }
                case BELOW_SWEEP -> { at = kp.get(0).data(); metric = "knee_rate_at_most"; }
                default -> { continue; }
            }
            Results.Row t = at.thrpt();
            Map<String, String> p = new TreeMap<>(at.params());
            p.put("knee", String.format(Locale.ROOT, "intended p99 ≤ %s µs (%.0f× its p99 at %s) and achieved ≥ %.0f%% of offered",
                    Export.fmt(k.bound()), Knee.FACTOR, ps.get(0).rate(), 100 * Knee.KEPT_UP));
            out.add(new Results.Row(t.experiment(), t.cls(), t.method(), p, metric, t.score(), t.halfWidth(), "requests/s",
                    t.samples(), Ratios.DERIVED));
        }
        return out;
    }

    /** Every point, and per case whether the generator offered the closed-loop maximum. */
    public static List<Table> tables(List<Results.Row> rows) {
        Table points = Table.of("Throughput–latency curve, every point (rate 0: the closed-loop point, whose rate the"
                + " others take fractions of; achieved ± is JMH's 99.9% interval; percentiles in µs from the merged .hlog"
                + " intervals; behind = share of requests sent > 1 ms after due):",
                "case", "rate", ">offered", ">achieved", ">±", ">intended p50", ">p99", ">p99.9", ">service p50", ">p99",
                ">p99.9", ">behind");
        Table kept = Table.of("Could the load generator offer the closed-loop maximum? The highest point of each case"
                + " against the curve's own closed-loop point (same JVM, warm-up, server and connections; ± of the"
                + " ratio from both intervals). It reached the rate when the ratio's interval lies at or above "
                + Math.round(100 * Knee.KEPT_UP) + "%, fell short when it lies below, and kept the schedule when ≤ " + Math.round(100 * LATE) + "% of requests left > 1 ms"
                + " late; a late send is the generator's or, at saturation, the server's — a Jedis connection waits for"
                + " its reply:",
                "case", "rate", ">closed loop", ">±", ">offered", ">achieved", ">±", ">achieved ÷ closed loop", ">±",
                ">behind", "kept up");
        Map<String, Point> closed = closedLoop(rows);
        cases(rows).forEach((name, ps) -> {
            Point c = closed.get(name);
            if (c != null) {
                points.row(name, CLOSED, "", fmt(c.thrpt().score()), fmt(c.thrpt().halfWidth()), "", "", "",
                        fmt(c.value("latency_p50")), fmt(c.value("latency_p99")), fmt(c.value("latency_p999")), "");
            }
            for (Point p : ps) {
                points.row(name, p.rate(), fmt(p.value("rate_offered")), fmt(p.thrpt().score()), fmt(p.thrpt().halfWidth()),
                        fmt(p.value("latency_intended_p50")), fmt(p.value("latency_intended_p99")),
                        fmt(p.value("latency_intended_p999")), fmt(p.value("latency_p50")), fmt(p.value("latency_p99")),
                        fmt(p.value("latency_p999")), pct(p.value("schedule_behind_ratio")));
            }
            Point top = ps.get(ps.size() - 1);
            double offered = top.value("rate_offered");
            // without a closed-loop point: achieved ÷ offered, the offered rate being set (exact)
            double share = top.thrpt().score() / offered;
            double shareHw = top.thrpt().halfWidth() / offered;
            double behind = top.value("schedule_behind_ratio");
            String cl = "";
            String clHw = "";
            String ratio = "";
            String ratioHw = "";
            if (c != null) {
                Results.Row a = top.thrpt();
                Results.Row b = c.thrpt();
                cl = fmt(b.score());
                clHw = fmt(b.halfWidth());
                Results.Row r = Ratios.ratio("achieved_over_closed_loop", a, b);
                ratio = String.format(Locale.ROOT, "%.3f", r.score());
                ratioHw = Double.isNaN(r.halfWidth()) ? "" : String.format(Locale.ROOT, "%.3f", r.halfWidth());
                share = r.score();
                shareHw = r.halfWidth();
            }
            kept.row(name, top.rate(), cl, clHw, fmt(top.value("rate_offered")), fmt(top.thrpt().score()),
                    fmt(top.thrpt().halfWidth()), ratio, ratioHw, pct(behind), keptUp(share, shareHw, behind));
        });
        return List.of(points, kept);
    }

    /** Per case (as {@link #cases} names it), the curve's closed-loop point ({@code rate=0}) with its JMH score. */
    static Map<String, Point> closedLoop(List<Results.Row> rows) {
        Map<String, Point> out = new TreeMap<>();
        byCase(rows).forEach((name, pts) -> {
            Point c = pts.get(CLOSED);
            if (c != null && c.thrpt() != null) {
                out.put(name, c);
            }
        });
        return out;
    }

    /**
     * Whether the highest point reached the closed-loop maximum (its achieved ÷ closed-loop ratio {@code share},
     * ± {@code hw}), chosen by the interval against {@link Knee#KEPT_UP}: reached when all of it lies at or above,
     * NO when all of it lies below, else not resolved; by the mean only when there is no interval (one sample).
     * Then whether it kept the schedule.
     */
    static String keptUp(double share, double hw, double behind) {
        boolean noInterval = Double.isNaN(hw);
        double lo = noInterval ? share : share - hw;
        double hi = noInterval ? share : share + hw;
        String pm = noInterval ? " (one sample, no interval)" : String.format(Locale.ROOT, " ± %.0f%%", 100 * hw);
        if (!(hi >= Knee.KEPT_UP)) {
            return String.format(Locale.ROOT, "NO: achieved %.0f%%%s of the closed-loop maximum — this point measures a"
                    + " generator or server that fell behind, not the offered load", 100 * share, pm);
        }
        if (lo < Knee.KEPT_UP) {
            return String.format(Locale.ROOT, "not resolved at this noise: achieved %.0f%%%s of the closed-loop maximum,"
                    + " an interval that holds %.0f%%", 100 * share, pm, 100 * Knee.KEPT_UP);
        }
        if (behind > LATE) {
            return String.format(Locale.ROOT, "rate reached, but %.0f%% of requests left > 1 ms late: the schedule"
                    + " slipped (the generator's or, at saturation, the server's)", 100 * behind);
        }
        return "yes";
    }

    private static String caseName(Map<String, String> p) {
        StringBuilder sb = new StringBuilder();
        p.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "" : Export.fmt(v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * v);
    }
}
