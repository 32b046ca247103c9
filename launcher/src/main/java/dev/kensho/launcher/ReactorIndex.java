package dev.kensho.launcher;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/**
 * Every benchmark name ({@code package.Class.method}) and {@code @Param} name of the modules in a Maven
 * reactor, read from their sources — so the first module of a {@code -Pbench} build can refuse a
 * {@code kensho.bench} regex or a {@code -p name} that no module of the build has, before anything
 * starts, even though the later modules are not compiled yet. A source reading, checked against JMH's
 * own compiled lists by {@code ReactorIndexTest} in the reliability module.
 */
public final class ReactorIndex {

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern CLASS = Pattern.compile("(\\babstract\\s+(?:static\\s+)?)?\\bclass\\s+(\\w+)(?:\\s*<[^>{]*>)?(?:\\s+extends\\s+(\\w+))?");
    private static final Pattern BENCHMARK_METHOD = Pattern.compile(
            "@Benchmark\\b(?:\\s*@\\w+(?:\\([^)]*\\))?)*\\s+(?:public\\s+|protected\\s+)?(?:final\\s+)?[\\w.<>\\[\\], ?]+\\s+(\\w+)\\s*\\(");
    private static final Pattern PARAM_FIELD = Pattern.compile(
            "@Param\\b(?:\\s*\\([^)]*\\))?\\s+(?:public\\s+|protected\\s+|private\\s+)?(?:volatile\\s+)?[\\w.<>\\[\\]]+\\s+(\\w+)\\s*[;=]");

    private final Set<String> benchmarks;
    private final Set<String> params;
    private final List<String> modules;

    ReactorIndex(Set<String> benchmarks, Set<String> params) {
        this(benchmarks, params, List.of());
    }

    private ReactorIndex(Set<String> benchmarks, Set<String> params, List<String> modules) {
        this.benchmarks = benchmarks;
        this.params = params;
        this.modules = modules;
    }

    /** The folder names of the modules that hold a {@code @Benchmark} method, in reactor order. */
    public List<String> modules() {
        return modules;
    }

    public Set<String> benchmarks() {
        return benchmarks;
    }

    public Set<String> params() {
        return params;
    }

    /**
     * The module folders named in Maven's {@code ${session.projects}} ("[MavenProject: g:a:v @ /path/pom.xml, …]"),
     * or, when that is not available (an IDE), every module folder under the repository root.
     */
    static List<Path> moduleDirs(String sessionProjects) {
        List<Path> out = new ArrayList<>();
        Matcher m = Pattern.compile("@ (.+?pom\\.xml)").matcher(sessionProjects == null ? "" : sessionProjects);
        while (m.find()) {
            out.add(Paths.get(m.group(1).trim()).getParent());
        }
        return out;
    }

    public static ReactorIndex of(List<Path> moduleDirs) {
        Map<String, String> superOf = new HashMap<>();
        Map<String, String> packageOf = new HashMap<>();
        Map<String, Set<String>> methodsOf = new HashMap<>();
        Set<String> params = new TreeSet<>();
        Set<String> abstracts = new HashSet<>();
        Set<String> modules = new LinkedHashSet<>();
        for (Path dir : moduleDirs) {
            Path src = dir.resolve("src").resolve("main").resolve("java");
            if (!Files.isDirectory(src)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    if (!text.contains("@Benchmark") && !text.contains("@Param") && !text.contains(" extends ")) { // extends: a subclass inheriting its methods
                        continue;
                    }
                    Matcher pm = PACKAGE.matcher(text);
                    String pkg = pm.find() ? pm.group(1) : "";
                    String top = f.getFileName().toString().replace(".java", "");
                    Matcher cm = CLASS.matcher(text);
                    while (cm.find()) {
                        packageOf.put(cm.group(2), pkg);
                        if (cm.group(1) != null) {
                            abstracts.add(cm.group(2));
                        }
                        if (cm.group(3) != null) {
                            superOf.put(cm.group(2), cm.group(3));
                        }
                    }
                    packageOf.putIfAbsent(top, pkg);
                    Matcher bm = BENCHMARK_METHOD.matcher(text);
                    while (bm.find()) {
                        methodsOf.computeIfAbsent(top, k -> new LinkedHashSet<>()).add(bm.group(1));
                        modules.add(dir.getFileName().toString());
                    }
                    Matcher fm = PARAM_FIELD.matcher(text);
                    while (fm.find()) {
                        params.add(fm.group(1));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Set<String> names = new TreeSet<>();
        for (String cls : packageOf.keySet()) {
            if (abstracts.contains(cls)) {
                continue;
            }
            Set<String> ms = new LinkedHashSet<>();
            for (String c = cls; c != null; c = superOf.get(c)) {
                ms.addAll(methodsOf.getOrDefault(c, Set.of()));
            }
            for (String m : ms) {
                names.add(packageOf.get(cls) + "." + cls + "." + m);
            }
        }
        return new ReactorIndex(names, params, List.copyOf(modules));
    }

    /**
     * Refuses, in one line, a {@code kensho.bench} regex matching no benchmark of the reactor and a
     * {@code -p} naming a parameter no benchmark of it has. An empty index (no sources found: a
     * packaged suite) checks nothing.
     */
    public void check(String[] jmhArgs) {
        if (benchmarks.isEmpty()) {
            return;
        }
        String regex = System.getProperty(Setting.BENCH.key(), Setting.BENCH.documentedDefault());
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(Setting.BENCH.key(), regex, "a Java regular expression (" + e.getDescription() + ")");
        }
        if (benchmarks.stream().noneMatch(b -> p.matcher(b).find())) {
            Set<String> classes = new TreeSet<>();
            benchmarks.forEach(b -> classes.add(b.substring(0, b.lastIndexOf('.')).replaceAll(".*\\.", "")));
            throw new BadInput(Setting.BENCH.key() + "=" + regex + " matches no benchmark of this build: "
                    + SettingRegistry.nearest(regex, new ArrayList<>(classes)));
        }
        try {
            new CommandLineOptions(jmhArgs);
        } catch (CommandLineOptionException e) {
            throw new BadInput("JMH arguments " + String.join(" ", jmhArgs) + ": " + e.getMessage());
        }
        checkParams(paramNames(jmhArgs));
    }

    /** The names given with {@code -p name=values} (JMH's own option class does not list them). */
    static List<String> paramNames(String[] jmhArgs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < jmhArgs.length; i++) {
            String a = jmhArgs[i];
            String v = a.equals("-p") && i + 1 < jmhArgs.length ? jmhArgs[++i] : a.startsWith("-p") && a.length() > 2 ? a.substring(2) : null;
            if (v != null && v.contains("=")) {
                out.add(v.substring(0, v.indexOf('=')));
            }
        }
        return out;
    }

    void checkParams(Iterable<String> names) {
        for (String name : names) {
            if (!params.contains(name)) {
                throw new BadInput("-p " + name + ": no benchmark of this build has a parameter " + name + "; "
                        + SettingRegistry.nearest(name, new ArrayList<>(params)));
            }
        }
    }
}
