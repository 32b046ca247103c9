package dev.kensho.common.export;

import java.util.List;

/**
 * Renders a report from a run folder's rows (a {@link java.util.ServiceLoader} service, so the report
 * can grow without the launcher knowing it). Called after every export.
 */
public interface ReportWriter {

    void write(RunFolder run, List<Results.Row> rows);
}
