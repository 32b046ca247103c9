package dev.kensho.reliability;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.SettingSources;
import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's settings with every module on the class path (as in the jar): every name the sources, poms and pages use
 * is declared by some module's group; docs/settings.md is the registry's table as it is; the sources' reading of each
 * module's keys (what a launcher knows of modules not built yet) is what the compiled groups declare.
 */
class SuiteSettingsTest {

    /** Names that look like settings but are not (HBase table attributes). */
    private static final Set<String> NOT_SETTINGS = Set.of("kensho.owner", "kensho.role", "kensho.run", "kensho.runBy",
            "kensho.redis.url", // docs/running.md's example of a typo the suite refuses
            "kensho.target.recrods"); // docs/settings.md's

    private static List<SettingGroup> groups() {
        List<SettingGroup> out = new ArrayList<>();
        ServiceLoader.load(SettingGroup.class).forEach(out::add);
        return out;
    }

    @Test
    void everyNameInTheSourcesIsDeclared() throws IOException {
        Path root = Settings.root();
        SettingRegistry registry = SettingRegistry.onClassPath();
        Set<String> unknown = new TreeSet<>();
        Pattern literal = Pattern.compile("\"((?:kensho\\.|KENSHO_)[A-Za-z0-9_.\\-]*)\"");
        Pattern pom = Pattern.compile("(?:\\$\\{|<|-D)(kensho\\.[A-Za-z0-9_.\\-]+)");
        Pattern readme = Pattern.compile("-D(kensho\\.[A-Za-z0-9_.\\-]+)|`(KENSHO_[A-Z_]+)`");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/target/")
                    && !p.toString().contains("/node_modules/") && !p.toString().contains("/.git/")).toList()) {
                String name = f.getFileName().toString();
                Pattern p = name.endsWith(".java") && f.toString().contains("/src/main/") ? literal
                        : name.equals("pom.xml") ? pom
                        : name.endsWith(".md") ? readme
                        : null;
                if (p == null) {
                    continue;
                }
                Matcher m = p.matcher(Files.readString(f));
                while (m.find()) {
                    String k = m.group(1) != null ? m.group(1) : m.group(2);
                    if (k.endsWith(".") && name.endsWith(".md")) {
                        k = k.substring(0, k.length() - 1); // end of a sentence in Markdown
                    }
                    if (!registry.known(k) && !NOT_SETTINGS.contains(k) && !k.equals(Setting.PREFIX) && !k.equals(Setting.ENV_PREFIX)) {
                        unknown.add(k + " (" + root.relativize(f) + ")");
                    }
                }
            }
        }
        assertTrue(unknown.isEmpty(), "read, set or documented but declared by no SettingGroup: " + unknown);
    }

    @Test
    void theSettingsPageListsEveryModulesSettingsAsTheyAre() throws IOException {
        String page = Files.readString(Settings.root().resolve("docs/settings.md"));
        String table = SettingRegistry.onClassPath().table();
        assertTrue(page.contains(table), "docs/settings.md's tables differ from SettingRegistry.table():\n" + table);
        for (String module : List.of("common", "redis-target", "hbase-target", "kinesis-target", "redis-kv", "redis-sets", "kinesis-batch")) {
            assertTrue(SettingRegistry.onClassPath().modules().containsKey(module), module + " declares no settings here");
        }
    }

    @Test
    void aRegistryMissingAModulesGroupFailsThePageCheck() throws IOException {
        String page = Files.readString(Settings.root().resolve("docs/settings.md"));
        List<SettingGroup> withoutKinesis = groups().stream().filter(g -> !g.module().equals("kinesis-target")).toList();
        assertEquals(groups().size() - 1, withoutKinesis.size());
        assertFalse(page.contains(SettingRegistry.of(withoutKinesis).table()), "a page check that passes without kinesis-target's settings");
        assertTrue(page.contains(SettingRegistry.of(groups()).table()));
    }

    @Test
    void theSourcesDeclareWhatTheCompiledGroupsDeclare() {
        Map<String, Set<String>> compiled = new TreeMap<>();
        for (SettingGroup g : groups()) {
            compiled.computeIfAbsent(g.module(), m -> new TreeSet<>()).addAll(g.settings().stream().map(Setting::key).toList());
        }
        compiled.remove("common"); // common is on every class path: its keys are never read from sources
        Map<String, Set<String>> read = new TreeMap<>();
        SettingSources.keys(SettingSources.checkoutModules(Settings.root()))
                .forEach((key, module) -> read.computeIfAbsent(module, m -> new TreeSet<>()).add(key));
        read.remove("common");
        assertEquals(compiled, read);
    }

    @Test
    void theSourceReadingCanSeeAMissingKey() {
        // a wrong answer: kinesis-target's keys with one left out are not what its source declares
        Set<String> read = SettingSources.keysOf(Settings.root().resolve("kinesis-target"));
        Set<String> oneShort = read.stream().filter(k -> !k.equals("kensho.kinesis.cbor")).collect(Collectors.toSet());
        assertFalse(read.equals(oneShort));
        assertTrue(read.contains("kensho.kinesis.cbor"), read.toString());
    }
}
