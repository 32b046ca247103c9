package dev.kensho.launcher;

import dev.kensho.common.BadInput;
import dev.kensho.common.MisplacedSetting;
import dev.kensho.common.Scale;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import dev.kensho.report.cost.Prices;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The {@code mvn verify -Pbench} entry point. It runs inside Maven's own JVM ({@code exec:java}), where
 * every {@code -D} the user gave Maven is a system property, and starts the launcher ({@link BenchMain})
 * as a child JVM with:
 * <ul>
 *   <li>every {@code kensho.*} property forwarded ({@link SettingRegistry#forwardedArgs}) and the environment
 *       inherited (so {@code KENSHO_*} arrive too) — nothing the user set is dropped on the way;</li>
 *   <li>the module's runtime classpath as {@code -cp} (JMH forks inherit {@code java.class.path});</li>
 *   <li>{@code kensho.watchPid} = Maven's pid: the launcher stops its forks and servers when Maven dies,
 *       however it is killed ({@link ParentWatch});</li>
 *   <li>{@code kensho.module} and {@code kensho.reactor}: this module and the build's modules with benchmarks, each
 *       with its share of the budget from its scale file's sources, so the console's case count and ETA cover the
 *       whole build and a module leaves the later ones their part ({@link BuildShare}).</li>
 * </ul>
 * Before anything starts it refuses, in one line, a {@code kensho.*} name no module of the checkout or the build
 * declares (modules not built yet are read from their sources), a value the check of this module or of one built
 * before it refuses ({@link SettingRegistry#withSources(List, List)}), an unknown
 * {@code -p} parameter, a {@code kensho.bench} regex that matches nothing in the reactor
 * ({@link ReactorIndex}), a bad {@code kensho.prices} file or a JMH result flag it cannot honour ({@link JmhFlags}).
 * JMH's {@code -h}, {@code -lprof} and {@code -lrf} print once (the first module) and start nothing; {@code -l} and
 * {@code -lp} list each module's benchmarks from its launcher. A failed run ends in an exception whose message is that line: Maven prints
 * it in its BUILD FAILURE summary, without a Java stack trace unless you pass {@code -e}.
 *
 * In a parallel build ({@code -T}, as {@code .mvn/maven.config} sets) each module's run is held until every module
 * with benchmarks has built and passed these checks, then all run one at a time in reactor order ({@link BenchTurns}).
 *
 * <p>Arguments (from the pom): launcher JVM flags and {@code --env=NAME=value} for its environment, then
 * {@code --reactor}, the reactor's module folders
 * (Maven's {@code ${session.projects}}), {@code --module}, this module's folder, {@code --parallel}, Maven's
 * {@code ${session.parallel}}, then {@code --}, then the JMH flags ({@code kensho.args}).
 */
public final class MavenBench {

    private MavenBench() {
    }

    public static void main(String[] args) throws Exception {
        List<String> jvm = new ArrayList<>();
        List<String> reactor = new ArrayList<>();
        List<String> jmh = new ArrayList<>();
        Map<String, String> env = new LinkedHashMap<>();
        List<String> into = jvm;
        String module = null;
        boolean parallel = false;
        for (String a : args) {
            if (a == null) {
                continue;
            } else if (a.startsWith("--env=") && a.indexOf('=', 6) > 0) {
                String value = a.substring(a.indexOf('=', 6) + 1);
                if (!value.isBlank()) {
                    env.put(a.substring(6, a.indexOf('=', 6)), value);
                }
            } else if (a.startsWith("--reactor=")) {
                reactor.add(a.substring("--reactor=".length()));
            } else if (a.startsWith("--parallel=")) {
                parallel = Boolean.parseBoolean(a.substring("--parallel=".length()));
            } else if (a.startsWith("--module=")) {
                module = Paths.get(a.substring("--module=".length())).getFileName().toString();
            } else if (a.equals("--") && into != jmh) {
                into = jmh;
            } else if (!a.isBlank()) {
                into.add(a);
            }
        }
        String[] jmhArgs = LaunchArgs.split(jmh.toArray(String[]::new));
        ReactorIndex index;
        List<Path> moduleDirs;
        try {
            // names against every module of the build, built yet or not; values against the modules built so far
            List<Path> dirs = ReactorIndex.moduleDirs(String.join(" ", reactor));
            int mine = dirs.stream().map(d -> d.getFileName().toString()).toList().indexOf(module);
            SettingRegistry settings = SettingRegistry.withSources(dirs, mine < 0 ? List.of() : dirs.subList(0, mine));
            settings.check(System.getProperties());
            settings.checkEnvironment(System.getenv());
            MisplacedSetting.refuse(jmhArgs, MisplacedSetting.Entry.MAVEN); // -Dkensho.args="-Dkensho.scale=smoke"
            index = ReactorIndex.of(dirs);
            moduleDirs = dirs;
            CommandLineOptions cli = JmhFlags.parse(jmhArgs);
            if (cli.shouldHelp() || cli.shouldListProfilers() || cli.shouldListResultFormats()) {
                // the same text for every module: printed once, by the first; nothing starts
                if (module == null || index.modules().isEmpty() || index.modules().get(0).equals(module)) {
                    JmhFlags.inform(jmhArgs, null);
                }
                return;
            }
            JmhFlags.refuseResultFlags(cli);
            Prices.checkUserFile();
            index.check(jmhArgs);
        } catch (BadInput e) {
            if (parallel && module != null) {
                BenchTurns.failed(module);
            }
            System.err.println("kensho: " + e.getMessage());
            throw new KenshoRunFailed("kensho: " + e.getMessage());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        jvm.forEach(j -> cmd.addAll(List.of(j.trim().split("\\s+"))));
        cmd.addAll(SettingRegistry.onClassPath().forwardedArgs(System.getProperties()));
        cmd.add("-D" + Setting.WATCH_PID.key() + "=" + ProcessHandle.current().pid());
        if (module != null && index.modules().contains(module)) {
            // the console counts and times the whole build, not only this module (BuildShare)
            cmd.add("-D" + Setting.MODULE.key() + "=" + module);
            // each with its share of the run's budget, from its scale file (BuildShare.SHARE_KEY)
            cmd.add("-D" + Setting.REACTOR.key() + "=" + String.join(",", index.modules().stream()
                    .map(m -> BuildShare.entry(m, moduleDirs.stream().filter(d -> d.getFileName().toString().equals(m))
                            .findFirst().orElse(Path.of(m)), Scale.current())).toList()));
        }
        cmd.add("-cp");
        cmd.add(classpath());
        cmd.add(BenchMain.class.getName());
        cmd.addAll(List.of(jmhArgs));
        BenchTurns.Job job = new BenchTurns.Job(module, cmd, env);
        if (parallel && module != null && index.modules().contains(module)) {
            for (BenchTurns.Job held : BenchTurns.arrive(job, index.modules(), System.out)) {
                run(held);
            }
        } else {
            run(job);
        }
    }

    /** Runs one module's launcher to its end; Maven's death ends it too. */
    private static void run(BenchTurns.Job job) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(job.command()).inheritIO();
        pb.environment().putAll(job.env());
        Process launcher = pb.start();
        Thread reaper = new Thread(() -> {
            launcher.destroy();
            try {
                launcher.waitFor(15, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            launcher.destroyForcibly();
        }, "kensho-launcher-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        int status = launcher.waitFor();
        Runtime.getRuntime().removeShutdownHook(reaper);
        if (status != 0) {
            // the launcher has printed the reason as one kensho line; Maven's summary adds this one
            throw new KenshoRunFailed((job.module() == null ? "" : job.module() + ": ")
                    + "the benchmark run failed (exit " + status + "): see the kensho line above"
                    + (status == 2 ? " (bad input: nothing was started)" : ""));
        }
    }

    /**
     * The failure Maven reports in its summary. It carries no stack trace, so exec:java's warning and
     * {@code -e} show one line, not the plugin's frames.
     */
    static final class KenshoRunFailed extends RuntimeException {
        KenshoRunFailed(String message) {
            super(message, null, false, false);
        }
    }

    /** The module's runtime classpath, as exec:java's class loader holds it. */
    static String classpath() throws URISyntaxException {
        Set<String> parts = new LinkedHashSet<>();
        // the project's loader only, not its parents (Maven's own jars)
        if (Thread.currentThread().getContextClassLoader() instanceof URLClassLoader u) {
            for (URL url : u.getURLs()) {
                if ("file".equals(url.getProtocol())) {
                    parts.add(Path.of(url.toURI()).toString());
                }
            }
        }
        if (parts.isEmpty()) {
            parts.add(System.getProperty("java.class.path"));
        }
        return String.join(File.pathSeparator, parts);
    }
}
