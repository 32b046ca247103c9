package dev.kensho.launcher;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.cpu.CpuProfiler;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.profile.CaseProfiler;
import dev.kensho.common.profile.JmhProfilerFiles;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JMH options one benchmark class runs with, before its methods, params and result file are added: the user's
 * JMH flags first, then the scale table's forks, iterations and times where the flags left them open, the profilers
 * every run has (CPU, and JFR with {@code kensho.jfr}), and the system properties every fork needs. Written once so a
 * class run whole and a class run one case per round ({@link Rounds}) get the same options.
 */
final class ClassOptions {

    /**
     * SLF4J 2's own start-up report. The Redis and HBase modules bring no SLF4J provider on purpose (the clients'
     * and HBase's logs would bury the console), so each JVM printed three to six "SLF4J(W): No SLF4J providers were
     * found … NOP" lines: 384 lines in a default run, 6 per HBase fork. At ERROR SLF4J still reports its errors.
     * A user's own {@code -Dslf4j.internal.verbosity} wins.
     */
    static final String SLF4J_QUIET = "slf4j.internal.verbosity";

    private ClassOptions() {
    }

    /**
     * The options of {@code cls} in {@code run}; {@code attach} are the properties that point its forks at its server,
     * {@code java} the java its forks run ({@link ForkJdk}; null: JMH's default, the launcher's own).
     */
    static ChainedOptionsBuilder of(RunFolder run, Plan plan, Class<?> cls, Map<String, String> attach, String java) {
        List<String> forkArgs = forkJvmArgs(run, cls);
        attach.forEach((k, v) -> forkArgs.add("-D" + k + "=" + v));
        ChainedOptionsBuilder ob = new OptionsBuilder().parent(plan.cli())
                .resultFormat(ResultFormatType.JSON)
                .shouldFailOnError(true)
                .addProfiler(CpuProfiler.class)
                .jvmArgsPrepend(forkArgs.toArray(String[]::new));
        if (java != null && !plan.cli().getJvm().hasValue()) {
            ob.jvm(java);
        }
        ScaleTable st = plan.scale();
        Integer v;
        if (!plan.cli().getForkCount().hasValue() && (v = st.setting(cls, "forks")) != null) {
            ob.forks(v);
        }
        if (!plan.cli().getWarmupIterations().hasValue() && (v = st.setting(cls, "warmups")) != null) {
            ob.warmupIterations(v);
        }
        if (!plan.cli().getMeasurementIterations().hasValue() && (v = st.setting(cls, "iterations")) != null) {
            ob.measurementIterations(v);
        }
        if (!plan.cli().getMeasurementTime().hasValue() && (v = st.setting(cls, "time")) != null) {
            ob.measurementTime(TimeValue.seconds(v));
        }
        if (!plan.cli().getWarmupTime().hasValue() && (v = st.setting(cls, "warmupTime")) != null) {
            ob.warmupTime(TimeValue.seconds(v));
        }
        if (!plan.cli().getTimeout().hasValue() && (v = st.setting(cls, "timeout")) != null) {
            ob.timeout(TimeValue.seconds(v)); // JMH interrupts an iteration after 10 min: a seed-size shot can take longer
        }
        if (Setting.JFR.flag()) {
            ob.addProfiler(CaseProfiler.class); // jfr/<Class>/<case>/, per fork, servers too
        }
        if (JmhProfilerFiles.wanted(plan.cli().getProfilers())) {
            ob.addProfiler(JmhProfilerFiles.class); // -prof jfr / async: each fork's files into jfr/<Class>/<case>/
        }
        return ob;
    }

    /** System properties every fork needs: the run folder and the user's kensho.* settings. */
    private static List<String> forkJvmArgs(RunFolder run, Class<?> cls) {
        List<String> a = new ArrayList<>();
        a.add("-D" + Setting.RUN_DIR.key() + "=" + run.dir());
        a.add("-D" + Setting.BENCH_CLASS.key() + "=" + cls.getSimpleName());
        a.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        a.add("-D" + SLF4J_QUIET + "=" + System.getProperty(SLF4J_QUIET, "ERROR"));
        a.addAll(SettingRegistry.onClassPath().forwardedArgs(System.getProperties()));
        return a;
    }
}
