package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.cpu.Bottleneck;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.export.Verdicts;
import dev.kensho.report.profile.ClaimSides;
import dev.kensho.report.profile.ProfileAnchors;
import dev.kensho.report.stats.ForkSpreads;
import dev.kensho.report.stats.RatioInterval;
import dev.kensho.report.stats.RatioMethod;
import dev.kensho.report.stats.Ratios;
import dev.kensho.report.stats.Verdict;
import dev.kensho.report.stats.Width;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders one {@link Section} from a run's rows into a {@link Rendered}: derived rows joined to the
 * experiment's rows, the charts (PNG into {@code charts/}, SVG kept inline), the ledger of published
 * figures, the derived rows with how they read, the section's tables and the calibration rows.
 */
final class SectionRenderer {

    private SectionRenderer() {
    }

    /**
     * What limited every result: the server's and the load generator's CPU per iteration (JMH's mean and
     * 99.9% half-width, in cores) and the verdict they give ({@link dev.kensho.common.cpu.Bottleneck}), with what the
     * section says about the case's load generator ({@link Section#bottleneckNote}).
     */
    static Table bottlenecks(Section s, List<Results.Row> own) {
        Verdicts verdicts = Verdicts.of(own);
        Table t = Table.of("What limited each result (CPU per iteration, in cores: the server's, the load generator's;"
                + " a result measured while its own client was saturated says so):", "benchmark", "case", "verdict");
        for (Results.Row r : own) {
            if (!Verdicts.isPrimary(r)) {
                continue;
            }
            Bottleneck.Verdict v = verdicts.of(r);
            if (v != null) {
                String note = s.bottleneckNote(r, own);
                t.row(r.cls() + "." + r.method(), caseOf(r), v + (note == null ? "" : "; " + note));
            }
        }
        return t;
    }

    static Rendered render(Section s, Path dir, List<Results.Row> runRows, List<JsonNode> series, JsonNode env)
            throws IOException {
        return render(s, dir, runRows, series, env, List.of());
    }

    /** As above, for a pooled folder whose runs ({@link RunVerdicts}) mark the verdicts the pool alone decided. */
    static Rendered render(Section s, Path dir, List<Results.Row> runRows, List<JsonNode> series, JsonNode env,
                           List<RunVerdicts.Run> runs) throws IOException {
        // each method's fork spread, pooled over its cases, bounds the ratios derived below (RatioInterval)
        List<Results.Row> own = ForkSpreads.attach(runRows.stream().filter(r -> r.experiment().equals(s.id())).toList());
        List<Results.Row> derived = s.derived(own);
        List<Results.Row> rows = new ArrayList<>(own);
        rows.addAll(derived);
        RunData run = new RunData(rows, series.stream().filter(j -> s.id().equals(j.path("experiment").asText())).toList(), env);
        List<Published> published = s.published();
        // a profiled run sets each claim's two sides' profiles against each other (the report's profile part)
        ClaimSides.save(dir, s.id(), published.stream().filter(p -> p.kind() == Published.Kind.CLAIM)
                .flatMap(p -> p.ours(rows).stream().map(r -> Map.entry(ClaimCase.claim(p, r, p.ours(rows)), r))).toList());
        List<Rendered.Block> blocks = new ArrayList<>();
        List<Plot> plots = new ArrayList<>();
        for (ChartSpec spec : s.charts()) {
            plots.add(spec.plot(rows, published));
        }
        plots.addAll(s.plots(run));
        List<String> drawn = new ArrayList<>();
        for (Plot p : plots) {
            Chart<?, ?> chart = Charts.build(p);
            if (chart == null) {
                continue;
            }
            Charts.png(chart, dir.resolve("charts").resolve(p.id() + ".png"));
            blocks.add(new Rendered.Block(p.id(), p.title(), "charts/" + p.id() + ".png", Charts.svg(chart), null));
            drawn.add(p.id());
        }
        if (!derived.isEmpty()) {
            Table t = Table.of(DERIVED_CAPTION,
                    "what", "case", "over", ">value", "interval (99.9%)", "reads");
            for (Results.Row r : derived) {
                t.row(r.cls() + "." + r.method() + " " + r.metric(), caseOf(r), r.params().getOrDefault("over", ""),
                        Export.fmt(r.score()) + (r.unit().isEmpty() ? "" : " " + r.unit()), interval(r),
                        Ratios.reading(r)); // a ratio or exponent against 1; a fitted cost (ms) or knee by its interval
            }
            blocks.add(new Rendered.Block("derived-" + s.id(), "derived", null, null, t));
        }
        for (Table t : s.tables(run)) {
            if (!t.isEmpty()) {
                blocks.add(new Rendered.Block(null, t.caption(), null, null, t));
            }
        }
        Table cal = calibration(own);
        if (!cal.isEmpty()) {
            blocks.add(new Rendered.Block(null, cal.caption(), null, null, cal));
        }
        Table bound = bottlenecks(s, own);
        if (!bound.isEmpty()) {
            blocks.add(new Rendered.Block("bottleneck-" + s.id(), "bottleneck", null, null, bound));
        }
        return new Rendered(s.id(), s.order(), s.title(), s.seed(), s.question(), s.docs(), !own.isEmpty(),
                RunVerdicts.marked(ledger(s, published, rows, env, drawn, status(dir), ProfileAnchors.of(dir)), s.id(), runs), blocks);
    }

