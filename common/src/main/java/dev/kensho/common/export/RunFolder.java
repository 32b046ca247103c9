package dev.kensho.common.export;

import dev.kensho.common.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run's folder, {@code <repo>/target/kensho-runs/<runId>/} (never the working directory):
 * <pre>
 * status.json          running | complete | failed | interrupted | failed (killed), each class's outcome, the launcher's pid
 * jmh/&lt;Class&gt;.json     JMH's own JSON, one per benchmark class
 * measurements.jsonl   what benchmarks recorded beside JMH's score ({@link Recorder})
 * series.jsonl         time series (one line each), for the report's sections
 * sections/&lt;id&gt;.json  each experiment's rendered report section (charts/ holds its PNGs)
 * servers.jsonl        server versions and effective configs
 * notes.jsonl          sentences for the reader (e.g. a calibration tool was missing)
 * results.csv          every number, one row each           } re-written by {@link Export}
 * summary.md           the same as Markdown tables           } after every class
 * env.json             machine, JVM, servers, scale, commit  }
 * bmf.json             Bencher Metric Format                 } (CI dashboards:
 * gab-bigger.json      github-action-benchmark, bigger/      }  {@link BencherFormat},
 * gab-smaller.json       smaller is better                   }  {@link GithubBenchmarkFormat})
 * jmh-result.json      every class's JMH JSON in one array   } ({@link JmhResultFile}: JMH's own format)
 * jfr/&lt;Class&gt;/         JFR recordings with -Dkensho.jfr=true
 * </pre>
 */
public final class RunFolder {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    public static final String STATUS_FILE = "status.json";
    /** The JDK the launcher's forks ran on, per class and why (the launcher writes it; env.json carries it as fork_jdk). */
    public static final String FORK_JDK_FILE = "fork-jdk.json";

    private final Path dir;

    private RunFolder(Path dir) {
        this.dir = dir;
    }

    /** Opens (creating if needed) the run folder named by {@code kensho.runId}, else a new timestamp. */
    public static RunFolder open() {
        return open(ProcessHandle.current());
    }

    /**
     * As {@link #open()}, the run being {@code launcher}'s: the process whose end, without the run's, means it was
     * killed ({@link KilledRuns}) — this JVM, or for JMH's forks started without the launcher, the JMH that forks them.
     */
    public static RunFolder open(ProcessHandle launcher) {
        String id = Setting.RUN_ID.get();
        if (id == null) {
            id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        }
        if (!id.matches("[A-Za-z0-9._\\-]+")) {
            throw BadInput.of(Setting.RUN_ID.key(), id, "letters, digits, '.', '_' and '-'");
        }
        RunFolder r = new RunFolder(Settings.resultsRoot().resolve(id));
        try {
            Files.createDirectories(r.dir.resolve("jmh"));
        } catch (IOException e) {
            throw new TargetFailure("cannot create the run folder " + r.dir + " (" + e.getMessage() + ")");
        }
        r.setState("running", null, null);
        r.edit(st -> {
            if (!st.has(STARTED)) {
                st.put(STARTED, System.currentTimeMillis()); // the first launcher of a build: later modules count from it
            }
        });
        r.edit(st -> KilledRuns.recordLauncher(st, launcher));
        return r;
    }

