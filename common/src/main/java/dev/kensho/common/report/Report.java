package dev.kensho.common.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.ReportWriter;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a run folder into {@code report.md} (PNG charts in {@code charts/}, for GitHub) and
 * {@code report.html} (one self-contained file, SVG charts inlined, no remote resources): per
 * experiment the charts the write-up drew, from our data, and a table of our value ± error beside the
 * published one with the ratio and how the set-ups differ; then the environment and the run's notes.
 *
 * <p>Runs after every export of a launcher run. Re-render any run folder:
 * {@code ./mvnw -q -pl common exec:java -Dexec.mainClass=dev.kensho.common.report.Report -Dexec.args=target/kensho-runs/<runId>}
 */
public final class Report implements ReportWriter {

    @Override
    public void write(RunFolder run, List<Results.Row> rows) {
        try {
            render(run.dir(), rows);
        } catch (IOException e) {
            throw new TargetFailure("cannot write the report in " + run.dir() + " (" + e.getMessage() + ")");
        }
    }

    /** One comparison row: ours (may be absent) beside a published figure. */
    record Comparison(Published published, Results.Row ours, double value) {
        /** Our value extrapolated linearly to the published size, or NaN. */
        double scaled() {
            double f = published.scaleFactor(ours);
            return Double.isNaN(f) ? Double.NaN : value * f;
        }

        double ratio() {
            if (ours == null) {
                return Double.NaN;
            }
            return (Double.isNaN(scaled()) ? value : scaled()) / published.value();
        }

        double error() {
            return ours == null || Double.isNaN(ours.error()) ? Double.NaN : published.convert(ours.error(), ours.unit());
        }
    }

    static List<Comparison> comparisons(String experiment, List<Results.Row> rows) {
        List<Comparison> out = new ArrayList<>();
        for (Published p : Published.load()) {
            if (!p.experiment().equals(experiment)) {
                continue;
            }
            List<Results.Row> ours = p.ours(rows);
            if (ours.isEmpty()) {
                out.add(new Comparison(p, null, Double.NaN));
            }
            for (Results.Row r : ours) {
                out.add(new Comparison(p, r, p.convert(r.score(), r.unit())));
            }
        }
        return out;
    }

