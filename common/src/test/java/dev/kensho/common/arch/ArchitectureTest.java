package dev.kensho.common.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering of {@code common}: its packages form no cycle (each can be read, tested and moved without the
 * others that depend on it), and nothing in it names another module (an experiment, a target, the report) — data
 * flows one way, from common to the modules, never back.
 */
class ArchitectureTest {

    private static JavaClasses common;

    @BeforeAll
    static void importCommon() {
        common = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.kensho.common");
    }

    @Test
    void commonsPackagesFormNoCycle() {
        slices().matching("dev.kensho.common.(**)").should().beFreeOfCycles().check(common);
    }

    @Test
    void everyPackageSaysWhatItIsFor() throws java.io.IOException {
        java.nio.file.Path src = dev.kensho.common.Settings.root().resolve("common/src/main/java");
        try (var dirs = java.nio.file.Files.walk(src)) {
            java.util.List<String> missing = dirs.filter(java.nio.file.Files::isDirectory)
                    .filter(d -> hasJava(d) && !java.nio.file.Files.exists(d.resolve("package-info.java")))
                    .map(d -> src.relativize(d).toString()).toList();
            org.junit.jupiter.api.Assertions.assertTrue(missing.isEmpty(), "packages without a package-info.java: " + missing);
        }
    }

    private static boolean hasJava(java.nio.file.Path dir) {
        try (var files = java.nio.file.Files.list(dir)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void commonNamesNoExperimentModule() {
        noClasses().that().resideInAPackage("dev.kensho.common..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kensho.redis..", "dev.kensho.hbase..",
                        "dev.kensho.kinesis..", "dev.kensho.benchmarks..", "dev.kensho.reliability..",
                        "dev.kensho.report..", "dev.kensho.targets..")
                .check(common);
    }
}
