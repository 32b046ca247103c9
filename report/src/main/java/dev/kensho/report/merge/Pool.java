package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.JmhMerge;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.profile.Profiling;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.report.Section;
import dev.kensho.report.profile.ProfiledRuns;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Pools N runs of the same commit and scale into one run folder, so that one verdict rests on all of them rather
 * than on one run, which is one sample of a verdict: per case, every run's forks side by side (JMH's
 * {@code rawData}, joined by {@link JmhMerge} without pairing), and every run's recorded measurements, notes,
 * servers and yardstick readings. The report of the pooled folder resamples forks across the runs, so the spread
 * between runs lies inside every interval, and each ledger row names the runs it rests on. Every run's latency logs
 * are kept, so a case's percentiles come from every run's histograms merged; time series are the first run's (the
 * report says so in a note).
 *
 * <p>It refuses in one line, writing nothing: fewer than two runs, runs of different commits or scales, an output
 * folder that holds anything, or a class path without the experiments' sections (run it from
 * {@code kensho-benchmarks.jar}, which holds every module's):
 * {@code java -jar benchmarks/target/kensho-benchmarks.jar pool <pooled> <run 1> <run 2> …}
 */
public final class Pool {

    private Pool() {
    }

    public static RunFolder pool(Path out, List<Path> runDirs) {
        return pool(out, runDirs, false);
    }

    /** As {@link #pool(Path, List)}; {@code mixProfiled}: pool profiled runs with plain ones all the same. */
    public static RunFolder pool(Path out, List<Path> runDirs, boolean mixProfiled) {
        if (runDirs.size() < 2) {
            throw BadInput.of("runs to pool", runDirs.size(), "two or more run folders of the same commit and scale");
        }
        if (Section.all().isEmpty()) {
            throw BadInput.of("class path", "no experiment's Section", "kensho-benchmarks.jar (java -jar benchmarks/target/kensho-benchmarks.jar pool"
                    + " …), so the pooled report has every experiment's verdicts");
        }
        try {
            if (Files.exists(out) && (!Files.isDirectory(out) || Files.list(out).findAny().isPresent())) {
                throw BadInput.of("pooled folder", out, "a new or empty folder (pooling never overwrites a run)");
            }
            List<RunFolder> runs = new ArrayList<>();
            List<JsonNode> envs = new ArrayList<>();
            for (Path d : runDirs) {
                runs.add(RunFolder.at(d));
                Path env = d.resolve("env.json");
                envs.add(Files.exists(env) ? Merge.JSON.readTree(env.toFile()) : Merge.JSON.createObjectNode());
            }
            String commit = envs.get(0).path("host").path("commit").asText("");
            String scale = envs.get(0).path("host").path("scale").asText("");
            for (int i = 1; i < envs.size(); i++) {
                JsonNode h = envs.get(i).path("host");
                if (!h.path("commit").asText("").equals(commit) || !h.path("scale").asText("").equals(scale)) {
                    throw BadInput.of("run " + runDirs.get(i).getFileName(), h.path("commit").asText("?") + " at scale " + h.path("scale").asText("?"),
                            "runs of one commit and scale (the first is " + commit + " at scale " + scale + ")");
                }
            }
            ProfiledRuns.check(runDirs, mixProfiled);
            write(out, runDirs, envs, commit, scale);
        } catch (IOException e) {
            throw new TargetFailure("cannot pool into " + out + " (" + e.getMessage() + ")");
        }
        RunFolder run = RunFolder.at(out);
        run.export();
        return run;
    }