    /** The derived rows' caption: the ratio methods in the order {@link RatioInterval#of} tries them. */
    static final String DERIVED_CAPTION = "Derived at report time from the rows above (ratios: one case over its counterpart,"
            + " 99.9% interval from both sides' by the method named — " + RatioMethod.legend()
            + ", see docs/method.md; fits: ± from the points'):";

    /** The precision budget of a number beside a published figure: a 99.9% half-width of at most 5% of it. */
    static final double BUDGET = 0.05;

    /** "" when the number meets the budget; else what it is: "unresolved: ±31%" (or "no interval"). */
    static String budget(double value, double halfWidth) {
        if (Double.isNaN(halfWidth)) {
            return " (no interval)";
        }
        double rel = Math.abs(halfWidth / value);
        return rel <= BUDGET ? "" : String.format(Locale.ROOT, " (unresolved: ±%.0f%%)", 100 * rel);
    }

    /** A derived ratio's interval and method ("[0.40, 1.61] Fieller"); "± h" for a symmetric one; "–" for none. */
    static String interval(Results.Row r) {
        if (r.interval() != null) {
            return r.interval().shown();
        }
        return Double.isNaN(r.error()) ? Export.fmt(r.error()) : "± " + Export.fmt(r.error());
    }

    /** The run's status.json (its seconds per case and fork price an open row's remedy), empty when it has none. */
    private static JsonNode status(Path dir) throws IOException {
        Path f = dir.resolve(RunFolder.STATUS_FILE);
        return Files.exists(f) ? new ObjectMapper().readTree(f.toFile()) : new ObjectMapper().createObjectNode();
    }

    /**
     * Seconds one more round of a row's sides took in this run: its class's seconds per case and fork (status.json),
     * twice for a ratio of two cases; NaN when the run did not record it.
     */
    static double secondsPerRound(Results.Row r, JsonNode status) {
        JsonNode s = status.path(RunFolder.SECONDS_PER_FORK_CASE).path(r.cls().replaceAll(".*\\.", ""));
        return s.isNumber() ? s.asDouble() * (r.param("over") == null ? 1 : 2) : Double.NaN;
    }

    /** The ledger's column of a claim's "finding", a check's "check", else the figure's kind. */
    static final String KIND = "kind";
    /** The ledger's last column: the profiled cases its interval comes from ({@link ProfileAnchors#cell}), "" for none. */
    static final String PROFILES = "profiles";

