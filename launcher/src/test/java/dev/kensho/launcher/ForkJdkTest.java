package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which JDK the forks run on, from fake Java homes in a temporary folder (a {@code bin/java} and a {@code release}
 * file; nothing is started): no test needs a newer JDK on the machine.
 */
class ForkJdkTest {

    private static final InstalledJdks.Jdk BUILD = new InstalledJdks.Jdk(Path.of("/build/jdk-17"), Runtime.Version.parse("17.0.15"));

    /** A fake Java home: bin/java (executable) and a release file naming {@code version}. */
    static Path home(Path dir, String name, String version) throws IOException {
        Path h = dir.resolve(name);
        Files.createDirectories(h.resolve("bin"));
        Path java = Files.writeString(h.resolve("bin/java"), "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(h.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return h;
    }

    private static ForkJdk auto(List<InstalledJdks.Jdk> found, Map<String, ForkJdk.Limit> limits) {
        return new ForkJdk(BUILD, "auto", found, List.of(Path.of("/usr/lib/jvm")), j -> true, limits);
    }

    @Test
    void theJdksInTheInstallFoldersAndTheNamedHomesAreFoundOnce(@TempDir Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("jvm"));
        home(root, "temurin-25", "25.0.3");
        home(root, "java-17", "17.0.15");
        Files.createSymbolicLink(root.resolve("java-1.17.0"), root.resolve("java-17")); // Debian's alias
        home(root, "jdk8", "1.8.0_292");                                               // before 9: not usable
        Files.createDirectories(root.resolve("openjdk-17"));                             // no bin/java, no release
        Path named = home(dir, "elsewhere", "21.0.5");
        List<InstalledJdks.Jdk> found = InstalledJdks.find(List.of(named, root.resolve("temurin-25")), List.of(root, dir.resolve("none")));
        assertEquals(List.of("21.0.5", "25.0.3", "17.0.15"), found.stream().map(j -> j.version().toString()).toList());
    }

    @Test
    void theEnvironmentsJavaHomesComeFirstThenTheInstallFolders() {
        List<Path> homes = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        InstalledJdks.places(Map.of("JAVA_HOME", "/a", "JAVA_HOME_21_X64", "/c", "JDK_HOME", "/b", "PATH", "/bin"), Path.of("/home/u"),
                homes, roots);
        assertEquals(List.of(Path.of("/a"), Path.of("/b"), Path.of("/c")), homes);
        assertTrue(roots.contains(Path.of("/usr/lib/jvm")) && roots.contains(Path.of("/home/u/.sdkman/candidates/java")), roots.toString());
    }

    @Test
    void autoTakesTheNewestJdkWithVirtualThreads(@TempDir Path dir) throws IOException {
        ForkJdk j = auto(InstalledJdks.find(List.of(), List.of(dir)), Map.of());
        assertNull(j.chosen(), "nothing found: the build's");
        home(dir, "jdk-21", "21.0.5");
        home(dir, "jdk-25", "25.0.3");
        j = auto(InstalledJdks.find(List.of(), List.of(dir)), Map.of());
        assertEquals("25.0.3", j.chosen().version().toString());
        ForkJdk.Choice c = j.of(String.class, true, null);
        assertEquals(dir.resolve("jdk-25/bin/java").toString(), c.java());
        assertTrue(j.line().startsWith("forks run on JDK 25.0.3"), j.line());
    }

    @Test
    void aJdkOlderThanVirtualThreadsOrNotNewerThanTheBuildsIsNotTaken(@TempDir Path dir) throws IOException {
        home(dir, "jdk-17", "17.0.20");
        home(dir, "jdk-11", "11.0.2");
        ForkJdk j = auto(InstalledJdks.find(List.of(), List.of(dir)), Map.of());
        assertNull(j.chosen());
        ForkJdk.Choice c = j.of(String.class, true, null);
        assertNull(c.java(), "JMH's default: the launcher's own java");
        assertTrue(j.line().startsWith("forks run on the build's JDK 17.0.15: no JDK 21 or newer found (looked in /usr/lib/jvm)"),
                j.line());
    }

    @Test
    void aJdkThatDoesNotStartIsPassedOver(@TempDir Path dir) throws IOException {
        home(dir, "jdk-21", "21.0.5");
        home(dir, "jdk-25", "25.0.3");
        ForkJdk j = new ForkJdk(BUILD, "auto", InstalledJdks.find(List.of(), List.of(dir)), List.of(dir),
                jdk -> jdk.feature() != 25, Map.of());
        assertEquals(21, j.chosen().feature());
    }

