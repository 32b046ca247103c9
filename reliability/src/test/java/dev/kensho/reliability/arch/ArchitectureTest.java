package dev.kensho.reliability.arch;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.kensho.common.Settings;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every module's main classes against the house rules ({@link Architecture}): no package cycle anywhere, every
 * class under its module's root package, each module naming only the modules below it, and a
 * {@code package-info.java} saying what every package is for. The reliability module
 * sees every module but {@code benchmarks} (one class that names them all, as it may).
 */
class ArchitectureTest {

    private static JavaClasses suite;

    @BeforeAll
    static void importSuite() {
        // main classes only: not test-classes folders, nor test jars (common's test-jar is on this classpath)
        suite = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("dev.kensho");
    }

    @Test
    void everyModuleIsImported() {
        for (String root : Architecture.MODULES.keySet()) {
            if (!root.equals("dev.kensho.benchmarks")) {
                assertTrue(suite.containPackage(root), "no class of " + root + " was imported: the test sees less than it says");
            }
        }
    }

    @Test
    void everyPackageSaysWhatItIsFor() throws IOException {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Settings.root())) {
            for (Path src : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> dirs = Files.walk(src)) {
                    dirs.filter(Files::isDirectory).filter(d -> hasJava(d) && !Files.exists(d.resolve("package-info.java")))
                            .forEach(d -> missing.add(Settings.root().relativize(d).toString()));
                }
            }
        }
        assertTrue(missing.isEmpty(), "packages without a package-info.java: " + missing);
    }

    private static boolean hasJava(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void noPackageCycleAnywhere() {
        Architecture.NO_PACKAGE_CYCLE.check(suite);
    }

    @Test
    void everyClassLiesUnderItsModulesRoot() {
        Architecture.PACKAGE_NAMES.check(suite);
    }

    @Test
    void eachModuleNamesOnlyTheModulesBelowIt() {
        Architecture.MODULES_NAME_ONLY_THEIR_FLOORS.check(suite);
    }

    /**
     * Loops between classes never grow. Today's count, 2026-12-03: 15 loops over 54 classes (the largest
     * common.export's 10, common's settings and the pub/sub clients' 7 each; redis-target's, 13 before its split into
     * packages, now 5); lower these numbers when a loop is broken, never raise them.
     */
    @Test
    void classLoopsNeverGrow() {
        ClassLoops.check(suite, MAX_LOOPS, MAX_CLASSES_IN_LOOPS);
    }

    /**
     * docs/architecture.md's "house in numbers" against the code: the class loops the page gives are the ones the
     * code has and the limits above (a limit above today's count would let a loop come back unnoticed), and the
     * deepest package and the zero rows are what the rules keep ({@link HouseNumbersTest} shows a wrong page caught).
     */
    @Test
    void thePageGivesTheCodesNumbers() throws IOException {
        String page = Files.readString(Settings.root().resolve("docs/architecture.md"), StandardCharsets.UTF_8);
        List<Set<String>> loops = ClassLoops.of(suite);
        long classes = ClassLoops.classesIn(loops);
        assertEquals(List.of((long) loops.size(), classes), List.of((long) MAX_LOOPS, (long) MAX_CLASSES_IN_LOOPS),
                "the loop limits are not today's count: set them to " + loops.size() + " loops over " + classes
                        + " classes (they may only fall)");
        long deepest = suite.stream().filter(Architecture.SUITE).map(JavaClass::getPackageName)
                .mapToLong(p -> p.split("\\.").length).max().orElse(0);
        assertTrue(deepest <= Architecture.MAX_FLOORS, "a package " + deepest + " names deep");
        List<String> wrong = HouseNumbers.mismatches(page, Map.of(
                HouseNumbers.PACKAGE_CYCLES, List.of(0L),
                HouseNumbers.CLASS_LOOPS, List.of((long) loops.size(), classes),
                HouseNumbers.DEEPEST_PACKAGE, List.of((long) Architecture.MAX_FLOORS),
                HouseNumbers.PRIVATE_ACCESS, List.of(0L)));
        assertTrue(wrong.isEmpty(), "docs/architecture.md, 'The house in numbers': " + String.join("; ", wrong));
    }

    static final int MAX_LOOPS = 15;
    static final int MAX_CLASSES_IN_LOOPS = 54;

    @Test
    void noExperimentNamesTheLauncher() {
        Architecture.EXPERIMENTS_NEVER_NAME_THE_LAUNCHER.check(suite);
    }

    @Test
    void everyBenchmarkExtendsTheBaseState() {
        Architecture.EVERY_BENCHMARK_EXTENDS_THE_BASE.check(suite);
    }

    @Test
    void theTrialsLifeCycleIsEnteredOnce() {
        Architecture.LIFE_CYCLE_ENTERED_ONCE.check(suite);
    }

    @Test
    void noClassOpensAnothersPrivateMembers() {
        Architecture.NO_PRIVATE_ACCESS.check(suite);
    }
}
