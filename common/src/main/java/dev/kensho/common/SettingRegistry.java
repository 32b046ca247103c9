package dev.kensho.common;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Every setting a run can be given: the run-wide ones ({@link Setting}'s constants), each module's
 * {@link SettingGroup} on the class path (found with {@link ServiceLoader}), and the keys of modules that are not on
 * the class path, read from their sources ({@link SettingSources}: the checkout's modules, and a Maven build's). It
 * refuses, in one line and before anything starts, a {@code kensho.*} name no module declares (with the nearest
 * names) and a value a declared check refuses; it forwards the user's settings to child JVMs and prints the table
 * {@code docs/settings.md} holds.
 *
 * <p>What is checked where: a name, against every module of the checkout and of the build, at every entry point
 * (outside a checkout — an image — against the class path only); a value, by its module's check, wherever that module
 * is on the class path: the jar and the report commands check all, a class's {@code main} its module and the ones it
 * depends on, each module of {@code ./mvnw verify -Pbench} its own and those built before it in the reactor (so the
 * first benchmark module checks every target module's) before it starts.
 */
public final class SettingRegistry {

    private static final class OnClassPath {
        static final SettingRegistry REGISTRY = new SettingRegistry(load(), Map.of());
    }

    private final Map<String, List<Setting>> byModule;
    private final Map<String, Setting> byKey = new LinkedHashMap<>();
    /** Keys of modules not on the class path → their module (read from sources: names only, no checks). */
    private final Map<String, String> elsewhere = new TreeMap<>();

    SettingRegistry(List<SettingGroup> groups, Map<String, String> declaredElsewhere) {
        Map<String, List<Setting>> modules = new TreeMap<>(Comparator.comparing((String m) -> !m.equals("common")).thenComparing(m -> m));
        modules.put("common", new ArrayList<>(Setting.RUN_WIDE));
        for (SettingGroup g : groups) {
            modules.computeIfAbsent(g.module(), m -> new ArrayList<>()).addAll(g.settings());
        }
        for (List<Setting> list : modules.values()) {
            for (Setting s : list) {
                if (byKey.put(s.key(), s) != null) {
                    throw new IllegalStateException(s.key() + " is declared twice");
                }
            }
        }
        this.byModule = modules;
        declaredElsewhere.forEach((k, m) -> {
            if (!byKey.containsKey(k)) {
                elsewhere.put(k, m);
            }
        });
    }

    /** The run-wide settings and the groups given (tests: a registry with a group more, or one missing). */
    public static SettingRegistry of(List<SettingGroup> groups) {
        return new SettingRegistry(groups, Map.of());
    }

    /** The settings of the modules on the class path (what {@link Settings#get} may read). */
    public static SettingRegistry onClassPath() {
        return OnClassPath.REGISTRY;
    }

    /** The class path's settings and the names the checkout's modules and {@code moduleDirs} (a Maven build's) declare. */
    public static SettingRegistry withSources(List<Path> moduleDirs) {
        return withSources(moduleDirs, List.of());
    }

    /**
     * The same, with the groups of {@code builtDirs} too — modules this Maven build has compiled already (those before
     * the current one in reactor order), loaded from their {@code target/classes} so their values are checked as well.
     * A group that cannot load there (a class it needs is not on this class path) leaves its names known from sources.
     */
    public static SettingRegistry withSources(List<Path> moduleDirs, List<Path> builtDirs) {
        List<Path> dirs = new ArrayList<>(SettingSources.checkoutModules(Settings.root()));
        dirs.addAll(moduleDirs);
        Map<String, SettingGroup> groups = new LinkedHashMap<>();
        load().forEach(g -> groups.put(g.getClass().getName(), g));
        List<URL> built = new ArrayList<>();
        for (Path d : builtDirs) {
            Path classes = d.resolve("target").resolve("classes");
            if (Files.isRegularFile(classes.resolve(SettingSources.SERVICE))) {
                try {
                    built.add(classes.toUri().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalArgumentException(e);
                }
            }
        }
        if (!built.isEmpty()) {
            URLClassLoader loader = new URLClassLoader(built.toArray(URL[]::new), SettingRegistry.class.getClassLoader());
            Iterator<SettingGroup> it = ServiceLoader.load(SettingGroup.class, loader).iterator();
            while (true) {
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    SettingGroup g = it.next();
                    groups.putIfAbsent(g.getClass().getName(), g);
                } catch (ServiceConfigurationError | LinkageError e) {
                    // that module's check needs a class this class path lacks: its names are still known from sources
                }
            }
        }
        return new SettingRegistry(new ArrayList<>(groups.values()), SettingSources.keys(dirs));
    }

    private static List<SettingGroup> load() {
        return load(SettingRegistry.class.getClassLoader());
    }

    /** The groups {@code loader}'s {@code META-INF/services} name. */
    static List<SettingGroup> load(ClassLoader loader) {
        List<SettingGroup> out = new ArrayList<>();
        ServiceLoader.load(SettingGroup.class, loader).forEach(out::add);
        return out;
    }

    /** The declared setting of {@code key} on the class path. */
    public Optional<Setting> find(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** True when a module declares {@code key}, on the class path or in the sources read. */
    public boolean known(String key) {
        return byKey.containsKey(key) || elsewhere.containsKey(key);
    }

    /** The modules and their settings, common first. */
    public Map<String, List<Setting>> modules() {
        return byModule;
    }

    /**
     * Every check of the settings in {@code props} before anything starts: unknown names ({@link #checkNames}) and
     * values that would mean nothing (each declared {@link Setting#check}), whether or not this run reads them.
     */
    public void check(Properties props) {
        checkNames(props);
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            find(k).ifPresent(s -> s.check(props.getProperty(k)));
        }
    }

    /**
     * Refuses the first {@code kensho.*} system property no module declares, in one line naming it and the nearest
     * valid names: a typo ({@code kensho.redis.url}) must not leave the run on a default the user did not mean.
     */
    public void checkNames(Properties props) {
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            if (k.startsWith(Setting.PREFIX) && !known(k)) {
                throw new BadInput("unknown setting -D" + k + ": " + nearest(k, names(false))
                        + " (every setting: docs/settings.md)");
            }
        }
    }

    /** Refuses an unknown {@code KENSHO_*} environment variable the same way. */
    public void checkEnvironment(Map<String, String> env) {
        for (String k : env.keySet().stream().sorted().toList()) {
            if (k.startsWith(Setting.ENV_PREFIX) && !known(k)) {
                throw new BadInput("unknown environment variable " + k + ": " + nearest(k, names(true)));
            }
        }
    }

    private List<String> names(boolean environment) {
        List<String> out = new ArrayList<>(byKey.keySet());
        out.addAll(elsewhere.keySet());
        return out.stream().filter(k -> k.startsWith(Setting.ENV_PREFIX) == environment).toList();
    }

    /**
     * The {@code -Dk=v} arguments that carry every user {@code kensho.*} setting set in {@code props} into a child JVM
     * (the launcher from Maven, a fork from the launcher), the suite's own ones excepted ({@link Setting.Use#SUITE}: the
     * parent sets those itself).
     */
    public List<String> forwardedArgs(Properties props) {
        List<String> out = new ArrayList<>();
        for (String k : props.stringPropertyNames().stream().sorted().toList()) {
            if (k.startsWith(Setting.PREFIX) && find(k).map(s -> s.use() != Setting.Use.SUITE).orElse(true)) {
                out.add("-D" + k + "=" + props.getProperty(k));
            }
        }
        return out;
    }

    /** The registry as Markdown, a table per module ({@code docs/settings.md} is checked against it). */
    public String table() {
        StringBuilder b = new StringBuilder();
        byModule.forEach((module, settings) -> {
            b.append(b.length() == 0 ? "" : "\n").append("### ").append(module).append("\n\n| setting | default | meaning | read by |\n| --- | --- | --- | --- |\n");
            for (Setting s : settings) {
                b.append("| `").append(s.key()).append("` | ")
                        .append(cell(s.documentedDefault() == null ? "(none)" : s.documentedDefault())).append(" | ")
                        .append(cell(s.meaning())).append(" | ").append(switch (s.use()) {
                            case RUN -> "launcher + forks";
                            case RUN_AND_COMMANDS -> "launcher + forks + Report/Compare/Docs";
                            case MAVEN -> "Maven";
                            case SUITE -> "set by the suite";
                        }).append(" |\n");
            }
        });
        return b.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** "did you mean a or b?" over {@code candidates}, by edit distance; "no such name" if none is close. */
    public static String nearest(String name, List<String> candidates) {
        String n = name.toLowerCase(Locale.ROOT);
        List<String> sorted = new ArrayList<>(candidates);
        sorted.sort(Comparator.comparingInt((String c) -> distance(n, c.toLowerCase(Locale.ROOT))).thenComparing(c -> c));
        if (sorted.isEmpty()) {
            return "no such name";
        }
        int best = distance(n, sorted.get(0).toLowerCase(Locale.ROOT));
        List<String> close = sorted.stream().filter(c -> distance(n, c.toLowerCase(Locale.ROOT)) == best).limit(3).toList();
        if (best > Math.max(3, name.length() / 2)) {
            return "no such name (valid: " + String.join(", ", sorted.stream().sorted().limit(12).toList())
                    + (sorted.size() > 12 ? ", …" : "") + ")";
        }
        return "did you mean " + String.join(" or ", close) + "?";
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
