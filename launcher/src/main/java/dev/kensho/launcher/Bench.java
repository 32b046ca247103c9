package dev.kensho.launcher;

import dev.kensho.api.ClassEnd;
import dev.kensho.api.ParamRules;
import dev.kensho.common.BadInput;
import dev.kensho.common.MisplacedSetting;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.launcher.Plan.ClassPlan;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.KilledRuns;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.profile.Profiling;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.targets.Claims;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.Set;

/**
 * The one launcher. Every benchmark class's {@code main} reaches {@link #main(Class, String[])} through
 * {@code dev.kensho.api.Kensho} (which finds {@link ClassMain} on the class path); the Maven
 * {@code bench} profile calls {@link BenchMain}, which runs every benchmark of a module through the same
 * code — so an IDE run and {@code mvn verify -Pbench} write the same files into the same kind of run
 * folder ({@code target/kensho-runs/<runId>/}, see {@link RunFolder}).
 *
 * <p>Before any server starts it checks the scale, the {@code kensho.bench} regex, the JMH flags, and
 * every param value against the class's {@code public static final ParamRules RULES}; a bad one ends the
 * run with one line and exit status 2. Then it runs each class through JMH ({@link ClassRun}: one JMH runner per
 * class, or with {@code -Dkensho.rounds=N} one per case per round), which writes {@code jmh/<Class>.json}, and
 * re-exports CSV, Markdown, env.json and the report after each class.
 *
 * <p>Arguments are JMH's own command-line flags ({@code -p users=5000 -f 1 -prof gc}); they win over
 * the scale table.
 */
public final class Bench {

    private Bench() {
    }

    /**
     * Entry point of every benchmark class's {@code main} ({@link ClassMain}): runs just that class. A {@code -D} setting among its
     * arguments (an IDE's program arguments rather than its VM options) stops it in one line.
     */
    public static void main(Class<?> benchmarkClass, String[] args) {
        try {
            MisplacedSetting.refuse(LaunchArgs.split(args), MisplacedSetting.Entry.MAIN);
        } catch (BadInput e) {
            System.err.println("kensho: " + e.getMessage());
            System.exit(2);
        }
        System.exit(run(Set.of(benchmarkClass.getName()), args, true, System.err));
    }

