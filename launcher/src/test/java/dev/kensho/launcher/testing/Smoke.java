package dev.kensho.launcher.testing;

import dev.kensho.common.Scale;
import dev.kensho.launcher.Bench;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import dev.kensho.launcher.ScaleTable;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one smoke fixture of every module's sanity tests: a benchmark instance with every {@code @Param}
 * set as the launcher would set it at {@code smoke} scale (the module's kensho-scale.properties, first
 * value; else the annotation's first value), checked against the class's {@code RULES} and preflight,
 * and the {@link Case} that labels what it records.
 */
public final class Smoke {

    private static final ScaleTable SMOKE = new ScaleTable(Scale.SMOKE);

    private Smoke() {
    }

    /** Sets every param of {@code bench} at smoke scale; returns the case of {@code method}. */
    public static Case apply(Object bench, String method) {
        return apply(bench, method, Map.of());
    }

    /** The same, with some params given ({@code client=JEDIS}): a test's own variant of the smoke case. */
    public static Case apply(Object bench, String method, Map<String, String> given) {
        Class<?> cls = bench.getClass();
        Map<String, String> params = new TreeMap<>();
        for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null || params.containsKey(f.getName())) {
                    continue;
                }
                String v = given.containsKey(f.getName()) ? given.get(f.getName()) : first(cls, f.getName(), p);
                set(bench, f, v);
                params.put(f.getName(), v);
            }
        }
        if (!params.keySet().containsAll(given.keySet())) {
            throw new IllegalArgumentException(cls.getSimpleName() + " has no param among " + given.keySet());
        }
        ParamRules rules = Bench.rules(cls);
        if (rules != null) {
            rules.check(params);
            rules.preflight();
        }
        return new Case(cls.getName() + "." + method, params);
    }

    /**
     * Sets the params of a state object nested in a benchmark ({@code @State} class with its own
     * {@code @Param}s), from the smoke values the scale table keeps under {@code benchmark}'s name.
     */
    public static void applyNested(Object state, Class<?> benchmark) {
        for (Field f : state.getClass().getDeclaredFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p != null) {
                set(state, f, first(benchmark, f.getName(), p));
            }
        }
    }

    /** The smoke values of one param (e.g. the message sizes a test loops over). */
    public static String[] values(Class<?> cls, String param) {
        String[] v = SMOKE.param(cls, param);
        if (v == null) {
            throw new IllegalArgumentException("no smoke value of " + cls.getSimpleName() + "." + param);
        }
        return v;
    }

    private static String first(Class<?> cls, String name, Param p) {
        String[] vs = SMOKE.param(cls, name);
        if (vs != null && vs.length > 0) {
            return vs[0];
        }
        if (p.value().length > 0 && !p.value()[0].equals(Param.BLANK_ARGS)) {
            return p.value()[0];
        }
        throw new IllegalArgumentException("no smoke value and no default for " + cls.getSimpleName() + "." + name);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void set(Object bench, Field f, String v) {
        try {
            f.setAccessible(true);
            Class<?> t = f.getType();
            if (t == int.class) {
                f.setInt(bench, Integer.parseInt(v.trim().replace("_", "")));
            } else if (t == long.class) {
                f.setLong(bench, Long.parseLong(v.trim().replace("_", "")));
            } else if (t == double.class) {
                f.setDouble(bench, Double.parseDouble(v.trim()));
            } else if (t == boolean.class) {
                f.setBoolean(bench, Boolean.parseBoolean(v.trim()));
            } else if (t.isEnum()) {
                f.set(bench, Enum.valueOf((Class<Enum>) t, v.trim()));
            } else {
                f.set(bench, v);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
