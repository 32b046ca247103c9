package dev.kensho.api;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.targets.ClassServer;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What each {@code @Param} of a benchmark class may be, and what the class needs of its target. A class declares
 * {@code public static final ParamRules RULES = ParamRules.of().intRange("batch", 1, 100_000)…};
 * the launcher checks every value (scale table, {@code -p}, annotation default) against it before any
 * server starts, and {@link BenchmarkState}'s trial setup checks the case again ({@link #check(Map)}) so a direct
 * JMH run is guarded too. A failure is one {@link BadInput} line naming the param, the value and what is allowed.
 *
 * <p>Two kinds of rule: the values ({@link #intRange}, {@link #oneOf}, {@link #rule}, {@link #combination}), and
 * the target's part ({@link #preflight}: settings checked before anything starts; {@link #needs} and
 * {@link #unavailableWhen}: a class or a value this target cannot run, skipped with a note; {@link #classServer}:
 * the server the launcher keeps for all of a class's forks).
 */
public final class ParamRules {

    private final Map<String, Consumer<String>> rules = new LinkedHashMap<>();
    private final List<Runnable> preflight = new ArrayList<>();
    private final Map<String, Supplier<String>> unavailable = new LinkedHashMap<>();
    private final Map<String, Function<String, String>> unavailableByValue = new LinkedHashMap<>();
    private final List<Supplier<String>> needs = new ArrayList<>();
    private final List<Consumer<Map<String, String>>> combinations = new ArrayList<>();
    private Supplier<ClassServer> classServer = () -> null;
    private String classServerKey;

    private ParamRules() {
    }

    public static ParamRules of() {
        return new ParamRules();
    }

    /** The {@code public static final ParamRules RULES} of a benchmark class (or a superclass), or null. */
    public static ParamRules declaredBy(Class<?> cls) {
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

    public ParamRules intRange(String param, long min, long max) {
        rules.put(param, v -> Settings.range(param, v, min, max));
        return this;
    }

    public ParamRules doubleRange(String param, double min, double max) {
        rules.put(param, v -> Settings.range(param, v, min, max));
        return this;
    }

    public ParamRules oneOf(String param, String... allowed) {
        rules.put(param, v -> {
            if (!Arrays.asList(allowed).contains(v)) {
                throw BadInput.of(param, v, String.join(", ", allowed));
            }
        });
        return this;
    }

    public <E extends Enum<E>> ParamRules oneOf(String param, Class<E> type) {
        return oneOf(param, Arrays.stream(type.getEnumConstants()).map(Enum::name).toArray(String[]::new));
    }

    /** Any other rule: {@code check} throws {@link BadInput} for a bad value. */
    public ParamRules rule(String param, Consumer<String> check) {
        rules.put(param, check);
        return this;
    }

    /**
     * A param value that needs something the machine may lack (a calibration tool): when
     * {@code whyMissing} returns a sentence, the launcher drops the value from the run and writes the
     * sentence into the run's notes instead of failing.
     */
    public ParamRules unavailableWhen(String param, String value, Supplier<String> whyMissing) {
        unavailable.put(param + "=" + value, whyMissing);
        return this;
    }

    /**
     * As {@link #unavailableWhen(String, String, java.util.function.Supplier)} for every value of {@code param}:
     * {@code whyNot} maps a value to the sentence saying why it cannot run here, or null when it can (a shard
     * count above 1 needs a Redis Cluster, which an external single node is not).
     */
    public ParamRules unavailableWhen(String param, Function<String, String> whyNot) {
        unavailableByValue.put(param, whyNot);
        return this;
    }

    /**
     * Something the whole class needs that the target may lack: when {@code whyNot} returns a sentence, a run of
     * several classes skips this one with the sentence in its notes; a run of this class alone stops with it.
     */
    public ParamRules needs(Supplier<String> whyNot) {
        needs.add(whyNot);
        return this;
    }

    /** Null if the class can run on this target, else why not. */
    public String whyClassUnavailable() {
        for (Supplier<String> n : needs) {
            String why = n.get();
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    /** Null if {@code param=value} can run here, else why not. */
    public String whyUnavailable(String param, String value) {
        Supplier<String> s = unavailable.get(param + "=" + value);
        if (s != null) {
            return s.get();
        }
        Function<String, String> f = unavailableByValue.get(param);
        return f == null ? null : f.apply(value);
    }

    /**
     * A rule over several params at once (e.g. "attributes × users must fit in memory"); the launcher
     * calls it for every combination of the planned values.
     */
    public ParamRules combination(Consumer<Map<String, String>> check) {
        combinations.add(check);
        return this;
    }

    /** Runs the combination rules over the cross product of {@code values}. */
    public void checkCombinations(Map<String, String[]> values) {
        if (combinations.isEmpty()) {
            return;
        }
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, String[]> e : values.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : combos) {
                for (String v : e.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            combos = next;
        }
        for (Map<String, String> c : combos) {
            combinations.forEach(r -> r.accept(c));
        }
    }

    /** A check of properties (e.g. the target's) that must pass before anything starts. */
    public ParamRules preflight(Runnable check) {
        preflight.add(check);
        return this;
    }

    /**
     * The server the launcher starts before the class's forks and stops after them ({@link ClassServer});
     * {@code start} returns null when there is nothing of the suite's to share (an external target).
     */
    public ParamRules classServer(Supplier<ClassServer> start) {
        classServer = start;
        return this;
    }

    /**
     * As {@link #classServer(java.util.function.Supplier)}, and consecutive classes of a run that declare the
     * same {@code key} share the one server (the launcher keeps it between them).
     */
    public ParamRules classServer(String key, Supplier<ClassServer> start) {
        classServerKey = key;
        return classServer(start);
    }

    /** The sharing key of the class's server, or null (a server of its own). */
    public String classServerKey() {
        return classServerKey;
    }

    /** Starts the class's shared server, or returns null. */
    public ClassServer startClassServer() {
        return classServer.get();
    }

    public void check(String param, String value) {
        Consumer<String> r = rules.get(param);
        if (r != null) {
            r.accept(value);
        }
    }

    /** Checks every param value; values of params without a rule pass. */
    public void check(Map<String, String> params) {
        params.forEach(this::check);
        combinations.forEach(r -> r.accept(params));
    }

    public void preflight() {
        preflight.forEach(Runnable::run);
    }

    public boolean covers(String param) {
        return rules.containsKey(param);
    }
}
