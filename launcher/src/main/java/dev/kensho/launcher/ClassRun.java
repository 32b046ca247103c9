package dev.kensho.launcher;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.RunFolder;
import dev.kensho.launcher.Plan.ClassPlan;
import dev.kensho.report.Section;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.regex.Pattern;

/**
 * One benchmark class of a plan through JMH: its server up ({@link ClassServers}), its options
 * ({@link ClassOptions}) with its methods, params and result file {@code jmh/<Class>.json} on top, its output to
 * {@code jmh/<Class>.log} and the progress lines, and one {@link Runner} for the class — or, with rounds, one per
 * case per round ({@link Rounds}), planned by the class's claims ({@link ClassLooks}). A failure comes back as one line for the console, its trace in the run folder.
 * It sits apart from {@link Bench} so the run's life cycle (folder, claims, hooks, exit status) reads in one place
 * and what happens to one class in another.
 */
final class ClassRun {

    /**
     * Where a class's JMH output goes: the progress lines (null: JMH's own console, verbose), its planned time per
     * case, and the seconds of the run's budget left for it ({@link Budget#leftFor}: what its claims' rounds may use).
     */
    record Console(Progress progress, double perCase, DoubleSupplier secondsLeft) {
    }

    private ClassRun() {
    }

    /**
     * Runs {@code cp} with its class server, its forks running {@code java} ({@link ForkJdk}; null: the launcher's
     * own); returns null when it passed, else its failure line.
     */
    static String run(RunFolder run, Plan plan, ClassPlan cp, ClassServers servers, Console console, String java) {
        try {
            return servers.run(Plan.rules(cp.cls()), attach -> run(run, plan, cp, attach, console, java));
        } catch (RuntimeException e) {
            // the class's server did not start
            return failed(run, cp.cls().getSimpleName(), e);
        }
    }

    private static String run(RunFolder run, Plan plan, ClassPlan cp, Map<String, String> attach, Console out, String java) {
        Class<?> cls = cp.cls();
        String name = cls.getSimpleName();
        // the class's options; its methods, params and result file go on top (all at once, or one case per round)
        ChainedOptionsBuilder ob = ClassOptions.of(run, plan, cls, attach, java);
        String previousClass = System.setProperty(Setting.BENCH_CLASS.key(), name); // forks = 0 run here
        PrintStream screen = out.progress() == null ? System.out : new PrintStream(OutputStream.nullOutputStream());
        try (ConsoleFilter console = ConsoleFilter.open(run.dir().resolve("jmh").resolve(name + ".log"), screen)) {
            OutputFormat jmh = OutputFormatFactory.createFormatInstance(console.stream(),
                    plan.cli().verbosity().orElse(VerboseMode.NORMAL));
            OutputFormat format = out.progress() == null ? jmh
                    : out.progress().forClass(jmh, name, out.perCase());
            int rounds = Rounds.count(plan, cls);
            if (Rounds.inRounds(plan, cls)) {
                ClassLooks looks = new ClassLooks(run.dir(), name, Rounds.cases(cp), rounds, out.secondsLeft(), Section.all(),
                        System.err).allowance(Rounds.claimAllowance(plan, cls)).onReplan(d -> {
                            if (out.progress() != null) {
                                out.progress().replan(d, out.perCase());
                            }
                        });
                return Rounds.run(run.dir(), cls, cp, ob.build(), rounds, run.jmhResult(name),
                        options -> new Runner(options, format).run(), e -> failed(run, name, e), looks);
            }
            ChainedOptionsBuilder all = new OptionsBuilder().parent(ob.build())
                    .include("^" + Pattern.quote(cls.getName()) + "\\.(" + String.join("|", cp.methods()) + ")$")
                    .result(run.jmhResult(name).toString());
            cp.params().forEach(all::param);
            new Runner(all.build(), format).run();
            return null;
        } catch (Exception e) {
            return failed(run, name, e);
        } finally {
            if (previousClass == null) {
                System.clearProperty(Setting.BENCH_CLASS.key());
            } else {
                System.setProperty(Setting.BENCH_CLASS.key(), previousClass);
            }
        }
    }

    /** Writes {@code e}'s trace into the run folder under {@code what}; returns its one line. */
    private static String failed(RunFolder run, String what, Throwable e) {
        Traces.write(run, what, e);
        return failureLine(e, run);
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
}
