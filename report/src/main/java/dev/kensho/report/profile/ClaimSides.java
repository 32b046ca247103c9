package dev.kensho.report.profile;

import dev.kensho.report.stats.Claim;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.Results;
import dev.kensho.common.profile.ProfileIndex;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The two cases behind each ledger row of a profiled run, kept in {@code profile-claims/<section>.json} when the
 * section is rendered (the ledger's rows are derived ratios there, and only the section knows which rows a claim
 * reads), so the report's profile part can set the two sides' profiles against each other. A ratio row names its
 * numerator by its class, method and params and its denominator by {@code over}: the params that differ
 * ({@code k=v …}), or another method ({@code Class.method k=v …}).
 */
public final class ClaimSides {

    static final String DIR = "profile-claims";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One ledger row: the claim's text and the ratio row it reads. */
    public record Claim(String claim, String cls, String method, Map<String, String> params) {
    }

    private ClaimSides() {
    }

    /** Saves the ledger rows of section {@code id} when the run folder holds profiles; nothing otherwise. */
    public static void save(Path runDir, String id, List<Map.Entry<String, Results.Row>> rows) {
        if (!Files.exists(runDir.resolve(ProfileIndex.FILE))) {
            return;
        }
        ArrayNode a = JSON.createArrayNode();
        for (Map.Entry<String, Results.Row> e : rows) {
            if (e.getValue().param("over") == null) {
                continue; // not a ratio of two cases
            }
            a.addObject().put("claim", e.getKey()).put("cls", e.getValue().cls()).put("method", e.getValue().method())
                    .set("params", JSON.valueToTree(e.getValue().params()));
        }
        Path f = runDir.resolve(DIR).resolve(id + ".json");
        try {
            Files.createDirectories(f.getParent());
            JSON.writeValue(f.toFile(), a);
        } catch (IOException ex) {
            throw new TargetFailure("cannot write " + f + " (" + ex.getMessage() + ")");
        }
    }

    /** Every claim saved in the run folder, section by section. */
    static List<Claim> load(Path runDir) {
        List<Claim> out = new ArrayList<>();
        Path d = runDir.resolve(DIR);
        if (!Files.isDirectory(d)) {
            return out;
        }
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (JsonNode n : JSON.readTree(f.toFile())) {
                    Map<String, String> p = new TreeMap<>();
                    n.path("params").fields().forEachRemaining(x -> p.put(x.getKey(), x.getValue().asText()));
                    out.add(new Claim(n.path("claim").asText(), n.path("cls").asText(), n.path("method").asText(), p));
                }
            }
        } catch (IOException e) {
            return out; // the part says nothing rather than fail the report
        }
        return out;
    }

    /** The profiled case a ratio's numerator is, among {@code cases}. */
    static Optional<CaseProfile> numerator(Claim c, List<CaseProfile> cases) {
        Map<String, String> want = new TreeMap<>(c.params());
        want.remove("over");
        return unique(cases, c.cls(), c.method(), want, Map.of());
    }

    /** The profiled case a ratio's denominator ({@code over}) is, among {@code cases}. */
    static Optional<CaseProfile> denominator(Claim c, List<CaseProfile> cases) {
        String over = c.params().getOrDefault("over", "");
        String cls = c.cls();
        String method = c.method();
        List<String> tokens = new ArrayList<>(List.of(over.trim().split("\\s+")));
        if (!tokens.isEmpty() && !tokens.get(0).contains("=") && tokens.get(0).contains(".")) {
            String cm = tokens.remove(0);
            cls = cm.substring(0, cm.lastIndexOf('.'));
            method = cm.substring(cm.lastIndexOf('.') + 1);
        }
        Map<String, String> changed = new TreeMap<>();
        for (String t : tokens) {
            if (t.contains("=")) {
                changed.put(t.substring(0, t.indexOf('=')), t.substring(t.indexOf('=') + 1));
            }
        }
        Map<String, String> base = new TreeMap<>(c.params());
        base.remove("over");
        return unique(cases, cls, method, changed, base);
    }

    /**
     * The one case of {@code cls.method} whose params have every {@code must} value, and the {@code base} value of
     * every other param both name; empty when none or several fit.
     */
    private static Optional<CaseProfile> unique(List<CaseProfile> cases, String cls, String method, Map<String, String> must,
                                                Map<String, String> base) {
        List<CaseProfile> fit = cases.stream().filter(p -> p.benchmark().endsWith("." + cls + "." + method)
                && must.entrySet().stream().allMatch(e -> e.getValue().equals(p.params().get(e.getKey())))
                && p.params().entrySet().stream().allMatch(e -> must.containsKey(e.getKey())
                || !base.containsKey(e.getKey()) || base.get(e.getKey()).equals(e.getValue()))).toList();
        return fit.size() == 1 ? Optional.of(fit.get(0)) : Optional.empty();
    }
}
