package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.Bottleneck;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.profile.Profiling;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.ShardRecord;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes a run folder's {@code results.csv}, {@code summary.md}, {@code env.json} and the CI files
 * ({@link BencherFormat}, {@link GithubBenchmarkFormat}, {@link JmhResultFile}) from its JMH JSON and recorded measurements, then lets every {@link ReportWriter} on the classpath render the report.
 * Files are written to a temporary name and moved, so a reader never sees half a file.
 */
public final class Export {

    private final RunFolder run;

    public Export(RunFolder run) {
        this.run = run;
    }

    public void writeAll() {
        List<Results.Row> rows = Results.load(run.dir());
        write("results.csv", csv(rows, Profiles.folders(run.dir())));
        write("summary.md", markdown(rows));
        writeJson("env.json", env());
        // the same numbers for CI dashboards (Bencher; github-action-benchmark, one file per direction)
        writeJson(BencherFormat.FILE, BencherFormat.of(run.dir(), rows));
        writeJson(GithubBenchmarkFormat.BIGGER_FILE, GithubBenchmarkFormat.of(run.dir(), rows, true));
        writeJson(GithubBenchmarkFormat.SMALLER_FILE, GithubBenchmarkFormat.of(run.dir(), rows, false));
        // the whole run as one JMH result file, for the tools that read JMH's own format
        write(JmhResultFile.FILE, JmhResultFile.of(run.dir(), run.status().path("classes").fieldNames()));
        try {
            for (ReportWriter w : ServiceLoader.load(ReportWriter.class)) {
                w.write(run, rows);
            }
        } catch (ServiceConfigurationError e) {
            // a services file that names a class no longer built here: an output folder left by an older build
            throw new TargetFailure("the report writer could not be loaded (" + e.getMessage() + "); the run's numbers"
                    + " are in " + run.dir() + ". A build output older than the sources? ./mvnw clean, then run again");
        }
    }

    /** Config keys that name one server process rather than describe the server (ports, paths). */
    private static final Set<String> PER_INSTANCE_CONFIG = Set.of("port", "pidfile", "dir", "logfile",
            "unixsocket", "dbfilename", "appenddirname", "tls-port", "cluster-config-file", "hbase.rootdir",
            "hbase.zookeeper.property.clientPort", "hbase.zookeeper.property.dataDir", "startup");

    /** A server record with its keys sorted and its per-instance keys left out, at any depth. */
    private static String canonical(JsonNode n) {
        if (n.isObject()) {
            TreeMap<String, String> sorted = new TreeMap<>();
            n.fields().forEachRemaining(f -> {
                if (!PER_INSTANCE_CONFIG.contains(f.getKey())) {
                    sorted.put(f.getKey(), canonical(f.getValue()));
                }
            });
            return sorted.toString();
        }
        return n.toString();
    }

    Map<String, Object> env() {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("runId", run.dir().getFileName().toString());
        env.put("status", run.state());
        // the host block is taken once, when the run is made; re-rendering later must not rewrite it
        JsonNode old = null;
        try {
            Path f = run.dir().resolve("env.json");
            old = Files.exists(f) ? RunFolder.JSON.readTree(f.toFile()).get("host") : null;
        } catch (IOException ignored) {
            // rewritten below
        }
        env.put("host", old != null && !old.isMissingNode() ? old : Env.host());
        JsonNode shard = ShardRecord.env(run.dir());
        if (shard != null) {
            env.put("shard", shard);
        }
        Path pooled = run.dir().resolve(RunFolder.POOLED_FILE);
        if (Files.exists(pooled)) {
            try {
                env.put("pooled", RunFolder.JSON.readTree(pooled.toFile())); // the runs Pool joined into this one
            } catch (IOException e) {
                throw new TargetFailure("cannot read " + pooled + " (" + e.getMessage() + ")");
            }
        }
        Path forkJdk = run.dir().resolve(RunFolder.FORK_JDK_FILE);
        if (Files.exists(forkJdk)) {
            try {
                env.put("fork_jdk", RunFolder.JSON.readTree(forkJdk.toFile())); // what each class's forks ran on, and why
            } catch (IOException e) {
                throw new TargetFailure("cannot read " + forkJdk + " (" + e.getMessage() + ")");
            }
        }
        env.put("profiling", Profiling.env(run.dir())); // profiled numbers never pass for plain ones
        env.put("targets", targets());
        Yardstick.summary(run.dir()).ifPresent(y -> env.put("yardstick", y.toMap()));
        Map<String, ObjectNode> distinct = new LinkedHashMap<>();
        for (JsonNode s : Jsonl.read(run.dir().resolve(Recorder.SERVERS_FILE))) {
            // every JMH fork records its own server; they differ only in pid, port and directories
            ObjectNode c = s.deepCopy();
            c.remove("benchmark");
            c.put("target", sameAcrossForks(s.path("target").asText("")));
            String key = canonical(c);
            ObjectNode first = distinct.computeIfAbsent(key, k -> c);
            first.put("instances", first.path("instances").asInt(0) + 1);
        }
        env.put("servers", new ArrayList<>(distinct.values()));
        env.put("notes", notes());
        return env;
    }

