package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.JmhMerge;
import dev.kensho.common.export.Results;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.report.stats.ClaimPlan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A benchmark class's claim rows as one round of its interleaved rounds measures them, computed the way the report
 * computes them (each {@link Section}'s {@link Section#derived} rows, selected by its published claims), from that
 * round's JMH files and measurement lines alone: a ratio's value in a round is the ratio of that round's fork means,
 * the per-round value a {@link ClaimPlan} looks at. A claim row is a published claim or check (the kinds judged on a
 * range: a check's answer follows from the suite's set-up, and it stops as soon as its interval says so) on this
 * class and one row of ours it selects; its key is the claim's key and the row's params.
 *
 * <p>Which cases a claim row rests on is found by leaving each case out of a round in turn: the rows whose value goes
 * or changes rest on it. So no section has to name its ratios' sides twice.
 */
public final class RoundClaims {

    /** One case of the class: its id (as the launcher names it), its method and the params it takes. */
    public record RoundCase(String id, String method, Map<String, String> params) {

        /** Whether a JMH entry or a measurement line ({@code benchmark}, {@code params}) belongs to this case. */
        public boolean holds(JsonNode n) {
            String b = n.path("benchmark").asText();
            if (!b.endsWith("." + method)) {
                return false;
            }
            JsonNode p = n.path("params");
            return params.entrySet().stream().allMatch(e -> e.getValue().equals(p.path(e.getKey()).asText(null)));
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String cls;
    private final List<Section> sections;

    /**
     * @param cls      the class's simple name (as {@code published.csv}'s {@code cls} names it)
     * @param sections the sections to read claims from (every section on the class path: {@link Section#all()})
     */
    public RoundClaims(String cls, List<Section> sections) {
        this.cls = cls;
        this.sections = sections.stream().filter(s -> s.published().stream()
                .anyMatch(p -> p.judged() && cls.equals(p.cls()))).toList();
    }

    /** Whether some published claim or check names this class. */
    public boolean any() {
        return !sections.isEmpty();
    }

    /**
     * Each claim row's value in one round: key → our value in the claim's unit.
     *
     * @param entries      the round's JMH result entries (one fork per case)
     * @param measurements the measurement lines the round's forks recorded
     */
    public Map<String, Double> values(List<JsonNode> entries, List<JsonNode> measurements) {
        Map<String, Double> out = new LinkedHashMap<>();
        rows(entries, measurements).forEach((k, r) -> out.put(k, r.value()));
        return out;
    }

    /**
     * The claim rows one round measured, as subjects of a plan: each with its claim, the cases whose leaving out
     * removes or moves its value, and its row's client threads.
     */
    public List<ClaimPlan.Subject> subjects(List<JsonNode> entries, List<JsonNode> measurements, List<RoundCase> cases) {
        Map<String, Row> all = rows(entries, measurements);
        Map<String, Set<String>> restsOn = new LinkedHashMap<>();
        all.keySet().forEach(k -> restsOn.put(k, new LinkedHashSet<>()));
        for (RoundCase c : cases) {
            Map<String, Row> without = rows(entries.stream().filter(e -> !c.holds(e)).toList(),
                    measurements.stream().filter(m -> !c.holds(m)).toList());
            all.forEach((k, r) -> {
                Row w = without.get(k);
                if (w == null || !Objects.equals(w.value(), r.value())) {
                    restsOn.get(k).add(c.id());
                }
            });
        }
        List<ClaimPlan.Subject> out = new ArrayList<>();
        all.forEach((k, r) -> out.add(new ClaimPlan.Subject(k, r.claim(), restsOn.get(k), SectionRenderer.threads(r.row()))));
        return out;
    }

    private record Row(Published claim, Results.Row row, double value) {
    }

    private Map<String, Row> rows(List<JsonNode> entries, List<JsonNode> measurements) {
        Map<String, Row> out = new LinkedHashMap<>();
        if (sections.isEmpty()) {
            return out;
        }
        List<Results.Row> rows = load(entries, measurements);
        for (Section s : sections) {
            List<Results.Row> all = new ArrayList<>(rows);
            all.addAll(s.derived(rows));
            for (Published p : s.published()) {
                if (!p.judged() || !cls.equals(p.cls())) {
                    continue;
                }
                for (Results.Row r : p.ours(all)) {
                    out.put(p.key() + " " + r.paramString(), new Row(p, r, p.convert(r.score(), r.unit())));
                }
            }
        }
        return out;
    }

    /** The rows of one round: its entries and measurements in a folder of their own, read as a run folder is. */
    private List<Results.Row> load(List<JsonNode> entries, List<JsonNode> measurements) {
        Path dir = TempDirs.create("kensho-round");
        try {
            Files.createDirectories(dir.resolve("jmh"));
            JSON.writeValue(dir.resolve("jmh").resolve(cls + ".json").toFile(), JmhMerge.merge(entries, 1));
            StringBuilder lines = new StringBuilder();
            for (JsonNode m : measurements) {
                lines.append(JSON.writeValueAsString(m)).append('\n');
            }
            Files.writeString(dir.resolve(Recorder.MEASUREMENTS_FILE), lines, StandardCharsets.UTF_8);
            return Results.load(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            TempDirs.delete(dir);
        }
    }
}
