package dev.kensho.common;

import dev.kensho.common.fixture.FixtureSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The registry as one module's launcher sees it: the run-wide settings, the groups on its class path (here a module
 * whose {@code META-INF/services} names {@link FixtureSettings}), and the names other modules declare in their sources.
 * The whole suite's registry (every module on the class path, docs/settings.md) is checked in the reliability module.
 */
class SettingRegistryTest {

    /** The registry of a class path that holds a fixture module: its services file in a folder of its own. */
    private static SettingRegistry withFixture() {
        try {
            Path dir = Files.createTempDirectory(Path.of("target"), "fixture-module");
            Path service = dir.resolve(SettingSources.SERVICE);
            Files.createDirectories(service.getParent());
            Files.writeString(service, FixtureSettings.class.getName() + "\n");
            try (URLClassLoader loader = new URLClassLoader(new URL[]{dir.toUri().toURL()}, SettingRegistryTest.class.getClassLoader())) {
                return SettingRegistry.of(SettingRegistry.load(loader));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Properties props(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }

    @Test
    void aModulesGroupIsFoundThroughServiceLoaderWithItsCheck() {
        SettingRegistry r = withFixture();
        assertEquals(FixtureSettings.SIZE, r.find("kensho.fixture.size").orElseThrow());
        assertTrue(r.modules().get("fixture").contains(FixtureSettings.SIZE), r.modules().keySet().toString());
        BadInput e = assertThrows(BadInput.class, () -> r.check(props("kensho.fixture.size", "10")));
        assertEquals("kensho.fixture.size=10 is not allowed; allowed: an integer in 1 … 9", e.getMessage());
        assertDoesNotThrow(() -> r.check(props("kensho.fixture.size", "9")));
        // a registry without that group refuses the name: the group, not a list in common, is what declares it
        assertThrows(BadInput.class, () -> SettingRegistry.of(List.of()).checkNames(props("kensho.fixture.size", "9")));
    }

    @Test
    void aKeyOfAModuleNotOnTheClassPathIsKnownFromItsSources() {
        // hbase-target is not on common's class path; its sources in the checkout declare the key
        assertTrue(SettingRegistry.onClassPath().find("kensho.hbase.zookeeper").isEmpty());
        assertDoesNotThrow(() -> SettingRegistry.withSources(List.of()).check(props("kensho.hbase.zookeeper", "zk1:2181")));
        BadInput typo = assertThrows(BadInput.class,
                () -> SettingRegistry.withSources(List.of()).check(props("kensho.hbsae.zookeeper", "zk1:2181")));
        assertTrue(typo.getMessage().startsWith("unknown setting -Dkensho.hbsae.zookeeper: did you mean kensho.hbase.zookeeper?"),
                typo.getMessage());
    }

    @Test
    void aModuleNotBuiltYetIsReadFromItsMarkedSource(@TempDir Path dir) throws IOException {
        Path module = dir.resolve("later-module");
        Path src = module.resolve("src/main/java/dev/example/LaterSettings.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "/** Not {@code @AutoService(SettingGroup.class)} in a comment. */\n@AutoService(SettingGroup.class)\n"
                + "class LaterSettings { Setting A = Setting.run(\"kensho.later.depth\", \"2\", \"the kensho.later.width too\"); }");
        Path other = module.resolve("src/main/java/dev/example/LaterSection.java");
        Files.writeString(other, "@AutoService(Section.class)\nclass LaterSection { String k = \"kensho.later.other\"; }");
        assertEquals(List.of(module.relativize(src)), SettingSources.registering(module, SettingGroup.class));
        assertEquals(Map.of("kensho.later.depth", "later-module"), SettingSources.keys(List.of(module)));
        SettingRegistry build = SettingRegistry.withSources(List.of(module));
        assertDoesNotThrow(() -> build.check(props("kensho.later.depth", "anything"))); // its check runs in its own module
        BadInput e = assertThrows(BadInput.class, () -> build.check(props("kensho.later.dpeth", "2")));
        assertTrue(e.getMessage().contains("did you mean kensho.later.depth?"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aModuleBuiltBeforeThisOneHasItsValuesChecked(@TempDir Path dir) throws IOException {
        Path module = dir.resolve("built-module");
        Path service = module.resolve("target/classes").resolve(SettingSources.SERVICE);
        Files.createDirectories(service.getParent());
        Files.writeString(service, FixtureSettings.class.getName() + "\n");
        Properties bad = props("kensho.fixture.size", "10");
        assertThrows(BadInput.class, () -> SettingRegistry.withSources(List.of(), List.of(module)).check(bad));
        // not built before this one: not loaded, so neither its name nor its value is known here
        assertThrows(BadInput.class, () -> SettingRegistry.withSources(List.of(), List.of()).checkNames(bad));
    }

    @Test
    void aTypoIsRefusedWithTheNearestName() {
        BadInput e = assertThrows(BadInput.class, () -> SettingRegistry.withSources(List.of()).checkNames(props("kensho.redis.url", "redis://h")));
        assertTrue(e.getMessage().contains("kensho.redis.url") && e.getMessage().contains("did you mean kensho.redis.uri?"),
                e.getMessage());
        BadInput fixture = assertThrows(BadInput.class, () -> withFixture().checkNames(props("kensho.fixture.sise", "3")));
        assertTrue(fixture.getMessage().contains("did you mean kensho.fixture.size?"), fixture.getMessage());
        BadInput env = assertThrows(BadInput.class,
                () -> SettingRegistry.withSources(List.of()).checkEnvironment(Map.of("KENSHO_REDIS_PASWORD", "x")));
        assertTrue(env.getMessage().contains("did you mean KENSHO_REDIS_PASSWORD?"), env.getMessage());
    }

    @Test
    void aKeyDeclaredTwiceIsAProgrammingError() {
        SettingGroup again = new SettingGroup() {
            @Override
            public String module() {
                return "other";
            }

            @Override
            public List<Setting> settings() {
                return List.of(Setting.run("kensho.scale", null, "a second kensho.scale"));
            }
        };
        assertThrows(IllegalStateException.class, () -> SettingRegistry.of(List.of(again)));
    }

    @Test
    void readingAnUndeclaredNameIsAProgrammingError() {
        assertThrows(IllegalStateException.class, () -> Settings.get("kensho.nosuch", null));
    }

    @Test
    void everyUserSettingIsForwardedAndTheSuitesOwnAreNot() {
        Properties p = new Properties();
        p.setProperty(Setting.SCALE.key(), "smoke");
        p.setProperty(FixtureSettings.SIZE.key(), "4");
        p.setProperty("kensho.hbase.zookeeper", "zk1"); // a module not on this class path: still the user's
        p.setProperty(Setting.RUN_DIR.key(), "/run"); // the suite's own: the parent sets it
        p.setProperty("user.home", "/x");
        assertEquals(List.of("-Dkensho.fixture.size=4", "-Dkensho.hbase.zookeeper=zk1", "-Dkensho.scale=smoke"),
                withFixture().forwardedArgs(p));
    }

    @Test
    void theTableGroupsSettingsByModuleCommonFirst() {
        String table = withFixture().table();
        assertTrue(table.startsWith("### common\n\n| setting | default | meaning | read by |\n"), table);
        assertTrue(table.contains("### fixture\n\n| setting | default | meaning | read by |\n| --- | --- | --- | --- |\n"
                + "| `kensho.fixture.size` | 3 | a size the fixture module reads (1 … 9) | launcher + forks |\n"), table);
        assertTrue(table.indexOf("`kensho.shard`") < table.indexOf("### fixture"), "shard's group is common's");
    }
}