    /**
     * Which server each benchmark class measured ("redis 7.2.4 at redis://cache.example:6379/0 (external)"),
     * so a reader sees at a glance that their server, not loopback, was measured.
     */
    Map<String, String> targets() {
        Map<String, Set<String>> byClass = new TreeMap<>();
        for (JsonNode s : Jsonl.read(run.dir().resolve(Recorder.SERVERS_FILE))) {
            String t = sameAcrossForks(s.path("target").asText(""));
            byClass.computeIfAbsent(s.path("benchmark").asText("(unknown class)"), k -> new LinkedHashSet<>()).add(t);
        }
        Map<String, String> out = new LinkedHashMap<>();
        byClass.forEach((k, v) -> out.put(k, String.join("; ", v)));
        return out;
    }

    /**
     * A target as every fork describes it alike: a server the suite started differs per fork only in pid and
     * loopback port; an external one keeps its port (it is the user's address).
     */
    static String sameAcrossForks(String target) {
        if (!target.contains("(pid ")) {
            return target;
        }
        return target.replaceAll(" \\(pid \\d+\\)", "").replaceAll("(127\\.0\\.0\\.1|localhost):\\d+", "$1");
    }

    List<String> notes() {
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode n : Jsonl.read(run.dir().resolve(Recorder.NOTES_FILE))) {
            out.add(n.path("topic").asText() + ": " + n.path("note").asText());
        }
        return new ArrayList<>(out);
    }

    static String csv(List<Results.Row> rows) {
        return csv(rows, Map.of());
    }

    /** {@code profiles}: a case's profile folder by {@link CiMetrics#name} (empty for a run without profiles). */
    static String csv(List<Results.Row> rows, Map<String, String> profiles) {
        Verdicts verdicts = Verdicts.of(rows);
        StringBuilder sb = new StringBuilder("experiment,class,method,params,metric,score,error,unit,samples,source,bottleneck,bottleneck_figures,profile\n");
        for (Results.Row r : rows) {
            Bottleneck.Verdict v = verdicts.of(r);
            sb.append(r.experiment()).append(',').append(r.cls()).append(',').append(r.method()).append(',').append(q(r.paramString())).append(',')
                    .append(q(r.metric())).append(',').append(num(r.score())).append(',').append(num(r.error()))
                    .append(',').append(q(r.unit())).append(',').append(r.samples()).append(',').append(r.source())
                    .append(',').append(v == null ? "" : q(v.kind().label())).append(',').append(v == null ? "" : q(v.sentence()))
                    .append(',').append(q(profiles.getOrDefault(CiMetrics.name(r), ""))).append('\n');
        }
        return sb.toString();
    }

    String markdown(List<Results.Row> rows) {
        StringBuilder sb = new StringBuilder();
        JsonNode status = run.status();
        sb.append("# kensho run ").append(run.dir().getFileName()).append("\n\n");
        sb.append("Status: **").append(run.state()).append("**");
        status.path("classes").fields().forEachRemaining(e -> {
            if (e.getValue().asText().startsWith("failed")) {
                sb.append(" — ").append(e.getKey()).append(' ').append(e.getValue().asText());
            }
        });
        sb.append("\n\nError columns: JMH's 99.9% confidence half-width for JMH scores; standard deviation for"
                + " recorded measurements. See env.json for machine, JVM and server configs.\n");
        sb.append("\nBottleneck: from the CPU each side used per iteration (cpu.* rows, in cores): server-bound when the"
                + " server used ≥ 90% of the cores it can use, client-bound when the load generator used ≥ 90% of the"
                + " cores left to it or one of its threads ≥ 90% of a core, machine busy when other processes took the"
                + " CPU (≥ 25% of the machine, ≥ 90% with ours), neither when all had CPU to spare (latency or network).\n");
        Verdicts verdicts = Verdicts.of(rows);
        Map<String, List<Results.Row>> byClass = new LinkedHashMap<>();
        rows.forEach(r -> byClass.computeIfAbsent(r.cls(), k -> new ArrayList<>()).add(r));
        byClass.forEach((cls, rs) -> {
            sb.append("\n## ").append(cls).append("\n\n| method | params | metric | score | ± error | unit | n | bottleneck |\n|---|---|---|---:|---:|---|---:|---|\n");
            for (Results.Row r : rs) {
                if (Verdicts.isCpu(r) && r.metric().endsWith(".limit")) {
                    continue; // shown in the verdict's sentence
                }
                Bottleneck.Verdict v = Verdicts.isPrimary(r) ? verdicts.of(r) : null;
                sb.append("| ").append(r.method()).append(" | ").append(r.paramString()).append(" | ").append(r.metric())
                        .append(" | ").append(fmt(r.score())).append(" | ").append(fmt(r.error())).append(" | ")
                        .append(r.unit()).append(" | ").append(r.samples()).append(" | ")
                        .append(v == null ? "" : "**" + v.kind().label() + "**: " + v.sentence()).append(" |\n");
            }
        });
        List<String> notes = notes();
        if (!notes.isEmpty()) {
            sb.append("\n## Notes\n\n");
            notes.forEach(n -> sb.append("- ").append(n).append('\n'));
        }
        return sb.toString();
    }

    /** Human formatting: 3 significant digits, thousands separated. */
    public static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /**
     * {@code v}, {@code lo} and {@code hi} as {@link #fmt} prints them, or with as many more significant digits (up
     * to 7) as it takes to tell apart the ones that differ: a narrow interval next to a boundary would otherwise
     * print as "1.00 [1.00, 1.00]" (DIFF ÷ FAST_DIFF's HFile sizes: 1.0031 [1.0027, 1.0041]). Numbers of 1,000 and
     * more keep {@link #fmt}'s form.
     */
    public static String[] fmtApart(double v, double lo, double hi) {
        String[] base = {fmt(v), fmt(lo), fmt(hi)};
        double mag = Math.max(Math.abs(v), Math.max(Math.abs(lo), Math.abs(hi)));
        if (apart(base, v, lo, hi) || !Double.isFinite(v) || !Double.isFinite(lo) || !Double.isFinite(hi) || mag >= 1000) {
            return base;
        }
        int lead = mag == 0 ? 0 : (int) Math.floor(Math.log10(mag));
        for (int sig = 4; sig <= 7; sig++) {
            String f = "%." + Math.max(0, sig - 1 - lead) + "f";
            String[] s = {String.format(Locale.ROOT, f, v), String.format(Locale.ROOT, f, lo), String.format(Locale.ROOT, f, hi)};
            if (apart(s, v, lo, hi)) {
                return s;
            }
        }
        return base;
    }

    private static boolean apart(String[] s, double v, double lo, double hi) {
        return (lo == hi || !s[1].equals(s[2])) && (v == lo || !s[0].equals(s[1])) && (v == hi || !s[0].equals(s[2]));
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static String q(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private void writeJson(String name, Object value) {
        try {
            write(name, RunFolder.JSON.writeValueAsString(value));
        } catch (IOException e) {
            throw new TargetFailure("cannot write " + name + " (" + e.getMessage() + ")");
        }
    }

    private void write(String name, String content) {
        Path target = run.dir().resolve(name);
        try {
            Path tmp = run.dir().resolve(name + ".part");
            Files.writeString(tmp, content, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new TargetFailure("cannot write " + target + " (" + e.getMessage() + ")");
        }
    }
}