    private static void write(Path out, List<Path> runs, List<JsonNode> envs, String commit, String scale) throws IOException {
        Files.createDirectories(out.resolve("jmh"));
        Map<String, List<JsonNode>> byFile = new TreeMap<>();
        for (Path r : runs) {
            try (Stream<Path> files = Files.list(r.resolve("jmh"))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    Merge.JSON.readTree(f.toFile()).forEach(e -> byFile.computeIfAbsent(f.getFileName().toString(), k -> new ArrayList<>()).add(e));
                }
            }
        }
        for (Map.Entry<String, List<JsonNode>> e : byFile.entrySet()) {
            Merge.JSON.writeValue(out.resolve("jmh").resolve(e.getKey()).toFile(), JmhMerge.merge(e.getValue(), -1));
        }
        for (String f : List.of(Recorder.MEASUREMENTS_FILE, Recorder.NOTES_FILE, Recorder.SERVERS_FILE, Yardstick.FILE)) {
            List<JsonNode> lines = new ArrayList<>();
            runs.forEach(r -> lines.addAll(Jsonl.read(r.resolve(f))));
            if (f.equals(Recorder.NOTES_FILE)) {
                lines.add(Merge.JSON.createObjectNode().put("topic", "pool").put("note", "pooled from " + runs.size()
                        + " runs of commit " + commit + " at scale " + scale + ": every case's forks and latency logs from all of them"
                        + " (percentiles of the merged histograms); time series are the first run's (" + runs.get(0).getFileName() + ")"));
            }
            Merge.lines(out.resolve(f), lines);
        }
        for (Path r : runs) {
            Path p = r.resolve(Profiling.FILE);
            if (Files.exists(p)) {
                Files.copy(p, out.resolve(p.getFileName())); // profiled runs pool into a profiled run (their recordings stay in them)
                break;
            }
        }
        Path series = runs.get(0).resolve(Recorder.SERIES_FILE);
        if (Files.exists(series)) {
            Files.copy(series, out.resolve(Recorder.SERIES_FILE));
        }
        // every run's interval logs: a case's percentiles are read from all its logs merged (LogPercentiles), so the
        // pooled p50 is the p50 of every run's requests. "r<k>-" keeps two runs' logs apart (a pid can recur)
        for (int k = 0; k < runs.size(); k++) {
            Path hlog = runs.get(k).resolve(IntervalLog.DIR);
            if (!Files.isDirectory(hlog)) {
                continue;
            }
            Files.createDirectories(out.resolve(IntervalLog.DIR));
            try (Stream<Path> logs = Files.list(hlog)) {
                for (Path l : logs.filter(f -> f.toString().endsWith(".hlog")).toList()) {
                    Files.copy(l, out.resolve(IntervalLog.DIR).resolve("r" + (k + 1) + "-" + l.getFileName()));
                }
            }
        }
        List<String> unfinished = new ArrayList<>();
        for (Path r : runs) {
            String state = RunFolder.at(r).state(); // a run whose launcher was killed reads failed (killed), not running
            if (!"complete".equals(state)) {
                unfinished.add(r.getFileName() + " " + state);
            }
        }
        ObjectNode status = Merge.JSON.createObjectNode().put("state", unfinished.isEmpty() ? "complete"
                        : "partial (" + String.join(", ", unfinished) + ")")
                .put("runId", out.getFileName().toString()).put("scale", scale);
        JsonNode first = Merge.JSON.readTree(runs.get(0).resolve(RunFolder.STATUS_FILE).toFile());
        status.set("classes", first.path("classes"));
        // a round costs what it cost the first run: an open row's remedy prices more rounds with it
        if (first.has(RunFolder.SECONDS_PER_FORK_CASE)) {
            status.set(RunFolder.SECONDS_PER_FORK_CASE, first.get(RunFolder.SECONDS_PER_FORK_CASE));
        }
        Merge.JSON.writeValue(out.resolve(RunFolder.STATUS_FILE).toFile(), status);
        ObjectNode env = Merge.JSON.createObjectNode();
        env.set("host", envs.get(0).path("host"));
        Merge.JSON.writeValue(out.resolve("env.json").toFile(), env);
        ObjectNode pooled = Merge.JSON.createObjectNode().put("commit", commit).put("scale", scale);
        ArrayNode names = pooled.putArray("runs");
        runs.forEach(r -> names.add(r.getFileName().toString()));
        ArrayNode dirs = pooled.putArray("dirs"); // the report judges each run alone beside the pool (RunVerdicts)
        runs.forEach(r -> dirs.add(r.toAbsolutePath().normalize().toString()));
        Merge.JSON.writeValue(out.resolve(RunFolder.POOLED_FILE).toFile(), pooled);
    }

    public static void main(String[] given) {
        boolean mix = ProfiledRuns.allowed(List.of(given));
        String[] args = ProfiledRuns.withoutFlag(List.of(given)).toArray(String[]::new);
        if (args.length < 3) {
            System.err.println("kensho: usage: Pool [" + ProfiledRuns.FLAG + "] <pooled folder> <run folder> <run folder>…, e.g. target/kensho-runs/pooled"
                    + " target/kensho-runs/aa1 target/kensho-runs/aa2");
            System.exit(2);
        }
        System.exit(run(args[0], List.of(args).subList(1, args.length), mix, System.err));
    }

    /** Pools the run folders into {@code into} ({@code java -jar kensho-benchmarks.jar pool}); 0, or 2 with one line. */
    public static int run(String into, List<String> runFolders, PrintStream err) {
        return run(into, runFolders, false, err);
    }

    /** As {@link #run(String, List, java.io.PrintStream)}; {@code mix}: pool profiled runs with plain ones all the same. */
    public static int run(String into, List<String> runFolders, boolean mix, PrintStream err) {
        try {
            SettingRegistry.withSources(List.of()).check(System.getProperties());
            List<Path> runs = new ArrayList<>();
            for (String r : runFolders) {
                runs.add(Merge.resolve(r));
            }
            RunFolder run = pool(Merge.resolve(into), runs, mix);
            err.println("kensho: pooled " + runs.size() + " runs into " + run.dir() + " (report.html, summary.md)");
            return 0;
        } catch (BadInput | TargetFailure e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        }
    }
}
