package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.auto.service.AutoService;
import dev.kensho.common.BadInput;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.ReportWriter;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.report.profile.ProfilePart;
import dev.kensho.report.stats.RatioMethod;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Turns a run folder into {@code report.md} (PNG charts in {@code charts/}, for GitHub) and
 * {@code report.html} (one self-contained file, SVG charts inlined, no remote resources). It names no
 * experiment: every {@link Section} on the classpath is rendered into {@code sections/<id>.json}, and
 * the report is assembled from all sections the folder holds. It opens with the answers — contents,
 * then per experiment the ledger of published figures with our number, interval and verdict, each
 * linking to its chart — then each section's charts and tables, then the environment and notes.
 *
 * <p>Runs after every export of a launcher run. Re-render any run folder:
 * {@code java -jar benchmarks/target/kensho-benchmarks.jar report target/kensho-runs/<runId>}
 */
@AutoService(ReportWriter.class)
public final class Report implements ReportWriter {

    /** The report's legend; its ratio methods are {@link RatioMethod#legend()}, in the order they are tried. */
    static final String LEGEND = "Verdicts follow `docs/method.md`: a claim (a dimensionless ratio) is judged on a range fixed"
            + " before any run (the write-up's words, else one rule by kind, named beside it) — reproduced (our whole interval"
            + " inside it), contradicted, not resolved (across an edge, with what would resolve it) or not reproducible here"
            + " by our interval, never by the means alone; a named condition explains only a gap it reaches, never the"
            + " direction; a check (its answer follows from the suite's own set-up) is counted apart from the findings;"
            + " context figures are bound to the write-up's machine and get none; a figure that follows from an input we"
            + " chose is set by the suite. ±: JMH's 99.9% confidence half-width (standard deviation for recorded measurements);"
            + " ratios: a 99.9% interval by the method named in the row (" + RatioMethod.legend()
            + "; docs/method.md, Intervals). One run is one sample of a verdict. All numbers: [results.csv](results.csv),"
            + " [summary.md](summary.md).";

    @Override
    public void write(RunFolder run, List<Results.Row> rows) {
        try {
            render(run.dir(), rows);
        } catch (IOException e) {
            throw new TargetFailure("cannot write the report in " + run.dir() + " (" + e.getMessage() + ")");
        }
    }

    static void render(Path dir, List<Results.Row> rows) throws IOException {
        JsonNode env = readJson(dir.resolve("env.json"));
        Files.createDirectories(dir.resolve("charts"));
        List<JsonNode> series = Jsonl.read(dir.resolve(Recorder.SERIES_FILE));
        List<RunVerdicts.Run> runs = RunVerdicts.of(env); // a pooled folder's runs, each judged alone
        for (Section s : Section.all()) {
            SectionRenderer.render(s, dir, rows, series, env, runs).save(dir);
        }
        List<Rendered> sections = Rendered.load(dir);
        if (!runs.isEmpty()) {
            write(dir.resolve(RunVerdicts.FILE), RunVerdicts.markdown(sections, runs));
        }
        StringBuilder md = new StringBuilder();
        StringBuilder html = new StringBuilder();
        String runId = dir.getFileName().toString();
        String state = RunFolder.stateOf(dir); // not env.json's: a launcher killed since then left it "running"
        String legend = LEGEND;
        String budget = ClaimStops.header(dir);
        String measured = measured(env) + (budget.isEmpty() ? "" : " " + budget);
        ProfilePart.Part profiles = ProfilePart.of(dir);
        String profiled = ProfileSection.header(env);
        md.append("# kensho report — run ").append(runId).append("\n\nStatus: **").append(state).append("**. ")
                .append(machine(env)).append("\n\n").append(profiled.isEmpty() ? "" : profiled + "\n\n").append(measured).append("\n\n").append(legend).append("\n\n## Contents\n\n");
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>kensho report ")
                .append(Html.esc(runId)).append("</title><style>").append(CSS).append("</style></head><body>")
                .append("<h1>kensho report — run ").append(Html.esc(runId)).append("</h1><p>Status: <b>").append(Html.esc(state))
                .append("</b>. ").append(Html.esc(machine(env))).append("</p><p>").append(profiled.isEmpty() ? "" : Html.inline(profiled) + "</p><p>").append(Html.inline(measured))
                .append("</p><p class=\"small\">").append(Html.inline(legend))
                .append("</p><h2>Contents</h2><ul>");
        for (Rendered r : sections) {
            String link = "[" + r.title() + "](#" + r.id() + ")"
                    + (r.ledger().isEmpty() ? "" : " — [answers](#answers-" + r.id() + ")");
            md.append("- ").append(link).append("\n");
            html.append("<li>").append(Html.inline(link)).append("</li>");
        }
        if (!profiles.isEmpty()) {
            md.append("- [Profiles](#").append(ProfileSection.ID).append(")\n");
            html.append("<li><a href=\"#").append(ProfileSection.ID).append("\">Profiles</a></li>");
        }
        md.append("- [Environment](#environment)\n\n## Answers: published figures against ours\n\n").append(LedgerView.LEGEND)
                .append(" A row's reason, parameters and what it rests on: the numbered line below its table.\n");
        html.append("<li><a href=\"#environment\">Environment</a></li></ul><h2>Answers: published figures against ours</h2>")
                .append("<p class=\"small\">").append(Html.esc(LedgerView.LEGEND))
                .append(" Click a claim for its reason, parameters and what it rests on.</p>");
        for (Rendered r : sections) {
            if (r.ledger().isEmpty()) {
                continue;
            }
            md.append("\n<a id=\"answers-").append(r.id()).append("\"></a>\n\n### ").append(r.title()).append("\n\n")
                    .append(LedgerView.markdown(r.ledger(), profiles.anchors()));
            html.append("<h3 id=\"answers-").append(Html.esc(r.id())).append("\">").append(Html.esc(r.title())).append("</h3>")
                    .append(LedgerView.html(r.ledger(), profiles.anchors()));
        }
        Table stops = ClaimStops.table(dir);
        if (!stops.isEmpty()) {
            md.append("\n### How each answer was reached\n\n").append(stops.markdown());
            html.append("<h3 id=\"claim-stops\">How each answer was reached</h3>").append(stops.html());
        }
        for (Rendered r : sections) {
            md.append("\n<a id=\"").append(r.id()).append("\"></a>\n\n## ").append(r.title()).append("\n\n")
                    .append(r.markdown("charts/"));
            html.append("<h2 id=\"").append(Html.esc(r.id())).append("\">").append(Html.esc(r.title())).append("</h2>")
                    .append(r.html());
        }
        ProfileSection.render(profiles, md, html);
        md.append("\n<a id=\"environment\"></a>\n");
        environment(env, md, html);
        yardstick(dir, md, html);
        html.append("</body></html>\n");
        write(dir.resolve("report.md"), md.toString());
        write(dir.resolve("report.html"), html.toString());
    }

