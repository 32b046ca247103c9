package dev.kensho.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
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

/** Renders a {@link Plot} with XChart, as PNG (for Markdown) and SVG (inlined in HTML). */
final class Charts {

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /** The chart, or null when the run has no data for it. */
    static Chart<?, ?> build(Plot plot) {
        if (plot.series().isEmpty()) {
            return null;
        }
        return plot.kind() == ChartSpec.Kind.BAR ? bar(plot) : line(plot);
    }

    /** Series name marking error bars clipped at zero: the number is not resolved from zero. */
    static final String CLIPPED = " (± reaches 0: bar clipped, value unresolved)";

    private static Chart<?, ?> bar(Plot spec) {
        CategoryChart c = new CategoryChartBuilder().width(860).height(440).title(spec.title())
                .xAxisTitle(spec.xLabel()).yAxisTitle(spec.yLabel()).build();
        style(c.getStyler());
        c.getStyler().setYAxisLogarithmic(spec.logY());
        Set<String> categories = new LinkedHashSet<>();
        spec.series().values().forEach(ps -> ps.forEach(p -> categories.add(p.x())));
        List<String> xs = new ArrayList<>(categories);
        for (Map.Entry<String, List<ChartSpec.Point>> e : spec.series().entrySet()) {
            List<Double> ys = new ArrayList<>();
            List<Double> errs = new ArrayList<>();
            boolean clipped = false;
            for (String x : xs) {
                ChartSpec.Point p = e.getValue().stream().filter(q -> q.x().equals(x)).findFirst().orElse(null);
                ys.add(p == null ? 0.0 : p.y());
                double err = p == null ? 0.0 : clip(p);
                clipped |= p != null && err < p.error();
                errs.add(err);
            }
            c.addSeries(e.getKey() + (clipped ? CLIPPED : ""), xs, ys, errs);
        }
        for (Plot.Reference r : spec.references()) {
            c.addSeries(r.label(), xs, xs.stream().map(x -> r.y()).toList())
                    .setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        }
        return c;
    }

    /** An error bar no longer than the value: a bar below zero would show a quantity that cannot be negative. */
    private static double clip(ChartSpec.Point p) {
        return p.y() > 0 ? Math.min(p.error(), p.y()) : p.error();
    }

    private static Chart<?, ?> line(Plot spec) {
        XYChart c = new XYChartBuilder().width(860).height(440).title(spec.title())
                .xAxisTitle(spec.xLabel()).yAxisTitle(spec.yLabel()).build();
        style(c.getStyler());
        c.getStyler().setXAxisLogarithmic(spec.logX());
        c.getStyler().setYAxisLogarithmic(spec.logY());
        c.getStyler().setXAxisDecimalPattern("#,##0.###"); // "10,000", not "1E4"
        int added = 0;
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        for (Map.Entry<String, List<ChartSpec.Point>> e : spec.series().entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<Double> errs = new ArrayList<>();
            boolean clipped = false;
            for (ChartSpec.Point p : e.getValue()) {
                double x = ChartSpec.num(p.x());
                if (Double.isNaN(x) || (spec.logX() && x <= 0) || (spec.logY() && p.y() <= 0)) {
                    continue; // a log axis cannot show zero
                }
                xs.add(x);
                ys.add(p.y());
                double err = spec.logY() ? Math.min(p.error(), p.y() * 0.99) : clip(p);
                clipped |= err < p.error();
                errs.add(err);
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
            }
            if (!xs.isEmpty()) {
                var series = c.addSeries(e.getKey() + (clipped ? CLIPPED : ""), xs, ys, errs);
                if (xs.size() > 50) {
                    series.setMarker(SeriesMarkers.NONE); // a time series: a line, not dots
                }
                added++;
            }
        }
        if (added > 0) {
            for (Plot.Reference r : spec.references()) {
                if (!spec.logY() || r.y() > 0) {
                    c.addSeries(r.label(), List.of(xMin, xMax), List.of(r.y(), r.y())).setMarker(SeriesMarkers.NONE);
                }
            }
        }
        return added == 0 ? null : c;
    }

    private static void style(Styler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setAntiAlias(true);
        s.setChartBackgroundColor(Color.WHITE);
        if (s instanceof AxesChartStyler a) {
            a.setYAxisDecimalPattern("#,##0.###");
            // solid, light grid lines: a dashed line is drawn into the SVG dash by dash, 60% of an inline chart's bytes
            a.setPlotGridLinesStroke(new BasicStroke(1f));
            a.setPlotGridLinesColor(new Color(225, 225, 225));
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
        return shorter(start >= 0 ? s.substring(start) : s);
    }

    private static final java.util.regex.Pattern DECIMALS = java.util.regex.Pattern.compile("-?\\d+\\.\\d{2,}");

    /**
     * The SVG with its coordinates to a tenth of a pixel (the encoder writes them to 1/1024 of one: "567.962890625") and
     * without indentation: the same picture in about half the bytes, for a report that inlines every chart.
     */
    static String shorter(String svg) {
        String s = DECIMALS.matcher(svg).replaceAll(m -> {
            String r = String.format(java.util.Locale.ROOT, "%.1f", Double.parseDouble(m.group()));
            r = r.endsWith(".0") ? r.substring(0, r.length() - 2) : r;
            return r.equals("-0") ? "0" : r;
        });
        return s.replaceAll("\n\\s+", "\n");
    }
}