    static void render(Path dir, List<Results.Row> rows) throws IOException {
        JsonNode env = readJson(dir.resolve("env.json"));
        Path charts = dir.resolve("charts");
        Files.createDirectories(charts);
        StringBuilder md = new StringBuilder();
        StringBuilder html = new StringBuilder();
        String runId = dir.getFileName().toString();
        String state = env.path("status").asText("unknown");
        md.append("# kensho report — run ").append(runId).append("\n\nStatus: **").append(state).append("**. ")
                .append(machine(env)).append("\n\nErrors: JMH's 99.9% confidence half-width (± standard deviation for"
                        + " recorded measurements). \"ours × size ratio\": a time measured on less data, extrapolated"
                        + " linearly to the published size (the growth charts show how far that holds); the ratio then"
                        + " uses it. Published figures: `common/src/main/resources/dev/kensho/common/report/published.csv`."
                        + " All numbers: [results.csv](results.csv), [summary.md](summary.md).\n");
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>kensho report ")
                .append(esc(runId)).append("</title><style>").append(CSS).append("</style></head><body>")
                .append("<h1>kensho report — run ").append(esc(runId)).append("</h1><p>Status: <b>").append(esc(state))
                .append("</b>. ").append(esc(machine(env))).append("</p><p class=\"small\">Errors: JMH's 99.9% confidence"
                        + " half-width (± standard deviation for recorded measurements).</p>");
        for (Experiments.Experiment e : Experiments.all()) {
            boolean any = rows.stream().anyMatch(r -> r.experiment().equals(e.id()));
            if (!any && e.id().equals("common")) {
                continue;
            }
            md.append("\n## ").append(e.title()).append("\n\n").append(e.question());
            if (!e.seed().isEmpty()) {
                md.append(" (write-up `").append(e.seed()).append("`; method and full tables: `").append(e.docs()).append("`)");
            }
            md.append("\n\n");
            html.append("<h2>").append(esc(e.title())).append("</h2><p>").append(esc(e.question())).append("</p>");
            if (!any) {
                md.append("_Not measured in this run._\n\n");
                html.append("<p><i>Not measured in this run.</i></p>");
            }
            for (ChartSpec spec : e.charts()) {
                Chart<?, ?> chart = Charts.build(spec, spec.select(rows));
                if (chart == null) {
                    continue;
                }
                Charts.png(chart, charts.resolve(spec.id() + ".png"));
                md.append("![").append(spec.title()).append("](charts/").append(spec.id()).append(".png)\n\n");
                html.append("<figure>").append(Charts.svg(chart)).append("</figure>");
            }
            List<Comparison> cs = comparisons(e.id(), rows);
            if (!cs.isEmpty()) {
                md.append("| what | ours | ± | ours × size ratio | published | ratio ours/published | ours measured with | published on | source |\n")
                        .append("|---|---:|---:|---:|---:|---:|---|---|---|\n");
                html.append("<table><tr><th>what</th><th>ours</th><th>±</th><th>ours × size ratio</th><th>published</th>"
                        + "<th>ratio</th><th>ours measured with</th><th>published on</th><th>source</th></tr>");
                for (Comparison c : cs) {
                    Published p = c.published();
                    String ours = c.ours() == null ? "not measured" : Export.fmt(c.value()) + " " + p.unit();
                    String with = c.ours() == null ? "" : c.ours().paramString() + "; " + cores(env);
                    String pub = Export.fmt(p.value()) + (Double.isNaN(p.error()) ? "" : " ± " + Export.fmt(p.error()))
                            + " " + p.unit();
                    String scaled = Double.isNaN(c.scaled()) ? "" : Export.fmt(c.scaled()) + " " + p.unit();
                    md.append("| ").append(cell(p.what())).append(" | ").append(ours).append(" | ").append(Export.fmt(c.error()))
                            .append(" | ").append(scaled).append(" | ").append(pub).append(" | ").append(Export.fmt(c.ratio())).append(" | ")
                            .append(cell(with)).append(" | ").append(cell(p.setup())).append(" | ").append(cell(p.source())).append(" |\n");
                    html.append("<tr><td>").append(esc(p.what())).append("</td><td class=\"n\">").append(esc(ours))
                            .append("</td><td class=\"n\">").append(esc(Export.fmt(c.error()))).append("</td><td class=\"n\">")
                            .append(esc(scaled)).append("</td><td class=\"n\">").append(esc(pub)).append("</td><td class=\"n\">").append(esc(Export.fmt(c.ratio())))
                            .append("</td><td>").append(esc(with)).append("</td><td>").append(esc(p.setup()))
                            .append("</td><td>").append(esc(p.source())).append("</td></tr>");
                }
                html.append("</table>");
                md.append('\n');
            }
            Specials.render(e.id(), dir, rows, charts, md, html);
            calibration(e.id(), rows, md, html);
        }
        environment(env, md, html);
        html.append("</body></html>\n");
        write(dir.resolve("report.md"), md.toString());
        write(dir.resolve("report.html"), html.toString());
    }

