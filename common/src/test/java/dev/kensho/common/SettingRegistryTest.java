package dev.kensho.common;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The registry is the one list of settings: nothing reads, documents or forwards a name it lacks. */
class SettingRegistryTest {

    /** Names that look like settings but are not (HBase table attributes: the suite's mark, a table's run, the claims table's role). */
    private static final Set<String> NOT_SETTINGS = Set.of("kensho.owner", "kensho.run", "kensho.runBy", "kensho.role",
            "kensho.redis.url"); // docs/running.md's example of a typo the suite refuses
    private static final Set<String> PREFIXES = Set.of("kensho.tool.");

    @Test
    void everyNameInTheSourcesIsInTheRegistry() throws IOException {
        Path root = Settings.root();
        Set<String> unknown = new TreeSet<>();
        Pattern literal = Pattern.compile("\"((?:kensho\\.|KENSHO_)[A-Za-z0-9_.\\-]*)\"");
        Pattern pom = Pattern.compile("(?:\\$\\{|<|-D)(kensho\\.[A-Za-z0-9_.\\-]+)");
        Pattern readme = Pattern.compile("-D(kensho\\.[A-Za-z0-9_.\\-]+)|`(KENSHO_[A-Z_]+)`");
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/target/")
                    && !p.toString().contains("/node_modules/") && !p.toString().contains("/.git/")).toList()) {
                String name = f.getFileName().toString();
                Pattern p = name.endsWith(".java") && f.toString().contains("/src/main/") && !name.equals("Setting.java") ? literal
                        : name.equals("pom.xml") ? pom
                        : name.endsWith(".md") ? readme
                        : null;
                if (p == null) {
                    continue;
                }
                Matcher m = p.matcher(Files.readString(f));
                while (m.find()) {
                    String k = m.group(1) != null ? m.group(1) : m.group(2);
                    if (k.endsWith(".") && !PREFIXES.contains(k)) {
                        k = k.substring(0, k.length() - 1); // end of a sentence in Markdown
                    }
                    if (!Setting.known(k) && !NOT_SETTINGS.contains(k) && !PREFIXES.contains(k)
                            && !k.equals(Setting.PREFIX) && !k.equals(Setting.ENV_PREFIX)) {
                        unknown.add(k + " (" + root.relativize(f) + ")");
                    }
                }
            }
        }
        assertTrue(unknown.isEmpty(), "read, set or documented but not in dev.kensho.common.Setting: " + unknown);
    }

    @Test
    void theSettingsPageListsTheRegistryAsItIs() throws IOException {
        String page = Files.readString(Settings.root().resolve("docs/settings.md"));
        assertTrue(page.contains(Setting.table()), "docs/settings.md's table differs from Setting.table():\n" + Setting.table());
    }

    @Test
    void readingAnUnregisteredNameIsAProgrammingError() {
        assertThrows(IllegalStateException.class, () -> Settings.get("kensho.nosuch"));
    }

    @Test
    void aTypoIsRefusedWithTheNearestName() {
        Properties p = new Properties();
        p.setProperty("kensho.redis.url", "redis://h");
        BadInput e = assertThrows(BadInput.class, () -> Setting.checkNames(p));
        assertTrue(e.getMessage().contains("kensho.redis.url") && e.getMessage().contains("did you mean kensho.redis.uri?"),
                e.getMessage());
        BadInput env = assertThrows(BadInput.class, () -> Setting.checkEnvironment(java.util.Map.of("KENSHO_REDIS_PASWORD", "x")));
        assertTrue(env.getMessage().contains("KENSHO_REDIS_PASSWORD"), env.getMessage());
    }

    @Test
    void everyUserSettingIsForwardedAndTheSuitesOwnAreNot() {
        Properties p = new Properties();
        for (Setting s : Setting.values()) {
            if (!s.isEnvironment()) {
                p.setProperty(s.key(), "v");
            }
        }
        p.setProperty("user.home", "/x");
        List<String> args = Setting.forwardedArgs(p);
        List<String> expected = new ArrayList<>();
        for (Setting s : Setting.values()) {
            if (!s.isEnvironment() && s.use() != Setting.Use.SUITE) {
                expected.add("-D" + s.key() + "=v");
            }
        }
        assertEquals(new TreeSet<>(expected), new TreeSet<>(args));
        assertFalse(args.stream().anyMatch(a -> a.contains("user.home")));
    }
}
