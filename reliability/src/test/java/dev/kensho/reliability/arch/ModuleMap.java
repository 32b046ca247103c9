package dev.kensho.reliability.arch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The suite's modules as the checkout declares them, so a new module needs no line in the architecture rules: every
 * folder of the root with a {@code pom.xml} and main sources is a module; its root package is the shallowest package
 * of its sources; the modules it may name are the suite's modules it compiles against: its pom's compile-scope
 * dependencies and theirs (a {@code runtime} dependency, as an experiment's on the launcher, may be on the class path
 * but is never named).
 */
record ModuleMap(Map<String, String> roots, Map<String, Set<String>> mayName) {

    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>\\s*kensho-([\\w-]+)\\s*</artifactId>");
    private static final Pattern SCOPE = Pattern.compile("<scope>\\s*(\\w+)\\s*</scope>");
    private static final Pattern TYPE = Pattern.compile("<type>\\s*([\\w-]+)\\s*</type>");

    /** The modules of the checkout at {@code root} (root package → module; module → the modules it may name). */
    static ModuleMap read(Path root) {
        Map<String, String> roots = new LinkedHashMap<>();
        Map<String, Set<String>> mayName = new LinkedHashMap<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).sorted().toList()) {
                Optional<String> pkg = rootPackage(d.resolve("src/main/java"));
                if (pkg.isEmpty()) {
                    continue; // a module without main classes (reliability: tests only)
                }
                String module = d.getFileName().toString();
                roots.put(pkg.get(), module);
                mayName.put(module, compileDependencies(Files.readString(d.resolve("pom.xml"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        mayName.values().forEach(s -> s.retainAll(roots.values()));
        // what a module compiles against: its compile dependencies and theirs (an experiment reaches common through api)
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Set<String> names : mayName.values()) {
                for (String n : List.copyOf(names)) {
                    grew |= names.addAll(mayName.getOrDefault(n, Set.of()));
                }
            }
        }
        return new ModuleMap(roots, mayName);
    }

    /** The shallowest package under {@code src} that holds a class; empty without one. */
    static Optional<String> rootPackage(Path src) throws IOException {
        if (!Files.isDirectory(src)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(src)) {
            return files.filter(f -> f.toString().endsWith(".java")).map(Path::getParent)
                    .min(Comparator.comparingInt(Path::getNameCount))
                    .map(p -> src.relativize(p).toString().replace('/', '.').replace('\\', '.'));
        }
    }

    /** The suite's modules (folder names) a pom depends on at compile scope, main jars only. */
    static Set<String> compileDependencies(String pom) {
        Set<String> out = new TreeSet<>();
        Matcher d = DEPENDENCY.matcher(pom);
        while (d.find()) {
            String dep = d.group(1).replaceAll("(?s)<!--.*?-->", "");
            Matcher a = ARTIFACT.matcher(dep);
            if (!a.find() || !dep.contains("<groupId>dev.kensho</groupId>")) {
                continue;
            }
            Matcher s = SCOPE.matcher(dep);
            Matcher t = TYPE.matcher(dep);
            String scope = s.find() ? s.group(1) : "compile";
            String type = t.find() ? t.group(1) : "jar";
            if (scope.equals("compile") && type.equals("jar")) {
                out.add(a.group(1));
            }
        }
        return out;
    }

    /** The module names, in the order of their folders. */
    List<String> modules() {
        return new ArrayList<>(roots.values());
    }
}
