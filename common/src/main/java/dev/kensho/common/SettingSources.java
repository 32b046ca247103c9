package dev.kensho.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The setting keys each module declares, read from its sources: its classes marked
 * {@code @AutoService(SettingGroup.class)}, and in them every string literal that is a whole {@code kensho.*} or
 * {@code KENSHO_*} key. So a launcher knows the keys of modules that are not on its class path —
 * the later modules of a Maven build, not compiled yet, to which Maven hands the same {@code -D}s — and refuses a typo
 * of one before the first module runs, without refusing a valid key of another. A source reading, checked against the
 * compiled groups by the reliability module's {@code SettingSourcesTest}.
 */
public final class SettingSources {

    /** The services file the build writes from the {@code @AutoService} marks, in a module's {@code target/classes}. */
    static final String SERVICE = "META-INF/services/" + SettingGroup.class.getName();
    /** An {@code @AutoService(...)} at the start of a line (not in a comment), and what it names. */
    private static final Pattern AUTO_SERVICE = Pattern.compile(
            "^\\s*@(?:com\\.google\\.auto\\.service\\.)?AutoService"
                    + "\\s*\\(\\s*(?:value\\s*=\\s*)?(\\{[^}]*}|[\\w.]+)\\s*\\)",
            Pattern.MULTILINE);
    private static final Pattern KEY = Pattern.compile("\"((?:kensho\\.|KENSHO_)[A-Za-z0-9_.\\-]+)\"");

    private SettingSources() {
    }

    /** Key → the module folder that declares it, over {@code moduleDirs} (a folder without declarations adds nothing). */
    public static Map<String, String> keys(List<Path> moduleDirs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Path dir : moduleDirs) {
            for (String key : keysOf(dir)) {
                out.putIfAbsent(key, dir.getFileName().toString());
            }
        }
        return out;
    }

    /** The keys one module's groups declare, in their order. */
    public static Set<String> keysOf(Path moduleDir) {
        Set<String> keys = new LinkedHashSet<>();
        try {
            for (Path src : registering(moduleDir, SettingGroup.class)) {
                Matcher m = KEY.matcher(Files.readString(moduleDir.resolve(src), StandardCharsets.UTF_8));
                while (m.find()) {
                    keys.add(m.group(1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return keys;
    }

    /**
     * The sources under {@code moduleDir}'s {@code src/main/java} whose class registers as a {@code service}
     * ({@code @AutoService(Service.class)}, simple or full name), relative to {@code moduleDir}, in path order; none
     * when the module has no such folder.
     */
    public static List<Path> registering(Path moduleDir, Class<?> service) {
        Path java = moduleDir.resolve("src/main/java");
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(java)) {
            return out;
        }
        Pattern names = Pattern.compile("(?<![\\w.])(?:" + Pattern.quote(service.getName()) + "|"
                + Pattern.quote(service.getSimpleName()) + ")\\s*\\.\\s*class\\b");
        try (Stream<Path> files = Files.walk(java)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                Matcher m = AUTO_SERVICE.matcher(Files.readString(f, StandardCharsets.UTF_8));
                while (m.find()) {
                    if (names.matcher(m.group(1)).find()) {
                        out.add(moduleDir.relativize(f));
                        break;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The module folders of the checkout at {@code root} (one level down, each with a pom), or none outside a checkout. */
    public static List<Path> checkoutModules(Path root) {
        List<Path> out = new ArrayList<>();
        if (!Files.isRegularFile(root.resolve("mvnw"))) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
