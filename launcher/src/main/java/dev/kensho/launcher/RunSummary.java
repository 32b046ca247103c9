package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.cpu.Bottleneck;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.export.Verdicts;
import dev.kensho.common.runfiles.Jsonl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The end of a run on the console, at most {@value #MAX_LINES} lines: how it ended, the ledger's verdict
 * counts (the findings', then the checks' — rows whose answer follows from the suite's own set-up — apart), the published
 * claims with ours and the verdict (as many whole claims as fit, each claim's text whole, wrapped under its column), how
 * many cases were client-bound or the machine busy, and where the report is. Read from the run folder (the sections the report module rendered
 * into {@value #SECTIONS}/, as JSON: the launcher does not depend on the report), so it says what the report says.
 */
final class RunSummary {

    static final int MAX_LINES = 30;
    static final String SECTIONS = "sections";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The verdict kinds, in the order the summary counts them (a verdict cell starts with one of them). */
    static final List<String> KINDS = List.of("reproduced", "direction reproduced", "contradicted", "not resolved",
            "not reproducible", "set by the suite");

    private RunSummary() {
    }

    static List<String> lines(RunFolder run, double seconds) {
        List<String> out = new ArrayList<>();
        out.add("kensho | run " + run.dir().getFileName() + " " + run.state() + " in " + Clock.of(seconds));
        Map<String, Integer> counts = new LinkedHashMap<>();
        KINDS.forEach(k -> counts.put(k, 0));
        Map<String, Integer> checks = new LinkedHashMap<>(); // rows whose answer follows from the suite's own set-up
        List<List<String>> claims = new ArrayList<>(); // each claim's lines: its first, then its text's continuations
        for (JsonNode section : sections(run.dir())) {
            JsonNode ledger = section.path("ledger");
            List<String> headers = strings(ledger.path("headers"));
            int verdict = headers.indexOf("verdict");
            int ours = column(headers, "ours");
            int pm = column(headers, "±");
            int rowKind = headers.indexOf("kind");
            if (verdict < 0) {
                continue;
            }
            for (JsonNode cells : ledger.path("rows")) {
                List<String> row = strings(cells);
                String v = row.get(verdict).toLowerCase(Locale.ROOT);
                String kind = KINDS.stream().filter(k -> v.replace("*", "").replace("_", "").strip().startsWith(k)).findFirst().orElse(null);
                if (kind == null) {
                    continue; // context figures and rows not measured in this run carry no verdict
                }
                boolean check = rowKind >= 0 && rowKind < row.size() && row.get(rowKind).equals("check");
                (check ? checks : counts).merge(kind, 1, Integer::sum);
                claims.add(claim(section.path("id").asText(), row.get(0), String.format(Locale.ROOT, "%s%s → %s",
                        ours < 0 ? "" : row.get(ours), pm < 0 || row.get(pm).isEmpty() ? ""
                                : (row.get(pm).startsWith("[") ? " " : " ± ") + cut(row.get(pm), 18), // "[a, b] method", or a half-width
                        cut(row.get(verdict).replace("*", ""), 40))));
            }
        }
        StringBuilder c = new StringBuilder("kensho | verdicts:");
        counts.forEach((k, n) -> c.append(' ').append(k).append(' ').append(n).append(','));
        c.setLength(c.length() - 1);
        if (!checks.isEmpty()) {
            c.append("; checks (follow from the suite's set-up, not findings):");
            checks.forEach((k, n) -> c.append(' ').append(k).append(' ').append(n).append(','));
            c.setLength(c.length() - 1);
        }
        out.add(c.toString());
        String bottlenecks = bottlenecks(run.dir());
        String stops = stops(run.dir());
        int room = MAX_LINES - out.size() - 2 - (bottlenecks == null ? 0 : 1) - (stops == null ? 0 : 1);
        if (claims.stream().mapToInt(List::size).sum() <= room) {
            claims.forEach(out::addAll);
        } else {
            int shown = 0;
            for (int lines = 0; shown < claims.size() && lines + claims.get(shown).size() <= room - 1; shown++) {
                lines += claims.get(shown).size();
                out.addAll(claims.get(shown));
            }
            out.add("  … " + (claims.size() - shown) + " more claims in the report");
        }
        if (stops != null) {
            out.add("kensho | " + stops);
        }
        if (bottlenecks != null) {
            out.add("kensho | " + bottlenecks);
        }
        out.add("kensho | report " + run.dir().resolve("report.html"));
        return out;
    }

    /**
     * "rounds by claims: 15 claim rows — decided 11 (median 6 rounds), remedy beyond budget 4 (report: How each answer
     * was reached)", or null when no class was planned by its claims ({@link ClassLooks#FILE}).
     */
    static String stops(Path dir) {
        List<JsonNode> lines = Jsonl.read(dir.resolve(ClassLooks.FILE));
        if (lines.isEmpty()) {
            return null;
        }
        Map<String, List<Integer>> byStop = new LinkedHashMap<>();
        for (JsonNode l : lines) {
            byStop.computeIfAbsent(l.path("stop").asText(), k -> new ArrayList<>()).add(l.path("rounds").asInt());
        }
        StringBuilder sb = new StringBuilder("rounds by claims: " + lines.size() + " claim rows —");
        byStop.forEach((stop, rounds) -> {
            List<Integer> sorted = rounds.stream().sorted().toList();
            sb.append(' ').append(stop).append(' ').append(rounds.size()).append(" (median ")
                    .append(sorted.get(sorted.size() / 2)).append(" rounds),");
        });
        sb.setLength(sb.length() - 1);
        return sb.append(" (report: How each answer was reached)").toString();
    }

    /** "3 of 40 cases client-bound, 1 machine busy …", or null when none is. */
    private static String bottlenecks(Path dir) {
        List<Results.Row> rows;
        try {
            rows = Results.load(dir);
        } catch (RuntimeException e) {
            return null;
        }
        Verdicts v = Verdicts.of(rows);
        Map<Bottleneck.Kind, Integer> n = new LinkedHashMap<>();
        int cases = 0;
        for (Results.Row r : rows) {
            if (Verdicts.isPrimary(r)) {
                cases++;
                Bottleneck.Verdict b = v.of(r);
                if (b != null && (b.kind() == Bottleneck.Kind.CLIENT || b.kind() == Bottleneck.Kind.BUSY || b.kind() == Bottleneck.Kind.BOTH)) {
                    n.merge(b.kind(), 1, Integer::sum);
                }
            }
        }
        if (n.isEmpty()) {
            return null;
        }
        StringBuilder sb = new StringBuilder("warning: of " + cases + " cases,");
        n.forEach((k, c) -> sb.append(' ').append(c).append(' ').append(k.label()).append(','));
        sb.setLength(sb.length() - 1);
        return sb.append(" — their rates measure the load generator or the machine, not the server (report: bottleneck column)").toString();
    }

    /** The rendered sections in report order (by {@code order}, then id); none when the report has not run. */
    private static List<JsonNode> sections(Path dir) {
        Path d = dir.resolve(SECTIONS);
        List<JsonNode> out = new ArrayList<>();
        if (!Files.isDirectory(d)) {
            return out;
        }
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(JSON.readTree(f.toFile()));
            }
        } catch (IOException e) {
            return out; // the summary is a courtesy: the report itself says what went wrong
        }
        out.sort(Comparator.comparingInt((JsonNode n) -> n.path("order").asInt()).thenComparing(n -> n.path("id").asText()));
        return out;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static int column(List<String> headers, String name) {
        for (int i = 0; i < headers.size(); i++) {
            String h = headers.get(i).replace(">", "");
            if (h.equals(name) || h.startsWith(name + " ")) {
                return i;
            }
        }
        return -1;
    }

    /**
     * One claim's lines: the experiment, the claim's text, ours and the verdict ({@code rest}) on the first; a claim
     * longer than {@value #CLAIM_WIDTH} characters goes on, word by word, on lines indented under the claim column. The
     * claim is printed whole: two rows of one figure differ only in the case at its end ("… — case: threads=10").
     */
    static List<String> claim(String experiment, String claim, String rest) {
        String head = String.format(Locale.ROOT, "  %-9s ", experiment);
        List<String> parts = wrap(claim.replaceAll("\\s+", " ").strip(), CLAIM_WIDTH);
        List<String> out = new ArrayList<>();
        out.add(head + String.format(Locale.ROOT, "%-" + CLAIM_WIDTH + "s ", parts.get(0)) + rest);
        parts.subList(1, parts.size()).forEach(p -> out.add(" ".repeat(head.length()) + p));
        return out;
    }

    /** The claim column's width: a longer claim wraps onto continuation lines. */
    static final int CLAIM_WIDTH = 48;

    /** {@code text} in lines of at most {@code width} characters, broken between words (inside a longer word only). */
    static List<String> wrap(String text, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            while (word.length() > width) { // a word wider than the column: the column's width of it to a line
                if (line.length() > 0) {
                    out.add(line.toString());
                    line.setLength(0);
                }
                out.add(word.substring(0, width));
                word = word.substring(width);
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                out.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        if (line.length() > 0 || out.isEmpty()) {
            out.add(line.toString());
        }
        return out;
    }

    private static String cut(String s, int n) {
        String t = s.replaceAll("\\s+", " ").strip();
        return t.length() <= n ? t : t.substring(0, n - 1) + "…";
    }
}