    @Test
    void aModuleLimitedBelowTheChosenJdkRunsOnTheNewestWithinItElseTheBuilds(@TempDir Path dir) throws IOException {
        Map<String, ForkJdk.Limit> limit = Map.of("dev.kensho.launcher", new ForkJdk.Limit(22, "its client calls Subject.getSubject"));
        home(dir, "jdk-25", "25.0.3");
        ForkJdk only25 = auto(InstalledJdks.find(List.of(), List.of(dir)), limit);
        ForkJdk.Choice kept = only25.of(ForkJdkTest.class, true, null);
        assertNull(kept.java());
        assertTrue(kept.why().contains("its client calls Subject.getSubject"), kept.why());
        assertEquals(dir.resolve("jdk-25/bin/java").toString(), only25.of(String.class, true, null).java(), "other classes: 25");
        assertTrue(only25.line().contains("; ForkJdkTest on the build's JDK 17.0.15 (its client calls Subject.getSubject; newest allowed: JDK 22)"),
                only25.line());
        home(dir, "jdk-21", "21.0.5");
        ForkJdk both = auto(InstalledJdks.find(List.of(), List.of(dir)), limit);
        assertEquals(dir.resolve("jdk-21/bin/java").toString(), both.of(ForkJdkTest.class, true, null).java());
    }

    @Test
    void forksZeroAndJmhsJvmFlagLeaveTheForksAlone(@TempDir Path dir) throws IOException {
        home(dir, "jdk-25", "25.0.3");
        ForkJdk j = auto(InstalledJdks.find(List.of(), List.of(dir)), Map.of());
        assertNull(j.of(String.class, false, null).java());
        ForkJdk.Choice flag = j.of(Integer.class, true, "/opt/my/java");
        assertNull(flag.java(), "JMH's -jvm is in the options already");
        assertEquals("JMH's -jvm /opt/my/java", flag.why());
    }

    @Test
    void buildAndANamedHomeAreTakenAsAsked(@TempDir Path dir) throws IOException {
        Path h = home(dir, "jdk-25", "25.0.3");
        List<InstalledJdks.Jdk> found = InstalledJdks.find(List.of(), List.of(dir));
        assertNull(new ForkJdk(BUILD, "build", found, List.of(), j -> true, Map.of()).chosen());
        assertEquals(h, new ForkJdk(BUILD, h.toString(), List.of(), List.of(), j -> true, Map.of()).chosen().home());
        BadInput bad = assertThrows(BadInput.class, () -> new ForkJdk(BUILD, dir.toString(), found, List.of(), j -> true, Map.of()));
        assertTrue(bad.getMessage().contains(Setting.FORK_JDK.key()) && !bad.getMessage().contains("\n"), bad.getMessage());
    }

    @Test
    void aBadSettingIsOneLineNamingIt(@TempDir Path dir) throws IOException {
        for (String v : List.of("newest", dir.toString())) {
            BadInput e = assertThrows(BadInput.class, () -> Setting.FORK_JDK.check(v), v);
            assertTrue(e.getMessage().contains("kensho.forkJdk") && e.getMessage().contains("auto, build, or a Java home")
                    && !e.getMessage().contains("\n"), e.getMessage());
        }
        Setting.FORK_JDK.check("auto");
        Setting.FORK_JDK.check("build");
        Setting.FORK_JDK.check(home(dir, "jdk", "21.0.1").toString());
    }

    @Test
    void aLimitWithoutItsReasonIsRefused() {
        Properties p = new Properties();
        p.setProperty("dev.kensho.x.maxFeature", "22");
        assertThrows(TargetFailure.class, () -> ForkJdk.limits(p));
        p.setProperty("dev.kensho.x.why", "because");
        assertEquals(Map.of("dev.kensho.x", new ForkJdk.Limit(22, "because")), ForkJdk.limits(p));
    }

    @Test
    void theFileKeepsTheClassesAnEarlierModuleRecorded(@TempDir Path dir) throws IOException {
        home(dir, "jdks/jdk-25", "25.0.3");
        ForkJdk first = auto(InstalledJdks.find(List.of(), List.of(dir.resolve("jdks"))), Map.of());
        first.of(String.class, true, null);
        first.write(dir);
        ForkJdk second = auto(List.of(), Map.of());
        second.of(Integer.class, true, null);
        second.write(dir);
        JsonNode n = new ObjectMapper().readTree(dir.resolve(ForkJdk.FILE).toFile());
        assertTrue(n.path("classes").path("String").path("jdk").asText().startsWith("JDK 25.0.3"), n.toString());
        assertTrue(n.path("classes").path("Integer").path("jdk").asText().startsWith("JDK 17.0.15"), n.toString());
        assertTrue(n.path("fallback").asText().startsWith("no JDK 21 or newer found"), n.toString());
    }
}
