package dev.kensho.common.bench;

import dev.kensho.common.BadInput;
import dev.kensho.common.Scale;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.RunFolder;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The one launcher. Every benchmark class's {@code main} calls {@link #main(Class, String[])}; the Maven
 * {@code bench} profile calls {@link BenchMain}, which runs every benchmark of a module through the same
 * code — so an IDE run and {@code mvn verify -Pbench} write the same files into the same kind of run
 * folder ({@code target/kensho-runs/<runId>/}, see {@link RunFolder}).
 *
 * <p>Before any server starts it checks the scale, the {@code kensho.bench} regex, the JMH flags, and
 * every param value against the class's {@code public static final ParamRules RULES}; a bad one ends the
 * run with one line and exit status 2. Then it runs one JMH {@link Runner} per class, writes
 * {@code jmh/<Class>.json}, and re-exports CSV, Markdown, env.json and the report after each class.
 *
 * <p>Arguments are JMH's own command-line flags ({@code -p users=5000 -f 1 -prof gc}); they win over
 * the scale table.
 */
public final class Bench {

    private Bench() {
    }

    /** Entry point of every benchmark class's {@code main}: runs just that class. */
    public static void main(Class<?> benchmarkClass, String[] args) {
        System.exit(run(Set.of(benchmarkClass.getName()), args, true, System.err));
    }

    /**
     * Runs the benchmarks on the classpath, restricted to {@code classes} (null: all of them) and to
     * {@code kensho.bench}. Returns the exit status: 0 all passed, 1 a benchmark failed, 2 bad input.
     */
    public static int run(Set<String> classes, String[] args, boolean requireMatch, PrintStream err) {
        RunFolder run = null;
        String previousRunDir = null;
        boolean runDirSet = false;
        try {
            Plan plan = plan(classes, args, requireMatch);
            if (plan.classes.isEmpty()) {
                // a module of a Maven build with nothing selected: MavenBench has checked that some module has
                return 0;
            }
            run = RunFolder.open();
            dev.kensho.common.shard.ShardRecord.launcher(run.dir(), dev.kensho.common.shard.Shard.current(),
                    dev.kensho.common.shard.StartAt.current(false));
            stopForksOnExit();
            ParentWatch.start(run, err);
            // forks get it on their command line; -f 0 runs benchmarks in this JVM, which records too
            previousRunDir = System.setProperty(Settings.RUN_DIR_PROPERTY, run.dir().toString());
            runDirSet = true;
            err.println("kensho: scale " + plan.scale.scale().id() + ", results in " + run.dir());
            int status = 0;
            try (ClassServers servers = new ClassServers()) {
                for (ClassPlan cp : plan.classes) {
                    run.markRunning(cp.cls.getSimpleName());
                    for (String n : cp.notes) {
                        err.println("kensho: " + cp.cls.getSimpleName() + ": " + n);
                        run.note(cp.cls.getSimpleName(), n);
                    }
                    if (cp.skipped) {
                        run.markSkipped(cp.cls.getSimpleName());
                        continue;
                    }
                    // the machine's speed now: a shared host drifts, and the report shows by how much across the run
                    java.util.Optional<String> notTaken = dev.kensho.common.cpu.Yardstick.record(run.dir(), cp.cls.getSimpleName());
                    if (notTaken.isPresent()) {
                        run.note("launcher", notTaken.get());
                    }
                    String failure;
                    try {
                        failure = runClass(run, plan, cp, servers);
                    } finally {
                        ClassEnd.run(); // what a non-forked class kept open ends with it, not in the next class
                    }
                    if (failure != null) {
                        err.println("kensho: " + cp.cls.getSimpleName() + " failed: " + failure);
                        run.markFailed(cp.cls.getSimpleName(), failure);
                        status = 1;
                    } else {
                        run.markDone(cp.cls.getSimpleName());
                    }
                    run.export();
                }
            }
            run.finish();
            run.export();
            return status;
        } catch (BadInput | TargetFailure e) {
            err.println("kensho: " + e.getMessage());
            if (run != null) {
                run.markFailed("launcher", e.getMessage());
            }
            return e instanceof BadInput ? 2 : 1;
        } catch (RuntimeException e) {
            // a bug, not an input: one line here, the whole trace in the run folder (or the temp dir)
            Path trace = Traces.write(run, "launcher", e);
            err.println("kensho: the launcher failed: " + e + (trace != null ? " (trace: " + trace + ")" : ""));
            if (run != null) {
                run.markFailed("launcher", e.toString());
            }
            return 1;
        } finally {
            if (runDirSet) {
                if (previousRunDir == null) {
                    System.clearProperty(Settings.RUN_DIR_PROPERTY);
                } else {
                    System.setProperty(Settings.RUN_DIR_PROPERTY, previousRunDir);
                }
            }
        }
    }