    /**
     * Per published figure: ours, its interval, the published value and the range it is judged on, the verdict, the
     * chart it is on, and its kind (finding, check, context, set). Claims first, then checks, context and set figures.
     */
    static Table ledger(Section s, List<Published> published, List<Results.Row> rows, JsonNode env, List<String> drawn,
                        JsonNode status) {
        return ledger(s, published, rows, env, drawn, status, ProfileAnchors.NONE);
    }

    /** As above, each row naming the profiled cases its interval comes from ({@code profiles}: the run's). */
    static Table ledger(Section s, List<Published> published, List<Results.Row> rows, JsonNode env, List<String> drawn,
                        JsonNode status, ProfileAnchors profiles) {
        Table t = Table.of("", "published claim or figure", ">ours", ">± or interval (99.9%)", ">published", "verdict",
                "ours measured with", "published on", "source", "chart", KIND, PROFILES);
        int cores = env.path("host").path("cores").asInt(0);
        String pooled = pooledRuns(env);
        List<Published> ordered = new ArrayList<>();
        for (Published.Kind k : Published.Kind.values()) {
            ordered.addAll(published.stream().filter(p -> p.kind() == k).toList());
        }
        for (Published p : ordered) {
            String pub = p.shown();
            String kind = kindOf(p);
            List<Results.Row> ours = p.ours(rows);
            if (ours.isEmpty()) {
                t.row(p.what(), "not measured", "", pub, Verdict.notMeasured(p), "", p.setup(), p.source(), "", kind, "");
                continue;
            }
            if (p.every()) {
                List<String> cells = new ArrayList<>(every(s, p, ours, rows, cores, pooled, status, drawn, kind));
                cells.add(profiles.cell(ours));
                t.row(cells.toArray(String[]::new));
                continue;
            }
            for (Results.Row r : ours) {
                Judged j = judged(p, r, cores, status);
                t.row(ClaimCase.claim(p, r, ours), j.shownValue() + " " + p.unit(), j.shownError(), pub, Verdict.of(p, j.value(), j.bounds(), j.ours()),
                        caseOf(r) + (r.param("over") == null ? "" : " ÷ " + r.param("over")) + "; " + cores
                                + " cores shared by client and server; " + restsOn(r, pooled)
                                + (j.bounds() == null || j.bounds().why().isEmpty() ? "" : "; " + j.bounds().why())
                                + explanation(p, r, rows), p.setup(), p.source(), chart(s, drawn, r), kind,
                        profiles.cell(List.of(r)));
            }
        }
        return t;
    }

    /** What a symmetric interval that reaches below 0 says when its quantity cannot (a time, a rate). */
    static final String CLIPPED_AT_0 = ", clipped at 0: a time or a rate is not negative";

    /**
     * {@code v ± e}; for a time or a rate (units {@code s}, {@code ms/op}, {@code records/s} …) whose symmetric
     * interval reaches below 0, its low end is 0 and the method says so: the true value is positive, so clipping
     * keeps the interval's coverage, where a negative time would only say the interval is wide.
     */
    static Interval symmetric(double v, double e, String unit, String method) {
        boolean positive = unit.endsWith("/s") || unit.matches("(min|s|ms|us|ns)(/op)?");
        return positive && v > 0 && v - e < 0 ? new Interval(0, v + e, method + CLIPPED_AT_0) : new Interval(v - e, v + e, method);
    }

    /** "finding" for a claim, "check" for a check, else the kind's name. */
    static String kindOf(Published p) {
        return p.kind() == Published.Kind.CLAIM ? "finding" : p.kind().name().toLowerCase(Locale.ROOT);
    }

    /** One row of ours as a verdict reads it: our value and interval in the published unit, shown, and the conditions. */
    private record Judged(double value, Interval bounds, String shownValue, String shownError, Verdict.Conditions ours) {
    }

