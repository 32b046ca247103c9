package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.export.Results;
import org.apache.commons.math3.distribution.TDistribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link Compare}'s noise floor: how far a number may move between two runs of the same code on the same machine
 * (an A/A pair) and still be noise, per number, keyed as {@link Compare#key}; computed from two A/A run folders
 * ({@link #of}) or read from the {@value #FILE} a previous comparison wrote beside them ({@link #write}, {@link #read}).
 */
final class NoiseFloor {

    static final String FILE = "noise-floor.json";
    /** A/A numbers of one method and metric needed for a floor (t at 3 degrees of freedom: 12.9). */
    static final int MIN_NUMBERS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    private NoiseFloor() {
    }

    /**
     * Noise floor per number, from an A/A pair of runs: per benchmark method and metric (its params vary), the n
     * numbers measured in both runs give ln(A2 / A1) each; the floor is t(0.9995, n) times their root mean square
     * (a difference of two runs of the same code has mean 0), as a relative change: exp(that) − 1. A method and
     * metric with fewer than {@value #MIN_NUMBERS} such numbers gets no floor, and its numbers are not
     * judged. One number's own A/A difference is no floor: a second pair exceeds it half the time.
     */
    static Map<String, Double> of(List<Results.Row> a1, List<Results.Row> a2) {
        Map<String, List<Compare.Diff>> groups = new TreeMap<>();
        for (Compare.Diff d : Compare.diff(a1, a2)) {
            if (d.before().score() > 0 && d.after().score() > 0) {
                groups.computeIfAbsent(d.after().cls() + "|" + d.after().method() + "|" + d.after().metric(),
                        k -> new ArrayList<>()).add(d);
            }
        }
        Map<String, Double> out = new TreeMap<>();
        groups.forEach((g, ds) -> {
            int n = ds.size();
            if (n < MIN_NUMBERS) {
                return;
            }
            double ss = ds.stream().mapToDouble(d -> Math.pow(Math.log(d.after().score() / d.before().score()), 2)).sum();
            double bound = new TDistribution(n).inverseCumulativeProbability(1 - (1 - Compare.CONFIDENCE) / 2) * Math.sqrt(ss / n);
            ds.forEach(d -> out.put(Compare.key(d.after()), Math.expm1(bound)));
        });
        return out;
    }

    static void write(Path file, String source, Map<String, Double> floors) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("source", source);
        ObjectNode f = root.putObject("floors");
        floors.forEach(f::put);
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root), StandardCharsets.UTF_8);
    }

    static Map<String, Double> read(Path file) {
        try {
            JsonNode floors = JSON.readTree(file.toFile()).get("floors");
            if (floors == null || !floors.isObject()) {
                throw BadInput.of("--noise", file, "a " + FILE + " written by Compare (no \"floors\" object)");
            }
            Map<String, Double> out = new TreeMap<>();
            floors.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asDouble()));
            return out;
        } catch (IOException e) {
            throw BadInput.of("--noise", file, "a " + FILE + " written by Compare (" + e.getClass().getSimpleName() + ")");
        }
    }
}
