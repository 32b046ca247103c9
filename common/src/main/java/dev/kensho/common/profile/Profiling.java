package dev.kensho.common.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the launcher does about profiling once the run folder exists and before the first case: it completes
 * {@code -prof async} ({@link AsyncProfilerLib}) and points {@code -prof async} and {@code -prof jfr} into the run
 * folder ({@link JmhProfilerFiles}), checks that JMH knows every {@code -prof} name and accepts its
 * options, makes {@code jfr/} when {@code -Dkensho.jfr=true}, and records what profiles the run in {@value #FILE}
 * (env.json's {@code profiling}, the report's header, {@code Compare} and {@code Pool} read it): a profiled run's
 * numbers carry the profiler's cost and never pass for plain ones. Each problem is one {@link BadInput} line.
 */
public final class Profiling {

    /** What profiles a run, written by the launcher. */
    public static final String FILE = "profiling.json";
    /** The field of env.json's {@code profiling} block that says whether a profiler ran. */
    public static final String PROFILED = "profiled";

    private static final ObjectMapper JSON = new ObjectMapper();

    private Profiling() {
    }

    /**
     * Prepares the run folder {@code runDir} for the JMH flags {@code args} (split); returns them with
     * {@code -prof async} and {@code -prof jfr} completed (the same array when nothing changed). Prints one line when the run is profiled.
     */
    public static String[] prepare(Path runDir, String[] args, PrintStream err) {
        List<String> lines = new ArrayList<>();
        String[] out = JmhProfilerFiles.completeJfr(AsyncProfilerLib.complete(args, runDir, lines::add), runDir);
        List<ProfilerConfig> profilers;
        try {
            profilers = new CommandLineOptions(out).getProfilers();
        } catch (CommandLineOptionException e) {
            throw new BadInput("JMH arguments " + String.join(" ", args) + ": " + e.getMessage());
        }
        List<String> names = new ArrayList<>();
        for (ProfilerConfig p : profilers) {
            check(p);
            names.add(p.getKlass());
        }
        boolean jfr = Setting.JFR.flag();
        if (jfr) {
            JfrSettings.configuration();
            Path dir = runDir.resolve("jfr");
            try {
                Files.createDirectories(dir);
                Files.delete(Files.createTempFile(dir, "writable", ".probe"));
            } catch (IOException | UnsupportedOperationException e) {
                throw new BadInput("-D" + Setting.JFR.key() + "=true: the run folder cannot take recordings (" + dir
                        + ": " + e.getMessage() + "); give -D" + Setting.RESULTS.key() + "=<a writable folder>");
            }
        }
        write(runDir, jfr, names);
        lines.forEach(l -> err.println("kensho: " + l));
        if (jfr || !names.isEmpty()) {
            err.println("kensho: profiled run (" + describe(jfr, names) + "): its numbers carry the profilers' cost;"
                    + " Compare and Pool refuse to mix them with plain runs unless given --mix-profiled");
        }
        return out;
    }

    /**
     * Before the run folder exists: every {@code -prof} of {@code args} (split) is one JMH knows, with options it
     * accepts — all but {@code async}, whose library {@link #prepare} puts in the run folder first and checks then.
     */
    public static void checkProfilers(String[] args) {
        try {
            for (ProfilerConfig p : new CommandLineOptions(args).getProfilers()) {
                if (!p.getKlass().equals("async")) {
                    check(p);
                }
            }
        } catch (CommandLineOptionException e) {
            // the plan has said what is wrong with them
        }
    }

    /** A profiler JMH knows, with options it accepts; else one line naming it. */
    static void check(ProfilerConfig p) {
        try {
            ProfilerFactory.getProfilerOrException(p);
        } catch (ProfilerException e) {
            Throwable c = e;
            while (c.getCause() != null) {
                c = c.getCause();
            }
            String what = "-prof " + p.getKlass() + (p.getOpts().isEmpty() ? "" : ":" + p.getOpts());
            if (c instanceof ClassNotFoundException) {
                throw new BadInput(what + ": JMH has no profiler of that name (java -jar benchmarks/target/kensho-benchmarks.jar"
                        + " -lprof lists them: gc, stack, jfr, async, perfnorm, …)");
            }
            String msg = c.getMessage() == null ? c.toString() : c.getMessage();
            throw new BadInput(what + ": " + msg.lines().map(String::trim).filter(l -> !l.isEmpty()).findFirst().orElse(msg));
        }
    }

    private static String describe(boolean jfr, List<String> names) {
        List<String> all = new ArrayList<>();
        if (jfr) {
            all.add("JFR, settings " + JfrSettings.value() + ", per case and fork");
        }
        names.forEach(n -> all.add("-prof " + n));
        return String.join("; ", all);
    }

    private static void write(Path runDir, boolean jfr, List<String> names) {
        ObjectNode n = JSON.createObjectNode();
        n.put(PROFILED, jfr || !names.isEmpty());
        n.putPOJO("profilers", names);
        if (jfr) {
            n.putObject("jfr").put("settings", JfrSettings.value())
                    .put("servers", "the HBase server JVM per case (jcmd JFR.start/stop, same settings); redis-server per"
                            + " case with perf record -e cpu-clock -F " + ServerRecording.PERF_HZ + " where perf runs (call graphs"
                            + " --call-graph " + ServerRecording.DWARF + " where its binary names its functions, else -g)");
        }
        try {
            Path f = runDir.resolve(FILE);
            Path prior = Files.exists(f) ? f : null;
            if (prior != null) {
                // a Maven build's modules share one run folder: a module's launcher adds to what the earlier ones wrote
                JsonNode old = JSON.readTree(f.toFile());
                n.put(PROFILED, n.get(PROFILED).asBoolean() || old.path(PROFILED).asBoolean());
                List<String> merged = new ArrayList<>();
                old.path("profilers").forEach(x -> merged.add(x.asText()));
                names.stream().filter(x -> !merged.contains(x)).forEach(merged::add);
                n.putPOJO("profilers", merged);
                if (!jfr && old.has("jfr")) {
                    n.set("jfr", old.get("jfr"));
                }
            }
            JSON.writerWithDefaultPrettyPrinter().writeValue(f.toFile(), n);
        } catch (IOException e) {
            throw new BadInput("the run folder " + runDir + " cannot be written (" + e.getMessage() + ")");
        }
    }

    /**
     * env.json's {@code profiling}: what {@value #FILE} says, plus which classes were recorded with which settings
     * (from {@link ProfileIndex}); {@code {"profiled": false}} for a run without one.
     */
    public static ObjectNode env(Path runDir) {
        ObjectNode n = JSON.createObjectNode();
        Path f = runDir.resolve(FILE);
        if (Files.exists(f)) {
            try {
                n = (ObjectNode) JSON.readTree(f.toFile());
            } catch (IOException | ClassCastException e) {
                n.put("unreadable", f + ": " + e.getMessage());
            }
        }
        if (!n.has(PROFILED)) {
            n.put(PROFILED, false);
        }
        ObjectNode classes = JSON.createObjectNode();
        for (ProfileIndex.Entry e : ProfileIndex.read(runDir)) {
            String cls = e.benchmark().substring(0, e.benchmark().lastIndexOf('.'));
            classes.put(cls.substring(cls.lastIndexOf('.') + 1), e.settings());
        }
        if (!classes.isEmpty()) {
            n.set("classes", classes);
        }
        return n;
    }

    /** Whether env.json's {@code profiling} block says a profiler ran (false for runs made before it existed). */
    public static boolean profiled(JsonNode env) {
        return env.path("profiling").path(PROFILED).asBoolean(false);
    }
}
