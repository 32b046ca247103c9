package dev.kensho.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.export.RunFolder;
import dev.kensho.launcher.InstalledJdks.Jdk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The JDK the benchmark forks run on ({@code -Dkensho.forkJdk}, {@link Setting#FORK_JDK}). {@code auto} (the default):
 * the newest JDK of feature release {@value #VIRTUAL_THREADS} or later found on the machine, when it is newer than the
 * build's — the Jedis load generator keeps up with memtier only on virtual threads (Java 21+), and a default run is
 * built on 17; {@code build}: the launcher's own JDK; a Java home: that JDK. The JDKs are those installed where JDKs
 * are found ({@link InstalledJdks}: the environment's Java homes, {@code /usr/lib/jvm} and the like); the one chosen is
 * started once ({@code java -version}) before any fork relies on it, and one that does not start is passed over.
 *
 * <p>A module whose client code breaks on newer JDKs keeps its forks on an older one: its {@value #LIMITS} resource
 * gives, per package, the newest feature release its forks may run on and why ({@code <package>.maxFeature},
 * {@code <package>.why}); such a class runs on the newest JDK found within its limit, else the build's. A class run
 * with {@code -f 0} runs in the launcher's JVM, and JMH's own {@code -jvm} wins over all of this. What each class ran on
 * and why goes to {@value #FILE} (read into env.json) and, in one line, to the console and the report's notes.
 */
final class ForkJdk {

    /** The run folder's record of the forks' JDK, per class; env.json carries it as {@code fork_jdk}. */
    static final String FILE = RunFolder.FORK_JDK_FILE;
    /** Per module: the newest JDK feature release its forks may run on, and why. */
    static final String LIMITS = "kensho-jdk.properties";
    /** The first feature release with virtual threads. */
    static final int VIRTUAL_THREADS = 21;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What one class's forks run on: a JDK (null: the launcher's own, the build's) and why. */
    record Choice(Jdk jdk, String why) {

        /** The java executable JMH forks with; null: JMH's default, the launcher's own. */
        String java() {
            return jdk == null ? null : jdk.java().toString();
        }
    }

    /** A module's limit: the newest feature release its forks run on, and why. */
    record Limit(int maxFeature, String why) {
    }

    private final Jdk build;
    private final String mode;
    private final List<Jdk> found;
    private final List<Path> looked;
    private final Predicate<Jdk> starts;
    private final Map<String, Limit> limits;
    private final Jdk chosen;
    private final Map<String, Choice> classes = new LinkedHashMap<>();

    /**
     * @param build   the launcher's JDK
     * @param mode    the setting's value: auto, build or a Java home
     * @param found   the JDKs found on the machine
     * @param looked  where they were looked for (said when none is newer)
     * @param starts  whether a JDK starts ({@code java -version}); tests give their own
     * @param limits  package → limit, from every {@value #LIMITS} on the class path
     */
    ForkJdk(Jdk build, String mode, List<Jdk> found, List<Path> looked, Predicate<Jdk> starts, Map<String, Limit> limits) {
        this.build = build;
        this.mode = mode;
        this.found = found.stream().sorted(Comparator.comparing(Jdk::version).reversed()).toList();
        this.looked = List.copyOf(looked);
        this.starts = starts;
        this.limits = Map.copyOf(limits);
        this.chosen = choose(Integer.MAX_VALUE);
    }

    /** The forks' JDK as {@code kensho.forkJdk} asks, on this machine. */
    static ForkJdk onThisMachine() {
        List<Path> homes = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        InstalledJdks.places(System.getenv(), Path.of(System.getProperty("user.home", "/")), homes, roots);
        List<Path> looked = new ArrayList<>(homes);
        looked.addAll(roots);
        return new ForkJdk(new Jdk(Path.of(System.getProperty("java.home")), Runtime.version()),
                Setting.FORK_JDK.get("auto"), InstalledJdks.find(homes, roots), looked, InstalledJdks::startsUp, limits());
    }

    /** Every {@value #LIMITS} on the class path: package → limit. */
    static Map<String, Limit> limits() {
        Properties p = new Properties();
        try {
            Enumeration<URL> urls = ForkJdk.class.getClassLoader().getResources(LIMITS);
            while (urls.hasMoreElements()) {
                try (InputStream in = urls.nextElement().openStream()) {
                    p.load(in);
                }
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read " + LIMITS + " (" + e.getMessage() + ")");
        }
        return limits(p);
    }

    /** The limits a {@value #LIMITS} file's properties give: {@code <package>.maxFeature} and {@code <package>.why}. */
    static Map<String, Limit> limits(Properties p) {
        Map<String, Limit> out = new LinkedHashMap<>();
        for (String k : new TreeMap<>(p).keySet().stream().map(Object::toString).toList()) {
            if (!k.endsWith(".maxFeature")) {
                continue;
            }
            String pkg = k.substring(0, k.length() - ".maxFeature".length());
            int max;
            try {
                max = Integer.parseInt(p.getProperty(k).trim());
            } catch (NumberFormatException e) {
                throw new TargetFailure(LIMITS + ": " + k + " = " + p.getProperty(k) + " is not a feature release number (e.g. 22)");
            }
            String why = p.getProperty(pkg + ".why", "").trim();
            if (why.isEmpty()) {
                throw new TargetFailure(LIMITS + ": " + k + " needs " + pkg + ".why beside it (why its forks stay older)");
            }
            out.put(pkg, new Limit(max, why));
        }
        return out;
    }

    /** The JDK the forks of a class with no limit run on; null: the build's. */
    Jdk chosen() {
        return chosen;
    }

    /**
     * What {@code cls}'s forks run on. {@code forked}: false when the class runs in the launcher's JVM ({@code -f 0});
     * {@code jvmFlag}: JMH's {@code -jvm} when given.
     */
    Choice of(Class<?> cls, boolean forked, String jvmFlag) {
        Choice c;
        if (jvmFlag != null) {
            c = new Choice(null, "JMH's -jvm " + jvmFlag);
        } else if (!forked) {
            c = new Choice(null, "-f 0: in the launcher's JVM");
        } else {
            Limit limit = limitOf(cls.getName());
            if (chosen == null) {
                c = new Choice(null, fallback());
            } else if (limit == null || chosen.feature() <= limit.maxFeature()) {
                c = new Choice(chosen, reason());
            } else {
                Jdk within = choose(limit.maxFeature());
                c = within != null ? new Choice(within, reason() + "; at most JDK " + limit.maxFeature() + " for this class: " + limit.why())
                        : new Choice(null, limit.why() + "; newest allowed: JDK " + limit.maxFeature());
            }
        }
        classes.put(cls.getSimpleName(), c);
        return c;
    }

    /** One line for the console and the report's notes: what the forks run on, and the classes kept apart. */
    String line() {
        StringBuilder sb = new StringBuilder();
        if (chosen != null) {
            sb.append("forks run on ").append(chosen.shown()).append(", not the build's JDK ").append(build.version())
                    .append(" (").append(reason()).append("; -D").append(Setting.FORK_JDK.key()).append("=build keeps them on it)");
        } else {
            sb.append("forks run on the build's JDK ").append(build.version()).append(": ").append(fallback());
        }
        Map<String, List<String>> apart = new LinkedHashMap<>();
        classes.forEach((cls, c) -> {
            if (c.jdk() != chosen) {
                apart.computeIfAbsent(c.jdk() == null ? "the build's JDK " + build.version() + " (" + c.why() + ")"
                        : c.jdk().shown() + " (" + c.why() + ")", k -> new ArrayList<>()).add(cls);
            }
        });
        apart.forEach((where, cls) -> sb.append("; ").append(String.join(", ", cls)).append(" on ").append(where));
        return sb.toString();
    }

    /**
     * Writes {@value #FILE}: the setting, the build's JDK, the JDKs found, and each class's JDK and why — beside the
     * classes an earlier module of the same build recorded there (a Maven build's modules share one run folder).
     */
    void write(Path runDir) {
        Path f = runDir.resolve(FILE);
        ObjectNode n = JSON.createObjectNode();
        n.put("setting", mode);
        n.put("build", build.shown());
        if (chosen != null) {
            n.put("chosen", chosen.shown());
        } else {
            n.put("fallback", fallback());
        }
        var shownFound = n.putArray("found");
        found.forEach(j -> shownFound.add(j.shown()));
        ObjectNode per = n.putObject("classes");
        try {
            if (Files.exists(f) && JSON.readTree(f.toFile()).get("classes") instanceof ObjectNode earlier) {
                per.setAll(earlier);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        classes.forEach((cls, c) -> {
            ObjectNode o = per.putObject(cls);
            o.put("jdk", c.jdk() == null ? build.shown() : c.jdk().shown());
            o.put("why", c.why());
        });
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(f.toFile(), n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The newest JDK the setting allows with feature ≤ {@code max} that starts; null: the build's. */
    private Jdk choose(int max) {
        if ("auto".equals(mode)) {
            for (Jdk j : found) {
                if (j.feature() >= VIRTUAL_THREADS && j.feature() > build.feature() && j.feature() <= max && starts.test(j)) {
                    return j;
                }
            }
            return null;
        }
        if ("build".equals(mode)) {
            return null;
        }
        Jdk j = InstalledJdks.jdk(Path.of(mode)).orElseThrow(() -> BadInput.of(Setting.FORK_JDK.key(), mode,
                "auto, build, or a Java home (a folder with bin/java and a release file)"));
        if (j.feature() > max) {
            return null;
        }
        if (!starts.test(j)) {
            throw BadInput.of(Setting.FORK_JDK.key(), mode, "a Java home whose bin/java starts (java -version failed)");
        }
        return j;
    }

    private String reason() {
        return "auto".equals(mode) ? "-D" + Setting.FORK_JDK.key() + "=auto: the newest JDK " + VIRTUAL_THREADS
                + "+ on this machine; the Jedis load generator runs on virtual threads there"
                : "-D" + Setting.FORK_JDK.key() + "=" + mode;
    }

    private String fallback() {
        if ("build".equals(mode)) {
            return "-D" + Setting.FORK_JDK.key() + "=build";
        }
        if (!"auto".equals(mode)) {
            return "-D" + Setting.FORK_JDK.key() + "=" + mode + " is newer than the class allows";
        }
        return "no JDK " + VIRTUAL_THREADS + " or newer found (looked in " + String.join(", ", looked.stream().map(Path::toString).toList())
                + "), so the Jedis load generator runs on platform threads, below memtier's rate; install one, or name it"
                + " with -D" + Setting.FORK_JDK.key() + "=<Java home>";
    }

    /** The limit of the longest package prefix of {@code className}, or null. */
    private Limit limitOf(String className) {
        Limit best = null;
        int len = -1;
        for (Map.Entry<String, Limit> e : limits.entrySet()) {
            if (className.startsWith(e.getKey() + ".") && e.getKey().length() > len) {
                best = e.getValue();
                len = e.getKey().length();
            }
        }
        return best;
    }
}
