package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.report.stats.ForkSpreads;
import dev.kensho.report.stats.Verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each run of a pooled folder says on its own, judged by this report's code: a pooled run folder (report's
 * {@code Pool}) names its runs' folders in {@code pooled.json}; each that is still there is read whole and its
 * ledgers rendered (no charts). With them the pooled ledger marks a verdict the pool decided while every run left it
 * open — "decided by the pool alone" — and the report writes {@value #FILE}: every claim and check, one row per case,
 * each run's verdict beside the pool's, in the pooled ledger's order. Generated, so never edited by hand.
 */
final class RunVerdicts {

    static final String FILE = "claims-by-run.md";

    /** One run of the pool: its name and its ledger per section id. */
    record Run(String name, Map<String, Table> ledgers) {
    }

    private RunVerdicts() {
    }

    /** The runs of a pooled folder whose folders are still there (none for a run of its own). */
    static List<Run> of(JsonNode env) {
        List<Run> out = new ArrayList<>();
        JsonNode dirs = env.path("pooled").path("dirs");
        for (int i = 0; i < dirs.size(); i++) {
            Path dir = Path.of(dirs.get(i).asText());
            if (!Files.isDirectory(dir.resolve("jmh"))) {
                continue;
            }
            out.add(new Run(dir.getFileName().toString(), ledgers(dir)));
        }
        return out;
    }

    private static Map<String, Table> ledgers(Path dir) {
        try {
            ObjectMapper json = new ObjectMapper();
            JsonNode env = Files.exists(dir.resolve("env.json")) ? json.readTree(dir.resolve("env.json").toFile()) : json.createObjectNode();
            JsonNode status = Files.exists(dir.resolve(RunFolder.STATUS_FILE))
                    ? json.readTree(dir.resolve(RunFolder.STATUS_FILE).toFile()) : json.createObjectNode();
            List<Results.Row> rows = Results.load(dir);
            Map<String, Table> out = new LinkedHashMap<>();
            for (Section s : Section.all()) {
                List<Results.Row> own = ForkSpreads.attach(rows.stream().filter(r -> r.experiment().equals(s.id())).toList());
                List<Results.Row> all = new ArrayList<>(own);
                all.addAll(s.derived(own));
                out.put(s.id(), SectionRenderer.ledger(s, s.published(), all, env, List.of(), status));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the pooled run " + dir, e);
        }
    }

    /** A row's claim and case: how the runs' ledgers and the pool's are matched ({@link VerdictChanges}). */
    private static String key(List<String> row) {
        return ClaimCase.figure(row.get(0)) + "\u0000" + VerdictChanges.measuredWith(row);
    }

    private static boolean decided(String verdict) {
        return verdict.startsWith(Verdict.REPRODUCED) || verdict.startsWith(Verdict.DIRECTION)
                || verdict.startsWith(Verdict.CONTRADICTED);
    }

    /** Each run's verdict of the pooled row, in run order ("" where the run has no such row). */
    private static List<String> each(List<Run> runs, String section, List<String> row, int verdict) {
        List<String> out = new ArrayList<>();
        for (Run r : runs) {
            Table t = r.ledgers().get(section);
            String v = "";
            if (t != null) {
                for (List<String> other : t.rows()) {
                    if (key(other).equals(key(row))) {
                        v = other.get(verdict);
                    }
                }
            }
            out.add(v);
        }
        return out;
    }

    /**
     * The pooled ledger with "decided by the pool alone" after the case of every row whose verdict the pool decided
     * while each run, judged alone, left it not resolved.
     */
    static Table marked(Table pooled, String section, List<Run> runs) {
        if (runs.isEmpty()) {
            return pooled;
        }
        int verdict = pooled.headers().indexOf("verdict");
        int with = pooled.headers().indexOf("ours measured with");
        Table out = new Table(pooled.caption(), pooled.headers(), new ArrayList<>());
        for (List<String> row : pooled.rows()) {
            List<String> each = each(runs, section, row, verdict);
            List<String> cells = new ArrayList<>(row);
            if (decided(row.get(verdict)) && each.stream().allMatch(v -> v.startsWith(Verdict.NOT_RESOLVED))) {
                cells.set(with, row.get(with) + "; decided by the pool alone: each of its " + runs.size()
                        + " runs, judged alone, left it not resolved");
            }
            out.rows().add(List.copyOf(cells));
        }
        return out;
    }

    /**
     * Every claim and check of the pooled sections, one row per case, in the pooled ledger's order: ours with its
     * interval and the verdict's word in each run and in the pool, and whether the pool alone decided it.
     */
    static String markdown(List<Rendered> pooled, List<Run> runs) {
        StringBuilder sb = new StringBuilder("# Each run's verdicts beside the pool's\n\nGenerated by the report of the pooled"
                + " folder from its runs' own folders, judged by the same code (regenerate, never edit). One row per claim or"
                + " check and case, in the pooled ledger's order; a check's answer follows from the suite's own set-up.\n\n"
                + "| experiment | claim | case | kind |");
        runs.forEach(r -> sb.append(" `").append(r.name()).append("` |"));
        sb.append(" pooled | decided by the pool alone |\n|---|---|---|---|");
        runs.forEach(r -> sb.append("---|"));
        sb.append("---|---|\n");
        for (Rendered s : pooled) {
            Table t = s.ledger();
            int verdict = t.headers().indexOf("verdict");
            int kind = t.headers().indexOf(SectionRenderer.KIND);
            if (verdict < 0 || kind < 0) {
                continue;
            }
            LedgerView.Columns c = new LedgerView.Columns(t.headers());
            for (List<String> row : t.rows()) {
                if (!row.get(kind).equals("finding") && !row.get(kind).equals("check")) {
                    continue;
                }
                sb.append("| ").append(s.title()).append(" | ").append(Table.mdCell(row.get(0))).append(" | ")
                        .append(Table.mdCell(VerdictChanges.measuredWith(row))).append(" | ").append(row.get(kind)).append(" |");
                boolean open = true;
                for (Run r : runs) {
                    Table rt = r.ledgers().get(s.id());
                    List<String> match = rt == null ? null
                            : rt.rows().stream().filter(o -> key(o).equals(key(row))).findFirst().orElse(null);
                    sb.append(' ').append(match == null ? "–" : Table.mdCell(LedgerView.ours(match, new LedgerView.Columns(rt.headers())))
                            + " " + LedgerView.word(match.get(verdict))).append(" |");
                    open &= match != null && match.get(verdict).startsWith(Verdict.NOT_RESOLVED);
                }
                sb.append(' ').append(Table.mdCell(LedgerView.ours(row, c))).append(' ').append(LedgerView.word(row.get(verdict)))
                        .append(" | ").append(open && decided(row.get(verdict)) ? "yes" : "").append(" |\n");
            }
        }
        return sb.toString();
    }
}