    /** Rows whose method or params name a calibration tool (redis-cli, redis-benchmark, PE). */
    private static void calibration(String experiment, List<Results.Row> rows, StringBuilder md, StringBuilder html) {
        List<Results.Row> cal = rows.stream().filter(r -> r.experiment().equals(experiment))
                .filter(r -> (r.method() + " " + r.paramString() + " " + r.metric()).toLowerCase()
                        .matches(".*(redis_cli|redis-cli|rediscli|redis_benchmark|redis-benchmark|redisbenchmark|performanceevaluation|calibration).*"))
                .filter(r -> !r.unit().equals("B") && !r.unit().equals("x"))
                .toList();
        if (cal.isEmpty()) {
            return;
        }
        md.append("Calibration rows (external tools on the same server):\n\n| benchmark | params | metric | value | ± |\n|---|---|---|---:|---:|\n");
        html.append("<p>Calibration rows (external tools on the same server):</p><table><tr><th>benchmark</th><th>params</th>"
                + "<th>metric</th><th>value</th><th>±</th></tr>");
        for (Results.Row r : cal) {
            md.append("| ").append(r.cls()).append('.').append(r.method()).append(" | ").append(r.paramString()).append(" | ")
                    .append(r.metric()).append(" | ").append(Export.fmt(r.score())).append(' ').append(r.unit()).append(" | ")
                    .append(Export.fmt(r.error())).append(" |\n");
            html.append("<tr><td>").append(esc(r.cls() + "." + r.method())).append("</td><td>").append(esc(r.paramString()))
                    .append("</td><td>").append(esc(r.metric())).append("</td><td class=\"n\">")
                    .append(esc(Export.fmt(r.score()) + " " + r.unit())).append("</td><td class=\"n\">")
                    .append(esc(Export.fmt(r.error()))).append("</td></tr>");
        }
        md.append('\n');
        html.append("</table>");
    }

    private static void environment(JsonNode env, StringBuilder md, StringBuilder html) {
        md.append("\n## Environment\n\n");
        html.append("<h2>Environment</h2><ul>");
        JsonNode host = env.path("host");
        host.fields().forEachRemaining(f -> {
            md.append("- ").append(f.getKey()).append(": ").append(f.getValue().asText()).append('\n');
            html.append("<li>").append(esc(f.getKey())).append(": ").append(esc(f.getValue().asText())).append("</li>");
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
            html.append("<li>server: ").append(esc(line)).append("</li>");
        }
        html.append("</ul>");
        if (env.path("notes").size() > 0) {
            md.append("\n### Notes\n\n");
            html.append("<h3>Notes</h3><ul>");
            for (JsonNode n : env.path("notes")) {
                md.append("- ").append(n.asText()).append('\n');
                html.append("<li>").append(esc(n.asText())).append("</li>");
            }
            html.append("</ul>");
        }
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

    private static String machine(JsonNode env) {
        JsonNode h = env.path("host");
        return "Machine: " + h.path("cores").asText("?") + " cores (" + h.path("cpu").asText("?") + "), "
                + String.format("%.0f", h.path("memory_bytes").asDouble() / (1L << 30)) + " GiB, "
                + h.path("jvm").asText("") + "; scale " + h.path("scale").asText("?") + "; commit "
                + h.path("commit").asText("?").substring(0, Math.min(10, h.path("commit").asText("?").length())) + ".";
    }

    private static String cores(JsonNode env) {
        return env.path("host").path("cores").asText("?") + " cores shared by client and server";
    }

    private static JsonNode readJson(Path f) throws IOException {
        return Files.exists(f) ? new ObjectMapper().readTree(f.toFile()) : new ObjectMapper().createObjectNode();
    }

    /** A Markdown table cell: pipes escaped. */
    static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|");
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static void write(Path target, String content) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".part");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static final String CSS = "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
            + "table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top}"
            + "td.n{text-align:right;white-space:nowrap}th{background:#f3f3f3}figure{margin:1em 0}svg{max-width:100%;height:auto}"
            + ".small{font-size:85%;color:#555}";

    /** Re-renders the report (and the CSV/Markdown/env.json) of an existing run folder. */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("kensho: usage: Report <run folder>, e.g. target/kensho-runs/20261122-101500");
            System.exit(2);
        }
        try {
            Path p = Paths.get(args[0]);
            RunFolder run = RunFolder.at(p.isAbsolute() ? p : Settings.root().resolve(p));
            run.export();
            System.err.println("kensho: wrote " + run.dir().resolve("report.html") + " and report.md");
        } catch (BadInput | TargetFailure e) {
            System.err.println("kensho: " + e.getMessage());
            System.exit(2);
        }
    }

}