    /** An existing run folder (to re-export or re-render it). */
    public static RunFolder at(Path dir) {
        if (!Files.isDirectory(dir.resolve("jmh"))) {
            throw BadInput.of("run folder", dir, "a folder written by a kensho run (it has jmh/)");
        }
        return new RunFolder(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path jmhResult(String className) {
        return dir.resolve("jmh").resolve(className + ".json");
    }

    /**
     * The server most recently recorded by a benchmark of this run ({@code target} of servers.jsonl),
     * with "no longer running" appended when its recorded pid has exited.
     */
    public Optional<String> lastTarget() {
        List<JsonNode> servers = Jsonl.read(dir.resolve(Recorder.SERVERS_FILE));
        for (int i = servers.size() - 1; i >= 0; i--) {
            String t = servers.get(i).path("target").asText("");
            if (!t.isEmpty()) {
                Matcher m = Pattern.compile("pid (\\d+)").matcher(t);
                if (m.find() && ProcessHandle.of(Long.parseLong(m.group(1))).map(p -> !p.isAlive()).orElse(true)) {
                    t += ", no longer running";
                }
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** A sentence for the reader, written by the launcher (forks use {@link Recorder#note}). */
    public void note(String topic, String text) {
        try {
            Files.writeString(dir.resolve(Recorder.NOTES_FILE),
                    JSON.copy().disable(SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(Map.of("topic", topic, "note", text)) + "\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new TargetFailure("cannot write notes in " + dir + " (" + e.getMessage() + ")");
        }
    }

    public void markRunning(String cls) {
        setState("running", cls, "running");
    }

    public void markDone(String cls) {
        setState("running", cls, "done");
    }

    /** status.json's seconds per case and fork of each class: the next run of that scale estimates its time from it. */
    public static final String SECONDS_PER_FORK_CASE = "secondsPerForkCase";

    /** How long a class took per case and fork, and at which scale. */
    public synchronized void recordSeconds(String scale, String cls, double secondsPerForkCase) {
        edit(s -> {
            s.put("scale", scale);
            (s.has(SECONDS_PER_FORK_CASE) ? (ObjectNode) s.get(SECONDS_PER_FORK_CASE) : s.putObject(SECONDS_PER_FORK_CASE))
                    .put(cls, Math.round(secondsPerForkCase * 100) / 100.0);
        });
    }

    /** The runs a pooled run folder joins (report's {@code Pool}): their folders, commit and scale. */
    public static final String POOLED_FILE = "pooled.json";

    /** status.json's epoch ms when the run's first launcher opened the folder. */
    public static final String STARTED = "started";
    /** status.json's cases and seconds of each module a Maven build ran into this folder: the next build's ETA. */
    public static final String MODULES = "modules";

    /** A module's launcher is done: how many cases it ran and how long it took. */
    public synchronized void recordModule(String scale, String module, int cases, double seconds) {
        edit(s -> {
            s.put("scale", scale);
            (s.has(MODULES) ? (ObjectNode) s.get(MODULES) : s.putObject(MODULES)).putObject(module)
                    .put("cases", cases).put("seconds", Math.round(seconds * 10) / 10.0);
        });
    }

    /** A class this scale's run leaves out ({@code @skip}): listed, so the reader sees it was not measured. */
    public void markSkipped(String cls) {
        setState("running", cls, SKIPPED);
    }

    /** {@code cls} did not start because the run's budget was spent before it. */
    public void markOverBudget(String cls) {
        setState("running", cls, OVER_BUDGET);
    }

    public static final String OVER_BUDGET = "skipped (the run's budget was spent before it)";

    public static final String SKIPPED = "skipped (not in this scale's run)";

    /** The launcher is done: complete unless something failed. */
    public void finish() {
        setState(null, null, null);
    }

    public void markFailed(String cls, String message) {
        setState("failed", cls, "failed: " + message);
    }

    /** The launcher is being stopped from outside (its Maven ended): the run can never complete. */
    public synchronized void markKilled(String why) {
        edit(s -> {
            s.put("state", KILLED);
            s.put("killed", why);
            endRunning(s, "failed: " + why);
        });
    }

    /**
     * The launcher is being stopped by a signal: the run ends {@value #INTERRUPTED}, its running classes too.
     * A run that already ended ({@code complete}) or was marked {@link #KILLED} keeps its state.
     */
    public synchronized void markInterrupted(String why) {
        edit(s -> {
            String state = s.path("state").asText("");
            if (state.equals(KILLED) || state.equals("complete")) {
                return;
            }
            s.put("state", INTERRUPTED);
            s.put("interrupted", why);
            endRunning(s, INTERRUPTED);
        });
    }

    /** Every class still running ends with {@code outcome}: the run stopped under it. */
    private static void endRunning(ObjectNode s, String outcome) {
        ObjectNode classes = s.has("classes") ? (ObjectNode) s.get("classes") : s.putObject("classes");
        List<String> running = new ArrayList<>();
        classes.fields().forEachRemaining(e -> {
            if ("running".equals(e.getValue().asText())) {
                running.add(e.getKey());
            }
        });
        running.forEach(c -> classes.put(c, outcome));
    }

    /** State of a run stopped by SIGINT or SIGTERM. */
    public static final String INTERRUPTED = "interrupted";

    /** State written when the launcher was killed, or found dead while the status still said running. */
    public static final String KILLED = "failed (killed)";

    /**
     * The run's state as a reader should see it: {@code running} only while the launcher that wrote it is alive; a run
     * whose launcher died without finishing (SIGKILL, a machine stop) is {@link #KILLED} ({@link KilledRuns}).
     */
    public String state() {
        JsonNode s = status();
        String state = s.path("state").asText("unknown");
        return "running".equals(state) && KilledRuns.launcherGone(s) ? KILLED : state;
    }

    /** {@link #state()} of any folder with a status.json (a merged or pooled one too); "unknown" without one. */
    public static String stateOf(Path dir) {
        return new RunFolder(dir).state();
    }

    /**
     * Reads, changes and re-writes status.json. The new file is written beside it and moved over it, so a reader, or
     * a launcher halted mid-write once its shutdown hooks are done, sees the old status or the new one, never half.
     */
    private synchronized void edit(Consumer<ObjectNode> change) {
        Path f = dir.resolve(STATUS_FILE);
        try {
            JsonNode old = Files.exists(f) ? JSON.readTree(f.toFile()) : null;
            ObjectNode s = old instanceof ObjectNode o ? o : JSON.createObjectNode();
            change.accept(s);
            Path tmp = dir.resolve(STATUS_FILE + ".part");
            JSON.writeValue(tmp.toFile(), s);
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new TargetFailure("cannot write " + f + " (" + e.getMessage() + ")");
        }
    }

    /** Overall state: failed if anything failed, else complete once no class is running. */
    private void setState(String state, String cls, String outcome) {
        edit(s -> {
            s.put("runId", dir.getFileName().toString());
            ObjectNode classes = s.has("classes") ? (ObjectNode) s.get("classes") : s.putObject("classes");
            boolean stopped = s.path("state").asText().equals(KILLED) || s.path("state").asText().equals(INTERRUPTED);
            // a class the stop hook marked interrupted keeps that: what its forks' or server's end then says is a consequence
            if (cls != null && !(stopped && INTERRUPTED.equals(classes.path(cls).asText()))) {
                classes.put(cls, outcome);
            }
            boolean failed = "failed".equals(state) || s.path("state").asText().startsWith("failed");
            if (s.path("state").asText().equals(KILLED) || s.path("state").asText().equals(INTERRUPTED)) {
                return; // stays killed or interrupted
            }
            s.put("state", failed ? "failed" : "running".equals(state) ? "running" : "complete");
        });
    }

    public JsonNode status() {
        try {
            return JSON.readTree(dir.resolve(STATUS_FILE).toFile());
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    /** Re-writes results.csv, summary.md, env.json (and the report) from everything in the folder. */
    public void export() {
        new Export(this).writeAll();
    }
}
