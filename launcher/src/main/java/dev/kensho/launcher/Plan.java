package dev.kensho.launcher;

import dev.kensho.api.ParamRules;
import dev.kensho.common.BadInput;
import dev.kensho.common.Scale;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.report.cost.Prices;
import dev.kensho.common.cpu.Affinity;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.StartAt;
import dev.kensho.common.targets.Claims;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What a run will do, checked and resolved before anything starts ({@link #of}): the scale, the
 * {@code kensho.bench} regex, the JMH flags (result flags it cannot honour refused: {@link JmhFlags}), the price file
 * the report will read, and per class its methods and every param value, each checked
 * against the class's {@code public static final ParamRules RULES} (whose preflights also look at the targets
 * and register what the run must claim there, {@link Claims}). A bad one is a one-line {@link BadInput}.
 */
record Plan(ScaleTable scale, String regex, CommandLineOptions cli, List<ClassPlan> classes) {

    /**
     * One class of the run: its methods, its params after the scale and the rules, notes for the reader, whether the
     * scale or the target leaves it out, and the params each method takes (JMH crosses only those).
     */
    record ClassPlan(Class<?> cls, List<String> methods, Map<String, String[]> params, List<String> notes, boolean skipped,
                     Map<String, Set<String>> methodParams) {

        ClassPlan(Class<?> cls, List<String> methods, Map<String, String[]> params, List<String> notes, boolean skipped) {
            this(cls, methods, params, notes, skipped, Map.of());
        }

        /** The parameter combinations JMH will run: per method, the product of its params' value counts. */
        int cases() {
            if (skipped) {
                return 0;
            }
            int n = 0;
            for (String m : methods) {
                int c = 1;
                for (String p : methodParams.getOrDefault(m, params.keySet())) {
                    String[] v = params.get(p);
                    c *= v == null ? 1 : Math.max(1, v.length);
                }
                n += c;
            }
            return n;
        }
    }

    /** Everything checked and resolved, nothing started. */
    static Plan of(Set<String> only, String[] args, boolean requireMatch) {
        Claims.clear(); // a plan registers the claims of the targets its classes use (their preflights)
        SettingRegistry settings = SettingRegistry.withSources(List.of());
        settings.check(System.getProperties());
        settings.checkEnvironment(System.getenv());
        Shard.current();
        StartAt.current(true);
        ScaleTable scale = new ScaleTable(Scale.current());
        Setting.JFR.flag();
        String regex = Setting.BENCH.get(Settings.BENCH_DEFAULT);
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(Setting.BENCH.key(), regex, "a Java regular expression (" + e.getDescription() + ")");
        }
        CommandLineOptions cli = JmhFlags.parse(args);
        JmhFlags.refuseResultFlags(cli);
        // read after the last class by the report: a bad line must stop the run before its first class, not after it
        Prices.checkUserFile();
        if (Rounds.count() > 1 && cli.getForkCount().hasValue() && cli.getForkCount().get() > 1) {
            throw new BadInput("-f " + cli.getForkCount().get() + " with -D" + Setting.ROUNDS.key() + "=" + Rounds.count()
                    + ": rounds run each case with one fork per round; give -f 1 (or leave -f out) and more rounds");
        }
        Map<String, List<String>> byClass = new TreeMap<>();
        Map<String, Map<String, Set<String>>> paramsOf = new TreeMap<>();
        Set<String> knownParams = new TreeSet<>();
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
                paramsOf.computeIfAbsent(cls, k -> new HashMap<>()).computeIfAbsent(m, k -> new TreeSet<>())
                        .addAll(e.getParams().hasValue() ? e.getParams().get().keySet() : Set.of());
            }
        }
        // -p for a parameter the class lacks would be ignored by JMH without a word (under Maven, MavenBench
        // checks the whole reactor: a -p of another module is fine here)
        if (only != null) {
            new ReactorIndex(Set.of(), knownParams).checkParams(ReactorIndex.paramNames(LaunchArgs.split(args)));
        }
        if (byClass.isEmpty() && requireMatch) {
            throw BadInput.of(Setting.BENCH.key(), regex, "a regex matching a benchmark of "
                    + (only == null ? "this classpath" : only));
        }
        Affinity.mode(); // a bad -Dkensho.pin stops the run before any fork
        Setting.budgetMinutes(); // and a bad -Dkensho.budget
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
            boolean named = Setting.BENCH.get() != null || (only != null && only.size() == 1);
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
            plans.add(new ClassPlan(cls, methods, params, notes, false, paramsOf.getOrDefault(e.getKey(), Map.of())));
        }
        Plan byName = new Plan(scale, regex, cli, plans);
        return new Plan(scale, regex, cli, roundsLast(plans, c -> Rounds.inRounds(byName, c)));
    }

    /**
     * The classes in the order they run: those run in rounds after the others, each group in name order. A class in
     * rounds planned by its claims gives its claims what the module's budget leaves once its other classes are done —
     * their times measured by then, not estimated, so a class that ran longer than planned shortens this module's
     * rounds and not the modules after it.
     */
    static List<ClassPlan> roundsLast(List<ClassPlan> plans, java.util.function.Predicate<Class<?>> inRounds) {
        List<ClassPlan> out = new ArrayList<>();
        plans.stream().filter(cp -> !inRounds.test(cp.cls())).forEach(out::add);
        plans.stream().filter(cp -> inRounds.test(cp.cls())).forEach(out::add);
        return out;
    }

    /** How to run what a scale leaves out: name the class (at default, {@code full} runs everything too). */
    private static String runsIt(ScaleTable scale, Class<?> cls) {
        return (scale.scale() == Scale.DEFAULT ? "-Dkensho.scale=full or " : "") + "-D" + Setting.BENCH.key() + "="
                + cls.getSimpleName();
    }

    /** The {@code RULES} of a benchmark class, or null. */
    public static ParamRules rules(Class<?> cls) {
        return ParamRules.declaredBy(cls);
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
                if (t.isAnnotationPresent(State.class)) {
                    collect(t, out, seen);
                }
            }
        }
    }

    private static String[] enumValues(Class<?> t) {
        if (t.isEnum()) {
            return Arrays.stream(t.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toArray(String[]::new);
        }
        if (t == boolean.class || t == Boolean.class) {
            return new String[]{"false", "true"};
        }
        return new String[0];
    }
}
