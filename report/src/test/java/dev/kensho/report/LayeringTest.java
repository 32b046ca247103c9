package dev.kensho.report;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The report sits on common and under the experiment modules: its packages form no cycle, and it names no
 * experiment or target module — each module plugs its {@link Section} in through {@code ServiceLoader}.
 */
class LayeringTest {

    private static JavaClasses report;

    @BeforeAll
    static void importReport() {
        report = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.kensho.report");
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("dev.kensho.report.(**)").should().beFreeOfCycles().check(report);
    }

    @Test
    void namesNoExperimentOrTargetModule() {
        noClasses().that().resideInAPackage("dev.kensho.report..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kensho.redis..", "dev.kensho.hbase..",
                        "dev.kensho.kinesis..", "dev.kensho.targets..", "dev.kensho.benchmarks..", "dev.kensho.reliability..")
                .check(report);
    }
}
