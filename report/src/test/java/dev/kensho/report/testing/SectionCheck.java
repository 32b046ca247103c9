package dev.kensho.report.testing;

import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Published;
import dev.kensho.report.RunData;
import dev.kensho.report.SectionRenderCheck;
import dev.kensho.report.Section;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks a module's report {@link Section} against the module's code, so a rename breaks the build and
 * not the report: every class, {@code @Benchmark} method (regex), {@code @Param} and metric named by a
 * chart, a published figure or a row of the fixture run must exist; then, against the fixture run,
 * every chart must draw something, every published figure must find our row, and the derived rows,
 * tables and plots must come out, and the ledger and tables must read as {@link SectionRenderCheck} asks (no two
 * ledger rows alike, every table in its scrolling box, numbers in number columns, no Markdown left as asterisks).
 *
 * <p>A metric exists when it is JMH's own (a mode, or {@code records/s} / {@code MiB/s} derived from
 * {@code Recorder.work}), an {@code @AuxCounters} field of a state the benchmark method takes, a string
 * literal in the module's {@code src/main/java} (what {@code Recorder.measurement} is called with), or a
 * metric of the section's derived rows.
 */
public final class SectionCheck {

    private static final Set<String> JMH_METRICS = Set.of("thrpt", "avgt", "sample", "ss", "records/s", "MiB/s");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern CHAR_LITERAL = Pattern.compile("'(?:[^'\\\\]|\\\\.)'");

    private SectionCheck() {
    }

    /** Throws an {@link AssertionError} listing every problem, or returns quietly. */
    public static void check(Section s, String pkg, List<Results.Row> fixture) {
        List<String> problems = new ArrayList<>();
        List<Results.Row> own = fixture.stream().filter(r -> r.experiment().equals(s.id())).toList();
        if (own.isEmpty()) {
            problems.add("the fixture has no row of experiment " + s.id());
        }
        List<Results.Row> derived = s.derived(own);
        List<Results.Row> rows = new ArrayList<>(own);
        rows.addAll(derived);
        Set<String> metrics = new TreeSet<>(JMH_METRICS);
        metrics.addAll(literals(Path.of("src/main/java")));
        metrics.addAll(literals(Path.of("../common/src/main/java"))); // recorders common owns (Latencies)
        derived.forEach(r -> metrics.add(r.metric()));
        Set<String> derivedParams = new TreeSet<>();
        derived.forEach(r -> derivedParams.addAll(r.params().keySet()));

        for (Results.Row r : own) {
            names(problems, "fixture row " + r.cls() + "." + r.method() + " " + r.metric(), pkg, r.cls(),
                    Pattern.quote(r.method()), r.params().keySet(), Pattern.quote(r.metric()), metrics, Set.of());
        }
        for (ChartSpec c : s.charts()) {
            List<String> params = new ArrayList<>(c.filter().keySet());
            params.add(c.x());
            params.addAll(c.series());
            params.removeAll(List.of("method", "metric"));
            names(problems, "chart " + c.id(), pkg, c.cls(), c.method(), params, c.metric(), metrics, derivedParams);
            if (c.select(rows).isEmpty()) {
                problems.add("chart " + c.id() + " draws nothing from the fixture run");
            }
            for (String ref : c.references()) {
                if (s.published().stream().noneMatch(p -> p.key().equals(ref))) {
                    problems.add("chart " + c.id() + " references published figure " + ref + ", which does not exist");
                }
            }
        }
        for (Published p : s.published()) {
            if (!p.measured()) {
                continue; // names no benchmark of the suite: it says what would measure it (Published#measure)
            }
            names(problems, "published " + p.key(), pkg, p.cls(), p.method() == null || p.method().isBlank() ? ".*" : p.method(),
                    p.filter().keySet(), Pattern.quote(p.metric()), metrics, derivedParams);
            if (p.ours(rows).isEmpty() && p.measure().isBlank()) {
                problems.add("published " + p.key() + " finds no row of ours in the fixture run (a row a default run"
                        + " does not measure says what would, in its measure column)");
            }
        }
        RunData run = new RunData(rows, List.of(), new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode());
        s.tables(run);
        s.plots(run);
        problems.addAll(SectionRenderCheck.problems(s, rows)); // the ledger and tables as a reader sees them
        if (!problems.isEmpty()) {
            throw new AssertionError("report section " + s.id() + ":\n  " + String.join("\n  ", problems));
        }
    }

    private static void names(List<String> problems, String what, String pkg, String cls, String methodRegex,
                              Collection<String> params, String metricRegex, Set<String> metrics, Set<String> derivedParams) {
        names(problems, what, pkg, cls, methodRegex, params, metricRegex, metrics, derivedParams, metrics);
    }

    /**
     * {@code recordedMethods}: names a benchmark records measurements under beside its {@code @Benchmark}
     * methods (an external tool's run, {@code Case.withMethod("redisBenchmarkMix")}), from the module's literals.
     */
    private static void names(List<String> problems, String what, String pkg, String cls, String methodRegex,
                              Collection<String> params, String metricRegex, Set<String> metrics, Set<String> derivedParams,
                              Set<String> recordedMethods) {
        Class<?> c;
        try {
            c = Class.forName(pkg + "." + cls);
        } catch (ClassNotFoundException e) {
            problems.add(what + ": class " + pkg + "." + cls + " does not exist");
            return;
        }
        List<Method> benchmarks = Stream.of(c.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class))
                .filter(m -> m.getName().matches(methodRegex)).toList();
        if (benchmarks.isEmpty() && recordedMethods.stream().noneMatch(m -> m.matches(methodRegex))) {
            problems.add(what + ": no @Benchmark method of " + cls + " matches '" + methodRegex + "'");
        }
        Set<String> known = new TreeSet<>(derivedParams);
        Set<String> aux = new TreeSet<>();
        fields(c).stream().filter(f -> f.isAnnotationPresent(Param.class)).forEach(f -> known.add(f.getName()));
        for (Method m : benchmarks) {
            for (Class<?> state : m.getParameterTypes()) {
                for (Field f : fields(state)) {
                    if (f.isAnnotationPresent(Param.class)) {
                        known.add(f.getName());
                    }
                    if (state.isAnnotationPresent(AuxCounters.class)) {
                        aux.add(f.getName());
                    }
                }
            }
        }
        for (String p : params) {
            if (!known.contains(p)) {
                problems.add(what + ": " + cls + " has no @Param '" + p + "'");
            }
        }
        Pattern metric = Pattern.compile(metricRegex);
        if (Stream.concat(metrics.stream(), aux.stream()).noneMatch(m -> metric.matcher(m).matches())) {
            problems.add(what + ": no metric matches '" + metricRegex + "' (JMH's, an @AuxCounters field of "
                    + cls + ", a string literal of the module, or a derived row's)");
        }
    }

    /** Fields of a class and its superclasses, whatever their access (JMH reads package-private @Params). */
    private static List<Field> fields(Class<?> c) {
        List<Field> out = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            out.addAll(List.of(k.getDeclaredFields()));
        }
        return out;
    }

    /** Every string literal of the Java sources under {@code root}, report sections left out. */
    static Set<String> literals(Path root) {
        Set<String> out = new TreeSet<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(root)) {
            // a section's own names are what is checked: its file is not evidence that they exist
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && !p.toString().endsWith("Section.java")).toList()) {
                for (String line : Files.readAllLines(f)) { // a literal never spans lines: a stray quote cannot shift the rest
                    Matcher m = LITERAL.matcher(CHAR_LITERAL.matcher(line).replaceAll(""));
                    while (m.find()) {
                        out.add(m.group(1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
