package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Publishes a run's results into {@code docs/}. Each experiment's page {@code docs/<experiment>.md} gets, between
 * {@code <!-- kensho:reference-run -->} and {@code <!-- /kensho:reference-run -->} (appended when the markers are
 * missing), the run's findings with their verdicts ({@link LedgerView#findings}: the page stays short) and one link to
 * {@code docs/runs/<run>/<experiment>.md}; that run page gets the whole rendered section (the whole ledger with each
 * row's reason, its context, set, check and unmeasured rows)
 * ({@code sections/<id>.json}: ledger, charts and tables) followed by the run's environment, between the same
 * markers, so text written around them there (an analysis of that run) stays. The charts are copied to
 * {@code docs/images/}. A run at another scale than {@code default} (env.json's {@code host.scale}: {@code seed},
 * the write-ups' own sizes; {@code full}) gets a block of its own on the experiment's page, between
 * {@code <!-- kensho:reference-run:<scale> -->} and {@code <!-- /kensho:reference-run:<scale> -->}, holding only
 * its status and the link to its run page (the page opens with the default run's ledger and stays short), its
 * charts copied as {@code images/<scale>-<name>.png}: publishing a seed run never replaces the default one.
 *
 * A pooled run's {@value RunVerdicts#FILE} (each run's verdicts beside the pool's) is copied to {@code docs/runs/<run>/},
 * and so is the run's {@code report.html} with the two files it links ({@code results.csv}, {@code summary.md}): the
 * page a reader opens to see what a run gives before running one.
 *
 * <p>{@code java -jar benchmarks/target/kensho-benchmarks.jar docs target/kensho-runs/<run> [docs folder]}
 */
public final class Docs {

    static final String START = "<!-- kensho:reference-run -->";
    static final String END = "<!-- /kensho:reference-run -->";

    private Docs() {
    }

    public static void publish(Path run, Path docs) throws IOException {
        publish(run, Rendered.load(run), docs);
    }

    /** Writes each rendered section into its page {@code docs/<id>.md}, when that page exists. */
    static void publish(Path run, List<Rendered> sections, Path docs) throws IOException {
        JsonNode env = Files.exists(run.resolve("env.json")) ? new ObjectMapper().readTree(run.resolve("env.json").toFile())
                : new ObjectMapper().createObjectNode();
        Files.createDirectories(docs.resolve("images"));
        List<String> ids = sections.stream().map(Rendered::id).toList();
        String scale = env.path("host").path("scale").asText("default");
        boolean main = scale.equals("default");
        String start = main ? START : "<!-- kensho:reference-run:" + scale + " -->";
        String end = main ? END : "<!-- /kensho:reference-run:" + scale + " -->";
        String images = main ? "images/" : "images/" + scale + "-";
        for (Rendered r : sections) {
            Path page = docs.resolve(r.id() + ".md");
            if (!Files.exists(page) || !r.measured()) {
                continue; // a run that measured nothing of this experiment (a one-module run, pooled) leaves its page alone
            }
            for (Rendered.Block b : r.blocks()) {
                if (b.png() != null) {
                    Path png = run.resolve(b.png());
                    Files.copy(png, docs.resolve(images + png.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            StringBuilder envText = new StringBuilder();
            env.path("host").fields().forEachRemaining(f -> envText.append("- ").append(f.getKey()).append(": ")
                    .append(f.getValue().asText()).append('\n'));
            List<String> notes = new ArrayList<>();
            env.path("notes").forEach(n -> notes.add("- " + n.asText()));
            notes.removeIf(l -> !ownNote(l, r.id(), ids));
            String runName = run.getFileName().toString();
            String runPage = "runs/" + runName + "/" + r.id() + ".md";
            String heading = "## " + (main ? "Reference run" : "Run at scale `" + scale + "`:") + " `" + runName + "`\n\n"
                    + "Generated from the run's report sections (`Docs`); numbers, not prose, so regenerate rather than"
                    + " edit. Status: **" + RunFolder.stateOf(run) + "**.\n\n";
            String full = start + "\n" + heading
                    + legended(r.ledger()) + r.markdown("../../" + images).strip() + "\n\n### Environment of this run\n\n"
                    + envText + (notes.isEmpty() ? "" : "\n#### Notes\n\n" + String.join("\n", notes) + "\n") + end;
            Path runFile = docs.resolve(runPage);
            Files.createDirectories(runFile.getParent());
            if (!Files.exists(runFile)) {
                Files.writeString(runFile, "# " + r.id() + ": run `" + runName + "`\n\n"
                        + "The run's whole report section; the question, method and ledger are on [the experiment's page](../../"
                        + r.id() + ".md).\n", StandardCharsets.UTF_8);
            }
            replaceBlock(runFile, start, end, full);
            // the page keeps the default run's findings, short: the rest of the ledger is one link away, on the run page
            boolean findings = main && !r.ledger().isEmpty();
            String ledger = findings ? LedgerView.LEGEND + "\n\n" + LedgerView.findings(r.ledger()) : "";
            String rest = findings ? "Each finding's reason, parameters and what it rests on, the ledger's other "
                    + LedgerView.others(r.ledger()) + " rows (context, set by the suite, checks, not measured), charts,"
                    + " derived tables and the environment of this run: " : "Charts, derived tables and the environment of this run: ";
            String block = start + "\n" + heading + ledger + rest + "[" + runPage + "](" + runPage + ").\n" + end;
            replaceBlock(page, start, end, block);
        }
        copyReport(run, docs.resolve("runs").resolve(run.getFileName().toString()));
        Path claims = run.resolve(RunVerdicts.FILE); // a pooled run's verdicts per run, generated by its report
        if (Files.exists(claims)) {
            Path to = docs.resolve("runs").resolve(run.getFileName().toString()).resolve(RunVerdicts.FILE);
            Files.createDirectories(to.getParent());
            Files.copy(claims, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The files of a run folder its report.html links to, besides its own anchors. */
    static final List<String> REPORT_FILES = List.of("report.html", "results.csv", "summary.md");

    /**
     * The run's {@code report.html}, to open before running anything, with the files it links ({@link #REPORT_FILES}),
     * into its folder under {@code docs/runs/}; nothing when the run has no report.
     */
    private static void copyReport(Path run, Path to) throws IOException {
        if (!Files.exists(run.resolve("report.html"))) {
            return;
        }
        Files.createDirectories(to);
        for (String f : REPORT_FILES) {
            if (Files.exists(run.resolve(f))) {
                Files.copy(run.resolve(f), to.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** The ledger for a page, its verdict words explained above it ("" when it has no row). */
    private static String legended(Table ledger) {
        return ledger.isEmpty() ? "" : LedgerView.LEGEND + "\n\n" + LedgerView.markdown(ledger);
    }

    /** Replaces the text between {@code start} and {@code end} in {@code file}, or appends the block when they are missing. */
    private static void replaceBlock(Path file, String start, String end, String block) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int s = text.indexOf(start);
        int t = text.indexOf(end);
        text = s >= 0 && t > s ? text.substring(0, s) + block + text.substring(t + end.length())
                : text.stripTrailing() + "\n\n" + block + "\n";
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** A run note ("- topic: text") belongs on a page unless its topic names another experiment. */
    static boolean ownNote(String line, String experiment, List<String> experiments) {
        return experiments.stream().noneMatch(id -> !id.equals(experiment) && line.startsWith("- " + id + " "));
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("kensho: usage: Docs <run folder> [docs folder, default docs]");
            System.exit(2);
        }
        System.exit(run(args[0], args.length == 2 ? args[1] : null, System.err));
    }

    /** Publishes a run into the docs folder (null: the checkout's docs); 0, or 2 with one line. */
    public static int run(String folder, String docsFolder, PrintStream err) {
        try {
            SettingRegistry.withSources(List.of()).check(System.getProperties());
            Path p = Paths.get(folder);
            RunFolder run = RunFolder.at(p.isAbsolute() ? p : Settings.root().resolve(p));
            Path docs = docsFolder != null ? Paths.get(docsFolder) : Settings.root().resolve("docs");
            publish(run.dir(), docs);
            err.println("kensho: published " + run.dir().getFileName() + " into " + docs);
            return 0;
        } catch (BadInput e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("kensho: cannot publish into the docs folder (" + e.getMessage() + ")");
            return 2;
        }
    }
}
