package dev.kensho.hbase.meter;

import com.google.auto.service.AutoService;
import dev.kensho.common.cpu.OperationCpu;
import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Published;
import dev.kensho.report.stats.Ratios;
import dev.kensho.report.RunData;
import dev.kensho.report.Section;
import dev.kensho.report.Table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Experiment 2's report section: the encoding × codec matrix, the two queries and the load path.
 * Derived at report time, each case over its counterpart: load and full-scan time over NONE/NONE's
 * ({@code load_ratio_to_none}, {@code scan_ratio_to_none}) and the region server's CPU of a load over NONE/NONE's
 * ({@code load_cpu_ratio_to_none}, from {@link OperationCpu}'s {@code cpu.server.op}: same rows on both sides, so
 * the ratio of CPU seconds per million rows, shown beside the load time it explains); the size orders of the write-up's
 * figures ({@link SizeOrder}) and the time orders of its Figure 4 ({@link Fastest}); every size cell over NONE/NONE
 * ({@code codec_size_ratio}); the thread gain of each query and of the load (most threads over one,
 * {@code threads_gain}); Query 1's gain from 1 to 180 days and both queries' from fewer to more meters
 * ({@code days_gain}, {@code meters_gain}); Query 2 at 10M meters over 1M ({@code fleet_10m_over_1m}); Scan rows/s over multi-Get rows/s at the same
 * thread count, each at its largest measured query ({@code scan_over_get}); the loader over HBase's
 * PerformanceEvaluation ({@code suite_over_calibration}). Tables: the write-up's "sum of changes" ranking; storage $
 * and server CPU per encoding × codec ({@link MeterCostTable}).
 */
@AutoService(Section.class)
public final class MeterSection implements Section {

    private static final String MATRIX = "CompressionMatrixBenchmark";

    @Override
    public String id() {
        return "hbase-meter";
    }

    @Override
    public int order() {
        return 2;
    }

    @Override
    public String title() {
        return "2. HBase — smart-meter time series";
    }

    @Override
    public String seed() {
        return "write-up 2 (Ito; Think IT; 2017)";
    }

    @Override
    public String question() {
        return "Which encoding × codec balances size, load and scan time, and how do Scan and multi-Get scale with"
                + " threads?";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(
                ChartSpec.bar("hbase-size", "HFile size, ratio to NONE/NONE (Figure 1)", MATRIX, ".*",
                        "hfile_ratio_to_none", "codec", "compressed / uncompressed", "encoding"),
                ChartSpec.bar("hbase-load", "Load time per encoding × codec (Figure 2)", MATRIX, "load", "ss", "codec",
                        "seconds", "encoding"),
                ChartSpec.bar("hbase-scan", "Full scan time per encoding × codec (Figure 3)", MATRIX, "fullScan", "ss",
                        "codec", "seconds", "encoding"),
                ChartSpec.line("hbase-q1", "Query 1: Scan of a few meters' series", "MeterScanBenchmark", "scanSeries",
                        "records/s", "threads", true, true, "rows/s", "meters", "days"),
                ChartSpec.line("hbase-q2", "Query 2: latest reading of many meters (multi-Get)",
                        "LatestReadingGetBenchmark", "multiGetLatest", "records/s", "threads", true, true, "rows/s", "meters"),
                ChartSpec.bar("hbase-load-clients", "Load rate vs client threads and rows per request",
                        "MeterLoadBenchmark", "load", "records/s", "threads", "rows/s", "client", "rowsPerRequest",
                        "saltBuckets"),
                ChartSpec.bar("hbase-calibration", "Load path vs HBase PerformanceEvaluation",
                        "LoadCalibrationBenchmark", ".*", "records/s", "threads", "rows/s", "method"));
    }

    @Override
    public List<Published> published() {
        return Published.load(MeterSection.class);
    }

    private static Predicate<Results.Row> none() {
        return r -> "NONE".equals(r.param("encoding")) && "NONE".equals(r.param("codec"));
    }

    @Override
    public List<Results.Row> derived(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        for (String[] m : new String[][]{{"load", "ss", "load_ratio_to_none"}, {"fullScan", "ss", "scan_ratio_to_none"},
                {"load", OperationCpu.METRIC, "load_cpu_ratio_to_none"}}) {
            Predicate<Results.Row> sel = Ratios.rows(MATRIX, m[0], m[1]);
            out.addAll(Ratios.against(rows, sel, sel.and(none()), r -> Ratios.others(r, "encoding", "codec"), m[2]));
        }
        out.addAll(SizeOrder.derive(rows));
        out.addAll(Fastest.derive(rows));
        out.addAll(codecSizes(rows));
        Predicate<Results.Row> scan = Ratios.rows("MeterScanBenchmark", "scanSeries", "records/s");
        Predicate<Results.Row> get = Ratios.rows("LatestReadingGetBenchmark", "multiGetLatest", "records/s");
        out.addAll(Ratios.gain(rows, scan, "threads", "threads_gain"));
        out.addAll(Ratios.gain(rows, scan, "days", "days_gain"));
        out.addAll(Ratios.gain(rows, scan, "meters", "meters_gain"));
        out.addAll(Ratios.gain(rows, get, "threads", "threads_gain"));
        out.addAll(Ratios.gain(rows, get, "meters", "meters_gain"));
        out.addAll(Ratios.pairs(rows, get, "meters", "10000000", "1000000", "fleet_10m_over_1m"));
        out.addAll(Ratios.gain(rows, Ratios.rows("MeterLoadBenchmark", "load", "records/s"), "threads", "threads_gain"));
        out.addAll(scanOverGet(rows));
        Predicate<Results.Row> cal = Ratios.rows("LoadCalibrationBenchmark", ".*", "records/s");
        out.addAll(Ratios.against(rows, cal.and(r -> r.method().equals("meterLoader")),
                cal.and(r -> r.method().equals("performanceEvaluation")), r -> r.paramString(), "suite_over_calibration"));
        return out;
    }

