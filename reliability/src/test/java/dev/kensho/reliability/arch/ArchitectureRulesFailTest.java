package dev.kensho.reliability.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.kensho.reliability.arch.fixture.cycle.a.Ping;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each house rule fails on a class that breaks it: the rules of {@link ArchitectureTest} can see what they forbid. */
class ArchitectureRulesFailTest {

    private static String violation(ArchRule rule, Class<?>... wrong) {
        JavaClasses classes = new ClassFileImporter().importClasses(wrong);
        return assertThrows(AssertionError.class, () -> rule.check(classes)).getMessage();
    }

    @Test
    void aCycleBetweenTwoPackagesIsSeen() {
        String m = violation(Architecture.NO_PACKAGE_CYCLE, Ping.class, dev.kensho.reliability.arch.fixture.cycle.b.Pong.class);
        assertTrue(m.contains("Cycle"), m);
    }

    @Test
    void aCycleThroughARootPackageIsSeen() {
        // the cycle the old rule could not see: a root package (dev.kensho.common) and one below it
        String m = violation(Architecture.NO_PACKAGE_CYCLE, dev.kensho.common.ArchFixtureRoot.class,
                dev.kensho.common.archfixture.Leaf.class);
        assertTrue(m.contains("Cycle"), m);
    }

    @Test
    void commonNamingAnExperimentModuleIsSeen() {
        String m = violation(Architecture.MODULES_NAME_ONLY_THEIR_FLOORS, dev.kensho.common.archfixture.Leaf.class);
        assertTrue(m.contains("common names redis-kv"), m);
    }

    @Test
    void anExperimentNamingAnotherExperimentIsSeen() {
        String m = violation(Architecture.MODULES_NAME_ONLY_THEIR_FLOORS, dev.kensho.redis.sets.ArchFixtureReachesKv.class);
        assertTrue(m.contains("redis-sets names redis-kv"), m);
    }

    @Test
    void anExperimentNamingTheLauncherIsSeen() {
        String m = violation(Architecture.EXPERIMENTS_NEVER_NAME_THE_LAUNCHER, dev.kensho.redis.kv.ArchFixtureNamesLauncher.class);
        assertTrue(m.contains("dev.kensho.launcher.Bench"), m);
        // the floors rule sees it too, now that no experiment may name the launcher
        String floors = violation(Architecture.MODULES_NAME_ONLY_THEIR_FLOORS, dev.kensho.redis.kv.ArchFixtureNamesLauncher.class);
        assertTrue(floors.contains("redis-kv names launcher"), floors);
    }

    @Test
    void aBenchmarkBesideTheBaseStateIsSeen() {
        String m = violation(Architecture.EVERY_BENCHMARK_EXTENDS_THE_BASE, dev.kensho.redis.kv.ArchFixtureBareBenchmark.class);
        assertTrue(m.contains("ArchFixtureBareBenchmark"), m);
    }

    @Test
    void aSecondTrialSetupIsSeen() {
        String m = violation(Architecture.LIFE_CYCLE_ENTERED_ONCE, dev.kensho.api.BenchmarkState.class,
                dev.kensho.redis.kv.ArchFixtureSecondSetup.class);
        assertTrue(m.contains("ArchFixtureSecondSetup.again()") && m.contains("second trial-level Setup"), m);
    }

    @Test
    void openingAPrivateFieldIsSeen() {
        String m = violation(Architecture.NO_PRIVATE_ACCESS, dev.kensho.common.archfixture.OpensPrivate.class);
        assertTrue(m.contains("setAccessible"), m);
    }

    @Test
    void aClassUnderNoModuleIsSeen() {
        String m = violation(Architecture.PACKAGE_NAMES, dev.kensho.newmodule.ArchFixtureStray.class);
        assertTrue(m.contains("under no module's root"), m);
    }

    @Test
    void aPackageTooDeepIsSeen() {
        String m = violation(Architecture.PACKAGE_NAMES, dev.kensho.redis.kv.a.b.c.ArchFixtureDeep.class);
        assertTrue(m.contains("7 names deep"), m);
    }

    @Test
    void aLoopOfClassesInOnePackageIsSeen() {
        JavaClasses classes = new ClassFileImporter().importPackages("dev.kensho.reliability.arch.fixture.loop");
        var loops = ClassLoops.of(classes);
        assertEquals(1, loops.size(), loops.toString());
        assertEquals(java.util.Set.of("dev.kensho.reliability.arch.fixture.loop.Left",
                "dev.kensho.reliability.arch.fixture.loop.Middle", "dev.kensho.reliability.arch.fixture.loop.Right"),
                loops.get(0), "the leaf is outside the loop, the nested class counts as its owner");
        String m = assertThrows(AssertionError.class, () -> ClassLoops.check(classes, 0, 0)).getMessage();
        assertTrue(m.contains("class loops grew: 1 loops over 3 classes"), m);
        ClassLoops.check(classes, 1, 3); // at the limit: passes
    }
}