    private static Judged judged(Published p, Results.Row r, int cores, JsonNode status) {
        double v = p.convert(r.score(), r.unit());
        double e = Double.isNaN(r.halfWidth()) ? Double.NaN : p.convert(r.halfWidth(), r.unit());
        Interval bounds = r.interval() != null ? r.interval()
                : Double.isNaN(e) ? null : symmetric(v, e, r.unit(), Results.RECORDED.equals(r.source()) ? "Student t" : "JMH")
                .restingOn(r.forks() == null ? 0 : Math.max(r.forks().count(), r.forks().rounds()), Math.max(1, r.samples() - 1));
        if (bounds != null && bounds.why().isEmpty()) {
            bounds = Width.explain(bounds, v, r); // a ratio's reason comes with it, from both sides
        }
        // one notation for every row: "[low, high] method", a symmetric half-width written as its interval
        String shownError = bounds == null ? Export.fmt(e) + budget(v, e)
                : bounds.shown() + (r.interval() == null ? budget(v, e) : "");
        String shownValue = bounds != null && !bounds.isUnbounded()
                ? Export.fmtApart(v, bounds.low(), bounds.high())[0] : Export.fmt(v);
        return new Judged(v, bounds, shownValue, shownError, new Verdict.Conditions(cores, threads(r), secondsPerRound(r, status)));
    }