    private static void environment(JsonNode env, StringBuilder md, StringBuilder html) {
        md.append("\n## Environment\n\n");
        html.append("<h2 id=\"environment\">Environment</h2><ul>");
        JsonNode host = env.path("host");
        host.fields().forEachRemaining(f -> {
            md.append("- ").append(f.getKey()).append(": ").append(f.getValue().asText()).append('\n');
            html.append("<li>").append(Html.esc(f.getKey())).append(": ").append(Html.esc(f.getValue().asText())).append("</li>");
        });
        for (JsonNode s : env.path("servers")) {
            String line = s.path("target").asText(s.path("kind").asText("server")) + " — "
                    + (s.has("redis_version") ? "Redis " + s.get("redis_version").asText()
                    : s.has("hbase_version") ? "HBase " + s.get("hbase_version").asText()
                    : s.has("emulator_version") ? s.path("emulator").asText("emulator") + " " + s.get("emulator_version").asText()
                    + " on Node " + s.path("node_version").asText("?")
                    : s.path("version").asText(""))
                    + (s.has("config") ? ", config: " + importantConfig(s.get("config")) : "")
                    + (s.path("instances").asInt(1) > 1 ? " (" + s.get("instances").asInt() + " instances, one per JMH fork)" : "");
            md.append("- server: ").append(line).append('\n');
            html.append("<li>server: ").append(Html.esc(line)).append("</li>");
        }
        html.append("</ul>");
        if (env.path("notes").size() > 0) {
            md.append("\n### Notes\n\n");
            html.append("<h3>Notes</h3><ul>");
            for (JsonNode n : env.path("notes")) {
                md.append("- ").append(n.asText()).append('\n');
                html.append("<li>").append(Html.inline(n.asText())).append("</li>");
            }
            html.append("</ul>");
        }
    }

