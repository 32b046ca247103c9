package dev.kensho.launcher;

import dev.kensho.common.Scale;
import dev.kensho.common.TargetFailure;
import org.openjdk.jmh.annotations.Benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The sizes of every benchmark class at each {@link Scale}, read from every
 * {@code kensho-scale.properties} on the classpath (one per module). Keys:
 * <pre>
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.&lt;param&gt;  = v1,v2,…     a JMH @Param's values
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.@forks       = n            also @warmups, @iterations, @time (s), @warmupTime (s), @timeout (s)
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.@rounds      = n            n interleaved rounds, one fork per case per round (Rounds)
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.@claimMinutes = m          what its claims' rounds after the first may take of the scale's hour (ClassLooks)
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.@skip        = 1            not in this scale's run unless named (-Dkensho.bench, its main)
 * &lt;scale&gt;.&lt;SimpleClassName&gt;.@methods     = m1,m2        only these @Benchmark methods in this scale's run unless named
 * &lt;scale&gt;.@forks                           = n            for every class
 * </pre>
 * A value missing at a scale falls back to its {@link Scale#fallback()} ({@code full} to {@code default}),
 * then to the class's annotations. {@code -p name=v} always wins.
 */
public final class ScaleTable {

    public static final String RESOURCE = "kensho-scale.properties";

    private final Properties props = new Properties();
    private final Scale scale;

    public ScaleTable(Scale scale) {
        this.scale = scale;
        try {
            Enumeration<URL> urls = ScaleTable.class.getClassLoader().getResources(RESOURCE);
            while (urls.hasMoreElements()) {
                try (InputStream in = urls.nextElement().openStream()) {
                    props.load(in);
                }
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read " + RESOURCE + " (" + e.getMessage() + ")");
        }
    }

    public Scale scale() {
        return scale;
    }

    /** Values of {@code param} for this class at this scale, or null. */
    public String[] param(Class<?> cls, String param) {
        String v = get(cls.getSimpleName() + "." + param);
        return v == null ? null : split(v);
    }

    /**
     * A JMH setting ({@code forks}, {@code iterations}, …) for this class, else for the scale, else null; a
     * scale with a {@link Scale#fallback()} looks there before giving up.
     */
    public Integer setting(Class<?> cls, String name) {
        String v = get(cls.getSimpleName() + ".@" + name);
        if (v == null) {
            v = get("@" + name);
        }
        return v == null ? null : Integer.valueOf(v.trim());
    }

    /**
     * A class's {@code @<name>} in minutes (a number ≥ 0), else null; a value that is not one stops the run in one line.
     */
    public Double minutes(Class<?> cls, String name) {
        String key = cls.getSimpleName() + ".@" + name;
        String v = get(key);
        if (v == null) {
            return null;
        }
        try {
            double m = Double.parseDouble(v.trim());
            if (m >= 0 && Double.isFinite(m)) {
                return m;
            }
        } catch (NumberFormatException e) {
            // one line below
        }
        throw new TargetFailure(RESOURCE + ": " + scale.id() + "." + key + " = " + v.trim() + " is not minutes (a number ≥ 0)");
    }

    /**
     * The methods of {@code matched} (the class's benchmark methods the run's regex selected) that this scale
     * runs: all of them, or those its {@code @methods} key names ({@link #checkKeys} has checked the names).
     */
    public List<String> methods(Class<?> cls, List<String> matched) {
        String v = get(cls.getSimpleName() + ".@methods");
        if (v == null) {
            return matched;
        }
        List<String> keep = Arrays.asList(split(v));
        return matched.stream().filter(keep::contains).toList();
    }

    /** The {@code @} keys a class may have (besides its parameters). */
    static final Set<String> SETTINGS = Set.of("@forks", "@rounds", "@warmups", "@iterations", "@time", "@warmupTime", "@timeout", "@skip",
            "@methods", "@claimMinutes");

    /**
     * Checks every key of every scale for {@code cls}: each must name one of its {@code params} or a
     * {@link #SETTINGS setting}, and an {@code @methods} key only {@code @Benchmark} methods of the class. A
     * key that names neither would be ignored, and the class would run with sizes nobody chose (a misspelt
     * method would drop a case unseen); it is a mistake in the table and stops the run.
     */
    public void checkKeys(Class<?> cls, Set<String> params) {
        Set<String> declared = new TreeSet<>();
        for (Method m : cls.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                declared.add(m.getName());
            }
        }
        for (String key : props.stringPropertyNames()) {
            for (Scale s : Scale.values()) {
                String head = s.id() + "." + cls.getSimpleName() + ".";
                if (!key.startsWith(head)) {
                    continue;
                }
                String name = key.substring(head.length());
                if (!params.contains(name) && !SETTINGS.contains(name)) {
                    throw new TargetFailure(RESOURCE + ": " + key + " names neither a parameter of " + cls.getSimpleName()
                            + " (" + String.join(", ", new TreeSet<>(params)) + ") nor a setting ("
                            + String.join(", ", new TreeSet<>(SETTINGS)) + ")");
                }
                if (name.equals("@methods")) {
                    for (String method : split(props.getProperty(key))) {
                        if (!declared.contains(method)) {
                            throw new TargetFailure(RESOURCE + ": " + key + " names " + method + ", which is not a benchmark"
                                    + " method of " + cls.getSimpleName() + " (it has " + String.join(", ", declared) + ")");
                        }
                    }
                }
            }
        }
    }

    private String get(String key) {
        return get(props, scale, key);
    }

    /** {@code key} at {@code scale} in {@code props}, else at its {@link Scale#fallback()}s; null when none has it. */
    static String get(Properties props, Scale scale, String key) {
        for (Scale s = scale; s != null; s = s.fallback()) {
            String v = props.getProperty(s.id() + "." + key);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String[] split(String v) {
        return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toArray(String[]::new);
    }
}