    /**
     * Runs the benchmarks on the classpath, restricted to {@code classes} (null: all of them) and to
     * {@code kensho.bench}. Returns the exit status: 0 all passed, 1 a benchmark failed, 2 bad input.
     */
    public static int run(Set<String> classes, String[] args, boolean requireMatch, PrintStream err) {
        quietSlf4j();
        RunFolder run = null;
        Claims.Held held = null;
        Thread onStop = null;
        String previousRunDir = null;
        boolean runDirSet = false;
        try {
            if (JmhFlags.informational(JmhFlags.parse(args))) {
                JmhFlags.inform(args, classes); // -h, -l, -lp, -lprof, -lrf: as JMH's Main, nothing started
                return 0;
            }
            Plan plan = Plan.of(classes, args, requireMatch);
            if (plan.classes().isEmpty()) {
                // a module of a Maven build with nothing selected: MavenBench has checked that some module has
                return 0;
            }
            Profiling.checkProfilers(LaunchArgs.split(args)); // -prof nosuch: one line, no run folder
            ForkJdk jdks = ForkJdk.onThisMachine(); // a named Java home that is none: one line, no run folder
            run = RunFolder.open();
            // an earlier run whose launcher was killed (SIGKILL) still says running: it never will finish
            KilledRuns.settle(Settings.resultsRoot()).forEach(l -> err.println("kensho: " + l));
            plan = profiled(plan, Profiling.prepare(run.dir(), LaunchArgs.split(args), err));
            ShardRecord.launcher(run.dir(), Shard.current(),
                    StartAt.current(false));
            RunFolder folder = run;
            // the prefixes, tables and streams this run may write on servers it did not start: claimed before any fork
            held = Claims.takeAll(run.dir().getFileName().toString(), line -> {
                err.println("kensho: " + line);
                folder.note("safety", line);
            });
            onStop = RunHooks.markInterruptedOnExit(run, held);
            ParentWatch.start(run, err);
            // forks get it on their command line; -f 0 runs benchmarks in this JVM, which records too
            previousRunDir = System.setProperty(Setting.RUN_DIR.key(), run.dir().toString());
            runDirSet = true;
            long started = System.nanoTime();
            boolean verbose = Setting.VERBOSE.flag();
            RunEstimate estimate = RunEstimate.of(Settings.resultsRoot(), plan.scale().scale().id(), run.dir());
            Map<String, Double> perCase = new HashMap<>();
            int cases = 0;
            double planned = 0;
            // with rounds a case runs once per round (one fork each): the ETA's pace corrects the plan's forks
            for (ClassPlan cp : plan.classes()) {
                int rounds = Rounds.count(plan, cp.cls());
                double each = estimate.perCase(plan, cp, Rounds.inRounds(plan, cp.cls()) ? 1 : RunEstimate.forks(plan, cp));
                perCase.put(cp.cls().getName(), each);
                cases += cp.cases() * rounds;
                planned += each * cp.cases() * rounds;
            }
            Map<String, Double> plannedOf = new LinkedHashMap<>();
            for (ClassPlan cp : plan.classes()) {
                int rounds = Rounds.count(plan, cp.cls());
                plannedOf.put(cp.cls().getName(), perCase.get(cp.cls().getName()) * cp.cases() * rounds);
            }
            BuildShare share = BuildShare.of(run, plan.scale().scale().id());
            Budget budget = Budget.of(started, plan.classes().stream().map(cp -> cp.cls().getName()).toList(), plannedOf, share);
            budget.write(run.dir(), Double.NaN);
            // the forks' JDK, per class: the newest on the machine unless a module's client breaks there
            Map<String, String> javaOf = new HashMap<>();
            for (ClassPlan cp : plan.classes()) {
                if (!cp.skipped()) {
                    javaOf.put(cp.cls().getName(), jdks.of(cp.cls(), RunEstimate.forks(plan, cp) != 0,
                            plan.cli().getJvm().orElse(null)).java());
                }
            }
            jdks.write(run.dir());
            run.note("launcher", jdks.line());
            Progress progress = new Progress(System.out, cases, planned, share).budget(budget.seconds());
            err.println("kensho: scale " + plan.scale().scale().id() + ", " + progress.plan() + ", results in " + run.dir()
                    + (verbose ? "" : " (JMH's output: jmh/<Class>.log there; -D" + Setting.VERBOSE.key() + "=true shows it here)"));
            err.println("kensho: " + jdks.line());
            int status = 0;
            try (ClassServers servers = new ClassServers()) {
                for (ClassPlan cp : plan.classes()) {
                    run.markRunning(cp.cls().getSimpleName());
                    for (String n : cp.notes()) {
                        err.println("kensho: " + cp.cls().getSimpleName() + ": " + n);
                        run.note(cp.cls().getSimpleName(), n);
                    }
                    if (cp.skipped()) {
                        run.markSkipped(cp.cls().getSimpleName());
                        continue;
                    }
                    if (budget.spent() && !Rounds.inRounds(plan, cp.cls())) {
                        // a class planned by its claims runs at least its first round (its rows say where it stopped);
                        // one without claims has nothing to decide, and the run ends on time
                        String n = "not run: the run's budget of " + Clock.of(budget.seconds()) + " was spent before it ("
                                + Setting.BUDGET.key() + "=<minutes> gives more)";
                        err.println("kensho: " + cp.cls().getSimpleName() + ": " + n);
                        run.note(cp.cls().getSimpleName(), n);
                        run.markOverBudget(cp.cls().getSimpleName());
                        continue;
                    }
                    // the machine's speed now: a shared host drifts, and the report shows by how much across the run
                    Optional<String> notTaken = Yardstick.record(run.dir(), cp.cls().getSimpleName());
                    if (notTaken.isPresent()) {
                        run.note("launcher", notTaken.get());
                    }
                    String failure;
                    long classStart = System.nanoTime();
                    try {
                        failure = ClassRun.run(run, plan, cp, servers,
                                new ClassRun.Console(verbose ? null : progress, perCase.get(cp.cls().getName()),
                                        budget.leftFor(cp.cls().getName())), javaOf.get(cp.cls().getName()));
                    } finally {
                        ClassEnd.runAll(); // what a non-forked class kept open ends with it, not in the next class
                    }
                    // per case and fork (a rounds run: one fork per case per round), so the next run's ETA scales it
                    // a class planned by its claims ran as many one-fork cases as its rounds wrote
                    int forkCases = Rounds.inRounds(plan, cp.cls()) ? Rounds.forkFiles(run.dir(), cp.cls().getSimpleName())
                            : cp.cases() * Math.max(1, RunEstimate.forks(plan, cp));
                    if (forkCases > 0) {
                        run.recordSeconds(plan.scale().scale().id(), cp.cls().getSimpleName(),
                                (System.nanoTime() - classStart) / 1e9 / forkCases);
                    }
                    if (failure != null) {
                        err.println("kensho: " + cp.cls().getSimpleName() + " failed: " + failure);
                        run.markFailed(cp.cls().getSimpleName(), failure);
                        status = 1;
                    } else {
                        run.markDone(cp.cls().getSimpleName());
                    }
                    run.export();
                }
            }
            held.close();
            String module = Setting.MODULE.get();
            if (module != null) {
                run.recordModule(plan.scale().scale().id(), module, cases, (System.nanoTime() - started) / 1e9);
            }
            budget.write(run.dir(), (System.nanoTime() - started) / 1e9);
            run.finish();
            run.export();
            RunSummary.lines(run, (System.nanoTime() - started) / 1e9).forEach(System.out::println);
            return status;
        } catch (BadInput | TargetFailure e) {
            err.println("kensho: " + e.getMessage());
            if (run != null) {
                run.markFailed("launcher", e.getMessage());
            }
            return e instanceof BadInput ? 2 : 1;
        } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
            // a bug, or classes that do not fit together (a stale build output), not an input: one line here, the
            // whole trace in the run folder (or the temp dir)
            Path trace = Traces.write(run, "launcher", e);
            err.println("kensho: the launcher failed: " + e + (trace != null ? " (trace: " + trace + ")" : ""));
            if (run != null) {
                run.markFailed("launcher", e.toString());
            }
            return 1;
        } finally {
            if (held != null) {
                held.close(); // a failed or refused run leaves nothing under its prefix either
            }
            if (onStop != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(onStop);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it writes the state
                }
            }
            if (runDirSet) {
                if (previousRunDir == null) {
                    System.clearProperty(Setting.RUN_DIR.key());
                } else {
                    System.setProperty(Setting.RUN_DIR.key(), previousRunDir);
                }
            }
        }
    }

    /** The launcher's own JVM, quiet as its forks ({@link ClassOptions#SLF4J_QUIET}): before anything it loads touches SLF4J. */
    static void quietSlf4j() {
        if (System.getProperty(ClassOptions.SLF4J_QUIET) == null) {
            System.setProperty(ClassOptions.SLF4J_QUIET, "ERROR");
        }
    }

    /** The plan with the JMH flags {@code Profiling.prepare} completed ({@code -prof async}); itself when none changed. */
    private static Plan profiled(Plan plan, String[] flags) {
        try {
            return new Plan(plan.scale(), plan.regex(), new CommandLineOptions(flags), plan.classes());
        } catch (CommandLineOptionException e) {
            throw new BadInput("JMH arguments " + String.join(" ", flags) + ": " + e.getMessage());
        }
    }

    /** The {@code RULES} of a benchmark class, or null. */
    public static ParamRules rules(Class<?> cls) {
        return Plan.rules(cls);
    }
}
