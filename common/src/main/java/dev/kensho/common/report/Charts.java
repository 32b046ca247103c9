package dev.kensho.common.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Renders a {@link ChartSpec}'s data with XChart, as PNG (for Markdown) and SVG (inlined in HTML). */
final class Charts {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /** The chart, or null when the run has no data for it. */
    static Chart<?, ?> build(ChartSpec spec, Map<String, List<ChartSpec.Point>> data) {
        if (data.isEmpty()) {
            return null;
        }
        return spec.kind() == ChartSpec.Kind.BAR ? bar(spec, data) : line(spec, data);
    }

    private static Chart<?, ?> bar(ChartSpec spec, Map<String, List<ChartSpec.Point>> data) {
        CategoryChart c = new CategoryChartBuilder().width(860).height(440).title(spec.title())
                .xAxisTitle(spec.xLabel()).yAxisTitle(spec.yLabel()).build();
        style(c.getStyler());
        c.getStyler().setYAxisLogarithmic(spec.logY());
        Set<String> categories = new LinkedHashSet<>();
        data.values().forEach(ps -> ps.forEach(p -> categories.add(p.x())));
        List<String> xs = new ArrayList<>(categories);
        for (Map.Entry<String, List<ChartSpec.Point>> e : data.entrySet()) {
            List<Double> ys = new ArrayList<>();
            List<Double> errs = new ArrayList<>();
            for (String x : xs) {
                ChartSpec.Point p = e.getValue().stream().filter(q -> q.x().equals(x)).findFirst().orElse(null);
                ys.add(p == null ? 0.0 : p.y());
                errs.add(p == null ? 0.0 : p.error());
            }
            c.addSeries(e.getKey(), xs, ys, errs);
        }
        return c;
    }

    private static Chart<?, ?> line(ChartSpec spec, Map<String, List<ChartSpec.Point>> data) {
        XYChart c = new XYChartBuilder().width(860).height(440).title(spec.title())
                .xAxisTitle(spec.xLabel()).yAxisTitle(spec.yLabel()).build();
        style(c.getStyler());
        c.getStyler().setXAxisLogarithmic(spec.logX());
        c.getStyler().setYAxisLogarithmic(spec.logY());
        c.getStyler().setXAxisDecimalPattern("#,##0.###"); // "10,000", not "1E4"
        int added = 0;
        for (Map.Entry<String, List<ChartSpec.Point>> e : data.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> errs = new ArrayList<>();
            for (ChartSpec.Point p : e.getValue()) {
                double x = ChartSpec.num(p.x());
                if (Double.isNaN(x) || (spec.logX() && x <= 0) || (spec.logY() && p.y() <= 0)) {
                    continue; // a log axis cannot show zero
                }
                xs.add(x);
                ys.add(p.y());
                errs.add(spec.logY() ? Math.min(p.error(), p.y() * 0.99) : p.error());
            }
            if (!xs.isEmpty()) {
                c.addSeries(e.getKey(), xs, ys, errs);
                added++;
            }
        }
        return added == 0 ? null : c;
    }

    private static void style(Styler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setAntiAlias(true);
        s.setChartBackgroundColor(java.awt.Color.WHITE);
        if (s instanceof org.knowm.xchart.style.AxesChartStyler a) {
            a.setYAxisDecimalPattern("#,##0.###");
        }
    }

    static void png(Chart<?, ?> chart, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        try (var out = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /** SVG markup without the XML prolog, ready to inline. */
    static String svg(Chart<?, ?> chart) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        String s = out.toString(StandardCharsets.UTF_8);
        int start = s.indexOf("<svg");
        return start >= 0 ? s.substring(start) : s;
    }
}
