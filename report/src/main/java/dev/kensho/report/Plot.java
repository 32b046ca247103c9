package dev.kensho.report;

import java.util.List;
import java.util.Map;

/**
 * A chart as data, ready to render ({@link Charts}): named series of points, and horizontal reference
 * lines (a published figure on the same axis, a configured limit).
 *
 * @param id  file name of the chart ({@code charts/<id>.png}) and its anchor in the report
 */
public record Plot(String id, String title, ChartSpec.Kind kind, String xLabel, String yLabel, boolean logX,
                   boolean logY, Map<String, List<ChartSpec.Point>> series, List<Reference> references) {

    /** A horizontal line at {@code y}, labelled. */
    public record Reference(String label, double y) {
    }
}