    /**
     * Every cell of the size grid but NONE/NONE itself, its size over NONE/NONE's ({@code codec_size_ratio}): the cells
     * the write-up's "every codec shrinks the files" is about.
     */
    static List<Results.Row> codecSizes(List<Results.Row> rows) {
        return rows.stream().filter(Ratios.rows(SizeOrder.CLS, "load", "hfile_ratio_to_none")).filter(none().negate())
                .map(r -> new Results.Row(r.experiment(), r.cls(), r.method(), r.params(), "codec_size_ratio", r.score(),
                        r.error(), r.unit(), r.samples(), r.source(), r.interval(), r.forks()))
                .toList();
    }

    /** Per thread count: Query 1 at its largest query over Query 2 at its largest fleet (the write-up's pair). */
    private static List<Results.Row> scanOverGet(List<Results.Row> rows) {
        Map<String, Results.Row> scan = new LinkedHashMap<>();
        Map<String, Results.Row> get = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            if (Ratios.rows("MeterScanBenchmark", "scanSeries", "records/s").test(r)) {
                scan.merge(r.param("threads"), r, (a, b) -> size(b, "meters", "days") > size(a, "meters", "days") ? b : a);
            } else if (Ratios.rows("LatestReadingGetBenchmark", "multiGetLatest", "records/s").test(r)) {
                get.merge(r.param("threads"), r, (a, b) -> size(b, "meters") > size(a, "meters") ? b : a);
            }
        }
        List<Results.Row> out = new ArrayList<>();
        scan.forEach((threads, s) -> {
            Results.Row g = get.get(threads);
            if (g != null) {
                out.add(Ratios.ratio("scan_over_get", s, g));
            }
        });
        return out;
    }

    private static double size(Results.Row r, String... params) {
        double n = 1;
        for (String p : params) {
            n *= Double.parseDouble(r.params().getOrDefault(p, "1"));
        }
        return n;
    }

    @Override
    public List<Table> tables(RunData run) {
        return List.of(ranking(run.rows()), MeterCostTable.table(run.rows()));
    }

    /**
     * The write-up's ranking: for each encoding × codec, size ratio − 1, load time and scan time relative
     * to NONE/NONE, and their sum (lower is better).
     */
    static Table ranking(List<Results.Row> rows) {
        Map<String, double[]> m = new LinkedHashMap<>(); // key → size ratio, load s, scan s
        for (Results.Row r : rows) {
            if (!r.cls().equals(MATRIX)) {
                continue;
            }
            double[] v = m.computeIfAbsent(r.param("encoding") + " + " + r.param("codec"),
                    k -> new double[]{Double.NaN, Double.NaN, Double.NaN});
            if (r.metric().equals("hfile_ratio_to_none")) {
                v[0] = r.score();
            } else if (r.metric().equals("ss") && r.method().equals("load")) {
                v[1] = r.score();
            } else if (r.metric().equals("ss") && r.method().equals("fullScan")) {
                v[2] = r.score();
            }
        }
        Table t = Table.of("\"Sum of changes\" against NONE + NONE (the write-up's ranking; lower is better; means only —"
                + " see the derived ratios above for which differences are resolved):",
                ">rank", "encoding + codec", ">size", ">load time", ">scan time", ">sum");
        double[] base = m.get("NONE + NONE");
        if (base == null || Double.isNaN(base[1]) || Double.isNaN(base[2])) {
            return t;
        }
        record Rank(String key, double size, double load, double scan, double sum) {
        }
        List<Rank> ranks = new ArrayList<>();
        m.forEach((k, v) -> {
            if (!Double.isNaN(v[0]) && !Double.isNaN(v[1]) && !Double.isNaN(v[2])) {
                double size = v[0] - 1;
                double load = v[1] / base[1] - 1;
                double scan = v[2] / base[2] - 1;
                ranks.add(new Rank(k, size, load, scan, size + load + scan));
            }
        });
        ranks.sort(Comparator.comparingDouble(Rank::sum));
        int i = 1;
        for (Rank r : ranks) {
            t.row(Integer.toString(i++), r.key(), pct(r.size()), pct(r.load()), pct(r.scan()), pct(r.sum()));
        }
        return t;
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%+.0f%%", 100 * v);
    }
}