    /** The machine's speed before each class ({@link Yardstick}): how much the host drifted during the run. */
    private static void yardstick(Path dir, StringBuilder md, StringBuilder html) {
        Optional<Yardstick.Summary> sum = Yardstick.summary(dir);
        if (sum.isEmpty()) {
            return;
        }
        Yardstick.Summary y = sum.get();
        String intro = "A " + y.sentence() + ". Each reading ÷ the run's median: a class measured while the host was"
                + " slower reads below 1, and its numbers are comparable with the others' only as far as these agree.";
        md.append("\n### Machine yardstick\n\n").append(intro).append("\n\n| before | at (UTC) | CPU | ÷ median | loopback |"
                + " ÷ median |\n|---|---|---:|---:|---:|---:|\n");
        html.append("<h3>Machine yardstick</h3><p>").append(Html.esc(intro)).append("</p>").append(Html.SCROLL_OPEN)
                .append("<table><tr><th>before</th>"
                + "<th>at (UTC)</th><th>CPU</th><th>÷ median</th><th>loopback</th><th>÷ median</th></tr>");
        for (JsonNode l : Jsonl.read(dir.resolve(Yardstick.FILE))) {
            double c = l.path("cpu_msteps_per_s").asDouble();
            double p = l.path("loopback_round_trips_per_s").asDouble();
            String[] cells = {l.path("at").asText("?"),
                    Instant.ofEpochMilli(l.path("epoch_ms").asLong()).toString().substring(0, 19).replace('T', ' '),
                    String.format(Locale.ROOT, "%.0f", c), String.format(Locale.ROOT, "%.2f", c / y.cpuMedian()),
                    String.format(Locale.ROOT, "%,.0f", p), String.format(Locale.ROOT, "%.2f", p / y.loopbackMedian())};
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
            html.append("<tr><td>").append(Html.esc(cells[0])).append("</td><td>").append(cells[1]).append("</td>");
            for (int i = 2; i < cells.length; i++) {
                html.append("<td class=\"n\">").append(cells[i]).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</table>").append(Html.SCROLL_CLOSE);
    }

    private static String importantConfig(JsonNode config) {
        List<String> out = new ArrayList<>();
        for (String k : List.of("io-threads", "io-threads-do-reads", "save", "appendonly", "maxmemory",
                "client-output-buffer-limit", "hbase.regionserver.handler.count")) {
            if (config.has(k)) {
                out.add(k + "=" + config.get(k).asText());
            }
        }
        return out.isEmpty() ? "(see env.json)" : String.join(", ", out);
    }

    /** Which server each benchmark class measured (env.json "targets"), so a reader sees whose server it was. */
    static String measured(JsonNode env) {
        Map<String, List<String>> byTarget = new TreeMap<>();
        env.path("targets").fields().forEachRemaining(e ->
                byTarget.computeIfAbsent(e.getValue().asText(), k -> new ArrayList<>()).add(e.getKey()));
        if (byTarget.isEmpty()) {
            return "Measured: no server recorded.";
        }
        StringBuilder b = new StringBuilder("Measured: ");
        String sep = "";
        for (var e : byTarget.entrySet()) {
            b.append(sep).append("**").append(e.getKey()).append("** (").append(String.join(", ", e.getValue())).append(")");
            sep = "; ";
        }
        return b.append('.').toString();
    }

    private static String machine(JsonNode env) {
        JsonNode h = env.path("host");
        return "Machine: " + h.path("cores").asText("?") + " cores (" + h.path("cpu").asText("?") + "), "
                + String.format("%.0f", h.path("memory_bytes").asDouble() / (1L << 30)) + " GiB, "
                + h.path("jvm").asText("") + "; scale " + h.path("scale").asText("?") + "; commit "
                + h.path("commit").asText("?").substring(0, Math.min(10, h.path("commit").asText("?").length())) + ".";
    }

    private static JsonNode readJson(Path f) throws IOException {
        return Files.exists(f) ? new ObjectMapper().readTree(f.toFile()) : new ObjectMapper().createObjectNode();
    }

    private static void write(Path target, String content) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".part");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The page's style: text wraps at the page's width (1,100 px at most); a table that needs more scrolls inside its
     * box ({@link Html#SCROLL_OPEN}), so the page never scrolls sideways; number cells do not wrap inside a number.
     */
    private static final String CSS = "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;"
            + "line-height:1.4;overflow-wrap:break-word}"
            + "div.scroll{overflow-x:auto;margin:1em 0}table{border-collapse:collapse;font-size:90%}"
            + "td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}"
            + "td.n{text-align:right;white-space:nowrap}th{background:#f3f3f3}figure{margin:1em 0}svg{max-width:100%;height:auto}"
            + ".small{font-size:85%;color:#555}"
            + "table.ledger{width:100%}table.ledger td.n{white-space:normal}span.nw{white-space:nowrap}"
            + "table.ledger td.v{white-space:nowrap;font-weight:600}"
            + "tr.ok td.v{color:#1a7f37}tr.no td.v{color:#cf222e}tr.open td.v{color:#9a6700}tr.other td.v{color:#57606a}"
            + "details summary{cursor:pointer}div.why{font-size:88%;color:#444;margin:.4em 0 .2em 1em}"
            + "table.ledger details{overflow-wrap:anywhere}";

    /** Re-renders the report (and the CSV/Markdown/env.json) of an existing run folder. */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("kensho: usage: Report <run folder>, e.g. target/kensho-runs/20261122-101500");
            System.exit(2);
        }
        System.exit(run(args[0], System.err));
    }

    /** Re-renders a run folder ({@code java -jar kensho-benchmarks.jar report <run folder>}); 0, or 2 with one line. */
    public static int run(String folder, PrintStream err) {
        try {
            SettingRegistry.withSources(List.of()).check(System.getProperties());
            Path p = Paths.get(folder);
            RunFolder run = RunFolder.at(p.isAbsolute() ? p : Settings.root().resolve(p));
            run.export();
            err.println("kensho: wrote " + run.dir().resolve("report.html") + " and report.md");
            return 0;
        } catch (BadInput | TargetFailure e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        }
    }

}
