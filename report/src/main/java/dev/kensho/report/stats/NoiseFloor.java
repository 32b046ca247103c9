package dev.kensho.report.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The noise floor of {@code report.Compare}: how far a number may move between two runs of the same code on the same
 * machine (an A/A pair) and still be noise, per number, keyed as the caller keys its numbers; computed from the
 * numbers two A/A run folders share ({@link #of}) or read from the {@value #FILE} a previous comparison wrote beside
 * them ({@link #write}, {@link #read}).
 */
public final class NoiseFloor {

    public static final String FILE = "noise-floor.json";
    /** A/A numbers of one method and metric needed for a floor (t at 3 degrees of freedom: 12.9). */
    public static final int MIN_NUMBERS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One number as the two runs of an A/A pair measured it. */
    public interface Pair {
        Results.Row before();

        Results.Row after();
    }

    private NoiseFloor() {
    }

    /**
     * Noise floor per number, from an A/A pair of runs: per benchmark method and metric (its params vary), the n
     * numbers measured in both runs give ln(A2 / A1) each; the floor is t(0.9995, n) times their root mean square
     * (a difference of two runs of the same code has mean 0), as a relative change: exp(that) − 1. A method and
     * metric with fewer than {@value #MIN_NUMBERS} such numbers gets no floor, and its numbers are not
     * judged. One number's own A/A difference is no floor: a second pair exceeds it half the time.
     *
     * @param pairs the numbers both runs measured
     * @param key   how the caller keys a number (the floors are looked up by it)
     */
    public static Map<String, Double> of(List<? extends Pair> pairs, Function<Results.Row, String> key) {
        Map<String, List<Pair>> groups = new TreeMap<>();
        for (Pair d : pairs) {
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
            double bound = Interval.tQuantile(n) * Math.sqrt(ss / n);
            ds.forEach(d -> out.put(key.apply(d.after()), Math.expm1(bound)));
        });
        return out;
    }

    public static void write(Path file, String source, Map<String, Double> floors) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("source", source);
        ObjectNode f = root.putObject("floors");
        floors.forEach(f::put);
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root), StandardCharsets.UTF_8);
    }

    public static Map<String, Double> read(Path file) {
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