    /**
     * On Ctrl-C or SIGTERM of the launcher, stop JMH's forked JVMs too (their own hooks then stop the
     * servers they started); on SIGKILL the servers' pipe watchdogs do it (see ChildProcess).
     */
    private static void stopForksOnExit() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            java.util.List<ProcessHandle> forks = ProcessHandle.current().children().toList();
            forks.forEach(ProcessHandle::destroy);
            for (ProcessHandle f : forks) {
                try {
                    f.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                } catch (Exception e) {
                    f.destroyForcibly();
                }
            }
        }, "kensho-fork-reaper"));
    }

    record ClassPlan(Class<?> cls, List<String> methods, Map<String, String[]> params, List<String> notes, boolean skipped) {
    }

    record Plan(ScaleTable scale, String regex, CommandLineOptions cli, List<ClassPlan> classes) {
    }

    /** Everything checked and resolved, nothing started. */
    static Plan plan(Set<String> only, String[] args, boolean requireMatch) {
        Setting.checkNames(System.getProperties());
        Setting.checkEnvironment(System.getenv());
        dev.kensho.common.shard.Shard.current();
        dev.kensho.common.shard.StartAt.current(true);
        ScaleTable scale = new ScaleTable(Scale.current());
        Settings.flag(Settings.JFR_PROPERTY);
        String regex = Settings.get(Settings.BENCH_PROPERTY, Settings.BENCH_DEFAULT);
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(Settings.BENCH_PROPERTY, regex, "a Java regular expression (" + e.getDescription() + ")");
        }
        CommandLineOptions cli;
        try {
            cli = new CommandLineOptions(splitArgs(args));
        } catch (CommandLineOptionException e) {
            throw new BadInput("JMH arguments " + String.join(" ", args) + ": " + e.getMessage());
        }
        Map<String, List<String>> byClass = new TreeMap<>();
        Set<String> knownParams = new java.util.TreeSet<>();
        for (BenchmarkListEntry e : BenchmarkList.defaultList().getAll(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), Collections.emptyList())) {
            String cls = e.getUserClassQName();
            if (only == null || only.contains(cls)) {
                if (e.getParams().hasValue()) {
                    knownParams.addAll(e.getParams().get().keySet());
                }
            }
            if ((only == null || only.contains(cls)) && pattern.matcher(e.getUsername()).find()) {
                List<String> ms = byClass.computeIfAbsent(cls, k -> new ArrayList<>());
                String m = e.getUsername().substring(cls.length() + 1);
                if (!ms.contains(m)) {
                    ms.add(m);
                }
            }
        }
        // -p for a parameter the class lacks would be ignored by JMH without a word (under Maven, MavenBench
        // checks the whole reactor: a -p of another module is fine here)
        if (only != null) {
            new ReactorIndex(Set.of(), knownParams).checkParams(ReactorIndex.paramNames(splitArgs(args)));
        }
        if (byClass.isEmpty() && requireMatch) {
            throw BadInput.of(Settings.BENCH_PROPERTY, regex, "a regex matching a benchmark of "
                    + (only == null ? "this classpath" : only));
        }
        dev.kensho.common.cpu.Affinity.mode(); // a bad -Dkensho.pin stops the run before any fork
        List<ClassPlan> plans = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byClass.entrySet()) {
            Class<?> cls;
            try {
                cls = Class.forName(e.getKey());
            } catch (ClassNotFoundException ex) {
                throw new TargetFailure("benchmark class " + e.getKey() + " is listed but not on the classpath");
            }
            scale.checkKeys(cls, paramDefaults(cls).keySet());
            Integer outOfScale = scale.setting(cls, "skip");
            boolean named = Settings.get(Settings.BENCH_PROPERTY) != null || (only != null && only.size() == 1);
            if (outOfScale != null && outOfScale != 0 && !named) {
                // kept out of this scale's run for time (its kensho-scale.properties says why): the report says so
                plans.add(new ClassPlan(cls, e.getValue(), Map.of(), List.of("skipped: not in the " + scale.scale().id()
                        + " run (" + cls.getSimpleName() + "'s module's kensho-scale.properties says why); " + runsIt(scale, cls)
                        + " runs it"), true));
                continue;
            }
            List<String> notes = new ArrayList<>();
            List<String> methods = named ? e.getValue() : scale.methods(cls, e.getValue());
            if (methods.size() < e.getValue().size()) {
                List<String> out = new ArrayList<>(e.getValue());
                out.removeAll(methods);
                notes.add("methods left out of the " + scale.scale().id() + " run: " + String.join(", ", out)
                        + " (its module's kensho-scale.properties says why); " + runsIt(scale, cls) + " runs them");
            }
            if (methods.isEmpty()) {
                plans.add(new ClassPlan(cls, e.getValue(), Map.of(), notes, true));
                continue;
            }
            Map<String, String[]> params = new LinkedHashMap<>();
            for (Map.Entry<String, String[]> p : paramDefaults(cls).entrySet()) {
                String name = p.getKey();
                String[] values = cli.getParameter(name).hasValue()
                        ? cli.getParameter(name).get().toArray(String[]::new)
                        : scale.param(cls, name);
                params.put(name, values != null ? values : p.getValue());
            }
            ParamRules rules = rules(cls);
            String skip = null;
            if (rules != null) {
                List<String> unavailable = new ArrayList<>();
                for (Map.Entry<String, String[]> p : params.entrySet()) {
                    List<String> keep = new ArrayList<>();
                    for (String v : p.getValue()) {
                        rules.check(p.getKey(), v);
                        String why = rules.whyUnavailable(p.getKey(), v);
                        if (why == null) {
                            keep.add(v);
                        } else {
                            unavailable.add(why);
                        }
                    }
                    if (keep.isEmpty()) {
                        skip = cls.getSimpleName() + ": no value of " + p.getKey() + " can run here: "
                                + String.join("; ", unavailable);
                        break;
                    }
                    p.setValue(keep.toArray(String[]::new));
                }
                notes.addAll(unavailable);
                if (skip == null && rules.whyClassUnavailable() != null) {
                    skip = cls.getSimpleName() + " " + rules.whyClassUnavailable();
                }
                if (skip != null && byClass.size() == 1) {
                    throw new BadInput(skip); // the user asked for this class alone
                }
                if (skip != null) {
                    notes.add("skipped: " + skip); // a run of several classes goes on without it, and says so
                    plans.add(new ClassPlan(cls, methods, params, notes, true));
                    continue;
                }
                rules.checkCombinations(params);
                rules.preflight();
            }
            plans.add(new ClassPlan(cls, methods, params, notes, false));
        }
        return new Plan(scale, regex, cli, plans);
    }

    /** How to run what a scale leaves out: name the class (at default, {@code full} runs everything too). */
    private static String runsIt(ScaleTable scale, Class<?> cls) {
        return (scale.scale() == Scale.DEFAULT ? "-Dkensho.scale=full or " : "") + "-D" + Settings.BENCH_PROPERTY + "="
                + cls.getSimpleName();
    }

    private static String runClass(RunFolder run, Plan plan, ClassPlan cp, ClassServers servers) {
        try {
            return servers.run(rules(cp.cls), attach -> runClass(run, plan, cp, attach));
        } catch (RuntimeException e) {
            // the class's server did not start
            Traces.write(run, cp.cls.getSimpleName(), e);
            return failureLine(e, run);
        }
    }

    private static String runClass(RunFolder run, Plan plan, ClassPlan cp, Map<String, String> attach) {
        Class<?> cls = cp.cls;
        String name = cls.getSimpleName();
        List<String> forkArgs = forkJvmArgs(run, cls);
        attach.forEach((k, v) -> forkArgs.add("-D" + k + "=" + v));
        ChainedOptionsBuilder ob = new OptionsBuilder().parent(plan.cli)
                .include("^" + Pattern.quote(cls.getName()) + "\\.(" + String.join("|", cp.methods) + ")$")
                .result(run.jmhResult(name).toString())
                .resultFormat(ResultFormatType.JSON)
                .shouldFailOnError(true)
                .addProfiler(dev.kensho.common.cpu.CpuProfiler.class)
                .jvmArgsPrepend(forkArgs.toArray(String[]::new));
        cp.params.forEach(ob::param);
        ScaleTable st = plan.scale;
        Integer v;
        if (!plan.cli.getForkCount().hasValue() && (v = st.setting(cls, "forks")) != null) {
            ob.forks(v);
        }
        if (!plan.cli.getWarmupIterations().hasValue() && (v = st.setting(cls, "warmups")) != null) {
            ob.warmupIterations(v);
        }
        if (!plan.cli.getMeasurementIterations().hasValue() && (v = st.setting(cls, "iterations")) != null) {
            ob.measurementIterations(v);
        }
        if (!plan.cli.getMeasurementTime().hasValue() && (v = st.setting(cls, "time")) != null) {
            ob.measurementTime(TimeValue.seconds(v));
        }
        if (!plan.cli.getWarmupTime().hasValue() && (v = st.setting(cls, "warmupTime")) != null) {
            ob.warmupTime(TimeValue.seconds(v));
        }
        if (!plan.cli.getTimeout().hasValue() && (v = st.setting(cls, "timeout")) != null) {
            ob.timeout(TimeValue.seconds(v)); // JMH interrupts an iteration after 10 min: a seed-size shot can take longer
        }
        if (Settings.flag(Settings.JFR_PROPERTY)) {
            Path jfr = run.dir().resolve("jfr").resolve(name);
            try {
                Files.createDirectories(jfr);
            } catch (java.io.IOException e) {
                throw new TargetFailure("cannot create " + jfr);
            }
            ob.addProfiler("jfr", "dir=" + jfr);
        }
        String previousClass = System.setProperty(Setting.BENCH_CLASS.key(), name); // forks = 0 run here
        try (ConsoleFilter console = ConsoleFilter.open(run.dir().resolve("jmh").resolve(name + ".log"), System.out)) {
            new Runner(ob.build(), OutputFormatFactory.createFormatInstance(console.stream(),
                    plan.cli.verbosity().orElse(VerboseMode.NORMAL))).run();
            return null;
        } catch (Exception e) {
            Traces.write(run, name, e);
            return failureLine(e, run);
        } finally {
            if (previousClass == null) {
                System.clearProperty(Setting.BENCH_CLASS.key());
            } else {
                System.setProperty(Setting.BENCH_CLASS.key(), previousClass);
            }
        }
    }

    /**
     * One line for a failed class: a {@link BadInput} or {@link TargetFailure} message if one is in the
     * cause chain, else the deepest cause; followed by the server the class was using (from the run's
     * servers.jsonl) and whether its process still runs, so "connection reset" names its target.
     */
    static String failureLine(Throwable e, RunFolder run) {
        BadInput bad = BadInput.in(e);
        if (bad != null) {
            return bad.getMessage();
        }
        Throwable deepest = e;
        TargetFailure tf = null;
        for (Throwable c = e; c != null; c = c.getCause() != null ? c.getCause()
                : c.getSuppressed().length > 0 ? c.getSuppressed()[0] : null) {
            deepest = c;
            if (c instanceof TargetFailure t && tf == null) {
                tf = t;
            }
        }
        if (tf != null) {
            return tf.getMessage();
        }
        String msg = deepest.getMessage() == null ? "" : ": " + deepest.getMessage().lines().findFirst().orElse("");
        return deepest.getClass().getSimpleName() + msg + run.lastTarget().map(t -> " (target: " + t + ")").orElse("");
    }

    /** System properties every fork needs: the run folder and the user's kensho.* settings. */
    private static List<String> forkJvmArgs(RunFolder run, Class<?> cls) {
        List<String> a = new ArrayList<>();
        a.add("-D" + Settings.RUN_DIR_PROPERTY + "=" + run.dir());
        a.add("-D" + Setting.BENCH_CLASS.key() + "=" + cls.getSimpleName());
        a.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        a.addAll(Setting.forwardedArgs(System.getProperties()));
        return a;
    }

    /** The {@code RULES} of a benchmark class, or null. */
    public static ParamRules rules(Class<?> cls) {
        try {
            Field f = cls.getField("RULES");
            if (Modifier.isStatic(f.getModifiers()) && f.get(null) instanceof ParamRules r) {
                return r;
            }
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }

    /** Every @Param of the class, its nested state classes and its benchmark methods' state params. */
    static Map<String, String[]> paramDefaults(Class<?> cls) {
        Map<String, String[]> out = new LinkedHashMap<>();
        Set<Class<?>> seen = new LinkedHashSet<>();
        collect(cls, out, seen);
        return out;
    }

    private static void collect(Class<?> c, Map<String, String[]> out, Set<Class<?>> seen) {
        if (c == null || c == Object.class || !seen.add(c)) {
            return;
        }
        for (Field f : c.getDeclaredFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p != null) {
                String[] values = p.value().length == 0 || (p.value().length == 1 && p.value()[0].equals(Param.BLANK_ARGS))
                        ? enumValues(f.getType()) : p.value();
                out.putIfAbsent(f.getName(), values);
            }
        }
        collect(c.getSuperclass(), out, seen);
        for (Class<?> n : c.getDeclaredClasses()) {
            collect(n, out, seen);
        }
        for (Method m : c.getDeclaredMethods()) {
            for (Class<?> t : m.getParameterTypes()) {
                if (t.isAnnotationPresent(org.openjdk.jmh.annotations.State.class)) {
                    collect(t, out, seen);
                }
            }
        }
    }

    private static String[] enumValues(Class<?> t) {
        if (t.isEnum()) {
            return java.util.Arrays.stream(t.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toArray(String[]::new);
        }
        if (t == boolean.class || t == Boolean.class) {
            return new String[]{"false", "true"};
        }
        return new String[0];
    }

    /**
     * JMH's command line takes benchmark regexes as plain arguments, but the launcher selects by
     * {@code kensho.bench} (one class per JMH run, the scale's choices applied): a plain argument becomes that
     * setting (several: any of them) and the flags are returned without it; {@code args} itself when there is
     * none. Given both ways, the run stops with one line.
     */
    static String[] positionalRegex(String[] args) {
        String[] flags = splitArgs(args);
        List<String> regexes;
        try {
            regexes = new CommandLineOptions(flags).getIncludes();
        } catch (CommandLineOptionException e) {
            return args; // plan() says what is wrong with them
        }
        if (regexes.isEmpty()) {
            return args;
        }
        String regex = regexes.size() == 1 ? regexes.get(0) : "(" + String.join(")|(", regexes) + ")";
        if (Settings.get(Settings.BENCH_PROPERTY) != null) {
            throw new BadInput("the benchmark regex is given twice, as the argument " + regex + " and as -D"
                    + Settings.BENCH_PROPERTY + "=" + Settings.get(Settings.BENCH_PROPERTY) + ": give one");
        }
        System.setProperty(Settings.BENCH_PROPERTY, regex); // forks get it with the other kensho.* settings
        List<String> rest = new ArrayList<>(List.of(flags));
        rest.removeAll(regexes);
        return rest.toArray(String[]::new);
    }

    /** Maven passes all JMH flags as one argument; split it on whitespace (quotes not needed for JMH flags). */
    static String[] splitArgs(String[] args) {
        return java.util.Arrays.stream(args).flatMap(a -> java.util.Arrays.stream(a.trim().split("\\s+")))
                .filter(s -> !s.isEmpty()).collect(Collectors.toList()).toArray(String[]::new);
    }
}