    /**
     * A claim about every case of ours ("every codec slows the load"): one row, one verdict (the weakest of the cases',
     * {@link Verdict#every}); ours the span of the cases' values, the interval their hull, each case with its own in
     * the "measured with" cell.
     */
    private static List<String> every(Section s, Published p, List<Results.Row> ours, List<Results.Row> rows, int cores,
                                      String pooled, JsonNode status, List<String> drawn, String kind) {
        List<Verdict.Case> cases = new ArrayList<>();
        StringBuilder each = new StringBuilder();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Results.Row r : ours) {
            Judged j = judged(p, r, cores, status);
            String label = caseOf(r) + (r.param("over") == null ? "" : " ÷ " + r.param("over"));
            cases.add(new Verdict.Case(label, j.value(), j.bounds(), j.ours()));
            min = Math.min(min, j.value());
            max = Math.max(max, j.value());
            if (j.bounds() != null && !j.bounds().isUnbounded()) {
                lo = Math.min(lo, j.bounds().low());
                hi = Math.max(hi, j.bounds().high());
            }
            each.append("; ").append(label).append(": ").append(j.shownValue())
                    .append(j.bounds() == null ? "" : " " + j.shownError()).append(explanation(p, r, rows));
        }
        String span = Export.fmt(min) + (min == max ? "" : " … " + Export.fmt(max));
        String hull = lo > hi ? "" : "[" + Export.fmt(lo) + ", " + Export.fmt(hi) + "] hull of " + ours.size() + " cases";
        return List.of(p.what(), span + " " + p.unit(), hull, p.shown(), Verdict.every(p, cases),
                "every one of " + ours.size() + " cases; " + cores + " cores shared by client and server; "
                        + restsOn(ours.get(0), pooled) + each, p.setup(), p.source(), chart(s, drawn, ours.get(0)), kind);
    }

    /**
     * "; explained by the region server's CPU seconds per million rows: 1.27 [1.08, 1.48]": the measure of ours that
     * explains the claim's (the same case, another metric), shown and never judged; "" when the claim names none or
     * the run has no such row.
     */
    static String explanation(Published p, Results.Row r, List<Results.Row> rows) {
        if (p.explainedBy().isBlank()) {
            return "";
        }
        for (Results.Row e : rows) {
            if (e.cls().equals(r.cls()) && e.method().equals(r.method()) && e.params().equals(r.params())
                    && e.metric().equals(p.explanationMetric())) {
                String value = e.interval() != null && !e.interval().isUnbounded()
                        ? Export.fmtApart(e.score(), e.interval().low(), e.interval().high())[0] + " "
                        + e.interval().shown().substring(0, e.interval().shown().indexOf(']') + 1)
                        : Export.fmt(e.score());
                return "; explained by " + p.explanationLabel() + ": " + value + " (not judged)";
            }
        }
        return "";
    }

    private static String chart(Section s, List<String> drawn, Results.Row r) {
        return s.charts().stream().filter(c -> drawn.contains(c.id()) && shows(c, r))
                .map(c -> "[" + c.id() + "](#" + c.id() + ")").findFirst().orElse("");
    }

    /** The runs a pooled run folder joins ("default1, default2"), or "" for a run of its own. */
    static String pooledRuns(JsonNode env) {
        List<String> names = new ArrayList<>();
        env.path("pooled").path("runs").forEach(n -> names.add(n.asText()));
        return names.size() > 1 ? String.join(", ", names) : "";
    }

    /** The client threads of a row ({@code threads} param; a gain's is its larger side's), 0 when it has none. */
    static int threads(Results.Row r) {
        try {
            return r.param("threads") == null ? 0 : Integer.parseInt(r.param("threads"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * What a verdict rests on: one run is one sample of a verdict (a rerun can flip one near its boundary), so the
     * ledger says so — "one run", or the interleaved rounds of one run when both sides were paired round by round.
     */
    static String restsOn(Results.Row r) {
        return restsOn(r, "");
    }

    /** The same, for a run folder that pools runs (report's {@code Pool}), named in {@code pooledRuns} ("": not pooled). */
    static String restsOn(Results.Row r, String pooledRuns) {
        if (!pooledRuns.isEmpty()) {
            return "rests on " + pooledRuns.split(", ").length + " runs pooled (" + pooledRuns
                    + (r.forks() != null && r.forks().count() > 0 ? "; " + r.forks().count() + " forks" : "") + ")";
        }
        String method = r.interval() == null ? null : r.interval().method();
        if (RatioMethod.of(method) == RatioMethod.PAIRED || RatioMethod.of(method) == RatioMethod.ANYTIME) {
            return "rests on " + method + " of one run";
        }
        if (RatioMethod.roundsOf(method) != null) {
            return "rests on " + RatioMethod.roundsOf(method) + " of one run";
        }
        if (r.forks() != null && r.forks().rounds() > 1) {
            return "rests on " + r.forks().rounds() + " interleaved rounds of one run";
        }
        return "rests on one run" + (r.forks() != null && r.forks().count() > 0 ? " (" + r.forks().count() + " fork"
                + (r.forks().count() == 1 ? "" : "s") + ")" : "");
    }

    /** The row's params without the {@code over} a derived ratio carries ("k=v k=v"). */
    static String caseOf(Results.Row r) {
        StringBuilder sb = new StringBuilder();
        r.params().forEach((k, v) -> {
            if (!k.equals("over")) {
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v);
            }
        });
        return sb.toString();
    }

    private static boolean shows(ChartSpec c, Results.Row r) {
        return c.cls().equals(r.cls()) && r.method().matches(c.method()) && r.metric().matches(c.metric())
                && c.filter().entrySet().stream().allMatch(e -> e.getValue().equals(r.params().get(e.getKey())));
    }

    /** Rows whose method, params or metric name a calibration tool (redis-cli, redis-benchmark, PE). */
    static Table calibration(List<Results.Row> rows) {
        Table t = Table.of("Calibration rows (external tools on the same server):", "benchmark", "params", "metric",
                ">value", ">± (99.9%)");
        rows.stream().filter(r -> (r.method() + " " + r.paramString() + " " + r.metric()).toLowerCase()
                        .matches(".*(redis_cli|redis-cli|rediscli|redis_benchmark|redis-benchmark|redisbenchmark|performanceevaluation|calibration).*"))
                .filter(r -> !r.unit().equals("B") && !r.unit().equals("x"))
                .forEach(r -> t.row(r.cls() + "." + r.method(), r.paramString(), r.metric(),
                        Export.fmt(r.score()) + " " + r.unit(), Export.fmt(r.halfWidth())));
        return t;
    }
}
