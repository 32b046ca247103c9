package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.Results;

import java.util.List;

/**
 * What a {@link Section} computes from: its experiment's rows (the run's and its own derived ones), the
 * time series of {@code series.jsonl} for its experiment, and {@code env.json} (cores, scale).
 */
public record RunData(List<Results.Row> rows, List<JsonNode> series, JsonNode env) {

    /** Series records of one kind ({@code Recorder.series(kind, …)}). */
    public List<JsonNode> series(String kind) {
        return series.stream().filter(s -> kind.equals(s.path("kind").asText())).toList();
    }

    public int cores() {
        return env.path("host").path("cores").asInt(0);
    }
}
