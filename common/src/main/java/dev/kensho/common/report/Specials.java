package dev.kensho.common.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.export.Results;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of the report that are not a plain selection of rows: the slow subscriber's output buffer
 * over time with its limit, HBase's "sum of changes" ranking of encoding × codec, the Scan ÷ Get
 * ratio, and structured records (the Kinesis cost model) as tables.
 */
final class Specials {

    private Specials() {
    }

    static void render(String experiment, Path dir, List<Results.Row> rows, Path charts, StringBuilder md,
                       StringBuilder html) throws IOException {
        List<JsonNode> records = Results.jsonl(dir.resolve(Recorder.MEASUREMENTS_FILE));
        switch (experiment) {
            case "redis-pubsub" -> omem(records, charts, md, html);
            case "hbase-meter" -> {
                hbaseRanking(rows, md, html);
            }
            case "kinesis-batch" -> recordTable("kinesis_cost_model", "Cost model fitted from the sweep"
                    + " (per-call overhead + per-record cost) and its prediction of the write-up's case", records, md, html);
            default -> {
            }
        }
    }

    /** omem of the slow subscriber over time, first iteration of each case, with the hard limit drawn. */
    private static void omem(List<JsonNode> records, Path charts, StringBuilder md, StringBuilder html) throws IOException {
        XYChart c = new XYChartBuilder().width(860).height(440).title("Slow subscriber: output buffer (omem) until the limit cuts it off")
                .xAxisTitle("seconds").yAxisTitle("MiB").build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        Set<String> seen = new HashSet<>();
        double limit = -1;
        double tMax = 0;
        for (JsonNode r : records) {
            if (!"omem_series".equals(r.path("metric").asText())) {
                continue;
            }
            String name = r.path("params").path("client").asText("subscriber");
            if (!seen.add(name)) {
                continue;
            }
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            JsonNode t = r.path("t_ms");
            JsonNode o = r.path("omem_bytes");
            for (int i = 0; i < Math.min(t.size(), o.size()); i++) {
                xs.add(t.get(i).asDouble() / 1e3);
                ys.add(o.get(i).asDouble() / (1 << 20));
                tMax = Math.max(tMax, t.get(i).asDouble() / 1e3);
            }
            if (!xs.isEmpty()) {
                c.addSeries(name, xs, ys).setMarker(SeriesMarkers.NONE);
            }
            limit = Math.max(limit, r.path("limit_hard_bytes").asDouble(-1));
        }
        if (seen.isEmpty()) {
            return;
        }
        if (limit > 0) {
            c.addSeries("client-output-buffer-limit (hard)", List.of(0.0, Math.max(tMax, 1e-3)),
                    List.of(limit / (1 << 20), limit / (1 << 20))).setMarker(SeriesMarkers.NONE);
        }
        Charts.png(c, charts.resolve("pubsub-omem.png"));
        md.append("![Slow subscriber omem](charts/pubsub-omem.png)\n\n");
        html.append("<figure>").append(Charts.svg(c)).append("</figure>");
    }

    /**
     * The write-up's ranking: for each encoding × codec, size ratio − 1, load time and scan time relative
     * to NONE/NONE, and their sum (lower is better).
     */
    private static void hbaseRanking(List<Results.Row> rows, StringBuilder md, StringBuilder html) {
        Map<String, double[]> m = new LinkedHashMap<>(); // key → size ratio, load s, scan s
        for (Results.Row r : rows) {
            if (!r.cls().equals("CompressionMatrixBenchmark")) {
                continue;
            }
            String key = r.param("encoding") + " + " + r.param("codec");
            double[] v = m.computeIfAbsent(key, k -> new double[]{Double.NaN, Double.NaN, Double.NaN});
            if (r.metric().equals("hfile_ratio_to_none")) {
                v[0] = r.score();
            } else if (r.metric().equals("ss") && r.method().equals("load")) {
                v[1] = r.score();
            } else if (r.metric().equals("ss") && r.method().equals("fullScan")) {
                v[2] = r.score();
            }
        }
        double[] base = m.get("NONE + NONE");
        if (base == null || Double.isNaN(base[1]) || Double.isNaN(base[2])) {
            return;
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
        md.append("\"Sum of changes\" against NONE + NONE (the write-up's ranking; lower is better):\n\n"
                + "| rank | encoding + codec | size | load time | scan time | sum |\n|---:|---|---:|---:|---:|---:|\n");
        html.append("<p>\"Sum of changes\" against NONE + NONE (the write-up's ranking; lower is better):</p><table>"
                + "<tr><th>rank</th><th>encoding + codec</th><th>size</th><th>load time</th><th>scan time</th><th>sum</th></tr>");
        int i = 1;
        for (Rank r : ranks) {
            String[] cells = {Integer.toString(i++), r.key(), pct(r.size()), pct(r.load()), pct(r.scan()), pct(r.sum())};
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
            html.append("<tr>");
            for (String cell : cells) {
                html.append("<td>").append(Report.esc(cell)).append("</td>");
            }
            html.append("</tr>");
        }
        md.append('\n');
        html.append("</table>");
    }

    /** Every record of a kind as a table of its fields (benchmark and params first). */
    private static void recordTable(String kind, String title, List<JsonNode> records, StringBuilder md, StringBuilder html) {
        List<JsonNode> rs = records.stream().filter(r -> kind.equals(r.path("metric").asText())).toList();
        if (rs.isEmpty()) {
            return;
        }
        md.append(title).append(":\n\n| field | value |\n|---|---|\n");
        html.append("<p>").append(Report.esc(title)).append(":</p><table><tr><th>field</th><th>value</th></tr>");
        JsonNode last = rs.get(rs.size() - 1);
        last.fields().forEachRemaining(f -> {
            if (f.getKey().equals("metric")) {
                return;
            }
            String v = f.getValue().isNumber() ? Export.fmt(f.getValue().asDouble()) : f.getValue().toString();
            md.append("| ").append(f.getKey()).append(" | ").append(Report.cell(v)).append(" |\n");
            html.append("<tr><td>").append(Report.esc(f.getKey())).append("</td><td>").append(Report.esc(v)).append("</td></tr>");
        });
        md.append('\n');
        html.append("</table>");
    }

    private static String pct(double v) {
        return String.format("%+.0f%%", 100 * v);
    }
}
