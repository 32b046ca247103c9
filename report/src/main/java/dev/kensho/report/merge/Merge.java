package dev.kensho.report.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.StartAt;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Joins the run folders of the N shards of one run ({@code -Dkensho.shard=i/N}) into one run folder that
 * {@code Report}, {@code Compare} and {@code Docs} read like any other:
 * <ul>
 * <li>throughput: each JMH score summed over the shards per aligned iteration (fork f, iteration i), its
 * 99.9% interval recomputed over those sums — the N machines together;</li>
 * <li>latency: every interval log's histograms added exactly ({@code Histogram.add}) per aligned
 * iteration, and the {@code latency_*} percentiles recomputed from the merged whole — never a maximum or
 * mean of the shards' percentiles;</li>
 * <li>counts ({@code requests}, {@code records}, {@code messages}, {@code bytes}) and rates ({@code …/s})
 * recorded beside the score are summed; other recorded figures (ratios, cores, settings) are kept per
 * shard, so the report shows their mean and spread;</li>
 * <li>{@code shard_spread}: (max − min) / mean of the shards' rates, and each shard's score in the notes;
 * {@code client_machines}: how many shards took part in the case (a case with fewer threads than shards runs on
 * some of them only; the others sit it out).</li>
 * </ul>
 * Times (avgt, ss) merge with the work each shard recorded ({@link CaseSums}). It refuses in one line, writing nothing,
 * when the shards are not the parts of one run ({@link Alignment}), or when a shard did not carry its part of the load
 * ({@link Balance}: a shard at zero or far below its share is no N-shard figure).
 * JMH secondary metrics (the CPU profiler's cores) are per machine and stay in each shard's folder.
 *
 * <p>{@code java -jar benchmarks/target/kensho-benchmarks.jar merge target/kensho-runs/<merged> <shard 0 folder>
 * <shard 1 folder> …} ({@code dev.kensho.report.cli.Commands}); a folder that is not a run folder stands for the shard
 * folders in it (the Kubernetes merge Job passes {@code /results/<run>}, whatever the shard count).
 */
public final class Merge {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper LINE = new ObjectMapper();

    private Merge() {
    }

    /** Checks the shards and writes the merged run folder {@code out} (which must not exist or be empty). */
    public static RunFolder merge(Path out, List<Path> shardDirs) {
        if (shardDirs.isEmpty()) {
            throw BadInput.of("shard folders", "(none)", "the run folders of all N shards of one run");
        }
        try {
            if (Files.exists(out) && (!Files.isDirectory(out) || Files.list(out).findAny().isPresent())) {
                throw BadInput.of("merged folder", out, "a new or empty folder (merging never overwrites a run)");
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read " + out + " (" + e.getMessage() + ")");
        }
        List<ShardFolder> shards = new ArrayList<>();
        for (Path d : shardDirs) {
            shards.add(new ShardFolder(d));
        }
        Alignment.check(shards);
        Balance.check(shards);
        shards.sort(Comparator.comparingInt(s -> s.index));
        Sums sums = new Sums(shards);
        try {
            Files.createDirectories(out.resolve("jmh"));
            for (Map.Entry<String, ArrayNode> e : sums.jmh().entrySet()) {
                JSON.writeValue(out.resolve("jmh").resolve(e.getKey()).toFile(), e.getValue());
            }
            Files.createDirectories(out.resolve(IntervalLog.DIR));
            sums.writeHlogs(out.resolve(IntervalLog.DIR));
            lines(out.resolve(Recorder.MEASUREMENTS_FILE), sums.measurements());
            List<JsonNode> notes = new ArrayList<>();
            List<JsonNode> servers = new ArrayList<>();
            List<JsonNode> series = new ArrayList<>();
            List<JsonNode> clock = new ArrayList<>();
            for (ShardFolder s : shards) {
                notes.addAll(Jsonl.read(s.dir.resolve(Recorder.NOTES_FILE)));
                servers.addAll(Jsonl.read(s.dir.resolve(Recorder.SERVERS_FILE)));
                series.addAll(Jsonl.read(s.dir.resolve(Recorder.SERIES_FILE)));
                clock.addAll(Jsonl.read(s.dir.resolve(StartAt.FILE)));
            }
            for (String n : sums.notes()) {
                notes.add(LINE.createObjectNode().put("topic", "merge").put("note", n));
            }
            lines(out.resolve(Recorder.NOTES_FILE), notes);
            lines(out.resolve(Recorder.SERVERS_FILE), servers);
            lines(out.resolve(Recorder.SERIES_FILE), series);
            lines(out.resolve(StartAt.FILE), clock);
            List<String> unfinished = new ArrayList<>();
            for (ShardFolder s : shards) {
                String state = RunFolder.stateOf(s.dir); // a shard whose launcher was killed reads failed (killed)
                if (!"complete".equals(state)) {
                    unfinished.add("shard " + s.index + " " + state);
                }
            }
            ObjectNode status = JSON.createObjectNode().put("state", unfinished.isEmpty() ? "complete"
                    : "partial (" + String.join(", ", unfinished) + ")").put("runId", out.getFileName().toString());
            status.set("classes", shards.get(0).env == null ? JSON.createObjectNode()
                    : JSON.valueToTree(statusClasses(shards.get(0))));
            JSON.writeValue(out.resolve(RunFolder.STATUS_FILE).toFile(), status);
            ObjectNode env = JSON.createObjectNode();
            env.set("host", shards.get(0).env.path("host"));
            JSON.writeValue(out.resolve("env.json").toFile(), env);
            ShardRecord.write(out, shardBlock(shards));
        } catch (IOException e) {
            throw new TargetFailure("cannot write the merged run " + out + " (" + e.getMessage() + ")");
        }
        RunFolder run = RunFolder.at(out);
        run.export();
        return run;
    }

    private static Map<String, String> statusClasses(ShardFolder s) throws IOException {
        Map<String, String> out = new TreeMap<>();
        JsonNode st = JSON.readTree(s.dir.resolve(RunFolder.STATUS_FILE).toFile());
        st.path("classes").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** env.json's {@code shard} block of the merged run: what was merged, from where, within which bounds. */
    private static ObjectNode shardBlock(List<ShardFolder> shards) {
        ObjectNode n = JSON.createObjectNode();
        n.put("merged", true).put("count", shards.size()).put("startAt", shards.get(0).startAt);
        n.put("clockBoundMs", StartAt.CLOCK_BOUND_MS).put("minWindowOverlap", Alignment.MIN_OVERLAP);
        ArrayNode from = n.putArray("shards");
        for (ShardFolder s : shards) {
            ObjectNode f = from.addObject();
            f.put("index", s.index).put("folder", s.dir.toAbsolutePath().toString()).put("commit", s.commit)
                    .put("offset_us", s.offsetMicros);
            f.set("host", s.env.path("host"));
        }
        return n;
    }

    static void lines(Path f, List<? extends JsonNode> lines) throws IOException {
        StringBuilder b = new StringBuilder();
        for (JsonNode l : lines) {
            b.append(LINE.writeValueAsString(l)).append('\n');
        }
        Files.writeString(f, b.toString(), StandardCharsets.UTF_8);
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("kensho: usage: Merge <merged folder> <shard folder>… (or the one folder holding them), e.g."
                    + " target/kensho-runs/merged target/kensho-runs/shard0 target/kensho-runs/shard1");
            System.exit(2);
        }
        System.exit(run(args[0], List.of(args).subList(1, args.length), System.err));
    }

    /** Merges the shard folders into {@code into} ({@code java -jar kensho-benchmarks.jar merge}); 0, or 2 with one line. */
    public static int run(String into, List<String> shardFolders, PrintStream err) {
        try {
            SettingRegistry.withSources(List.of()).check(System.getProperties());
            List<Path> shards = new ArrayList<>();
            for (String s : shardFolders) {
                shards.addAll(ShardFolder.expand(resolve(s)));
            }
            RunFolder run = merge(resolve(into), shards);
            err.println("kensho: merged " + shards.size() + " shards into " + run.dir()
                    + " (report.html, summary.md, env.json)");
            return 0;
        } catch (BadInput | TargetFailure e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        }
    }

    /** A folder argument: absolute, or relative to the checkout. */
    static Path resolve(String a) {
        Path p = Paths.get(a);
        return p.isAbsolute() ? p : Settings.root().resolve(p);
    }
}
