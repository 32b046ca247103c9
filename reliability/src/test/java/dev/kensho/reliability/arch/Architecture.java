package dev.kensho.reliability.arch;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import dev.kensho.common.Settings;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house rules of the whole suite, as ArchUnit rules that {@link ArchitectureTest} checks on every module's
 * main classes and {@link ArchitectureRulesFailTest} checks on deliberately wrong classes — a rule that cannot fail
 * proves nothing.
 *
 * <p>A module is known by its root package ({@link #MODULES}); what each module may name is {@link #MAY_NAME}. Both are
 * read from the checkout ({@link ModuleMap}): a new module is seen as soon as its folder has a pom and sources, and
 * may name what its pom depends on at compile scope.
 */
final class Architecture {

    /** The checkout's modules ({@link ModuleMap}): read from the module folders and their poms, not listed here. */
    static final ModuleMap CHECKOUT = ModuleMap.read(Settings.root());
    /** Root package → module. A class in no module's root belongs to no module and fails {@link #PACKAGE_NAMES}. */
    static final Map<String, String> MODULES = CHECKOUT.roots();
    /** Module → the modules it may name (besides itself and the JDK and libraries): its pom's compile dependencies. */
    static final Map<String, Set<String>> MAY_NAME = CHECKOUT.mayName();

    /** The modules that may name the launcher: itself, and the jar that starts it. */
    static final Set<String> LAUNCHER_NAMED_BY = Set.of("launcher", "benchmarks");

    /** Deepest package allowed, counted in names from {@code dev}: {@code dev.kensho.redis.kv.load} is 5. */
    static final int MAX_FLOORS = 6;

    private Architecture() {
    }

    /** The module a package belongs to: the longest listed root it lies in. */
    static Optional<String> moduleOf(String pkg) {
        return MODULES.entrySet().stream()
                .filter(e -> pkg.equals(e.getKey()) || pkg.startsWith(e.getKey() + "."))
                .max((a, b) -> Integer.compare(a.getKey().length(), b.getKey().length()))
                .map(Map.Entry::getValue);
    }

    /**
     * No cycle between any two packages of the suite. Every package is its own slice, root packages included
     * ({@code dev.kensho.common.(**)} would leave {@code dev.kensho.common} itself out of every slice).
     */
    static final ArchRule NO_PACKAGE_CYCLE = slices().matching("dev.kensho.(**)").namingSlices("$1")
            .should().beFreeOfCycles();

    /** Every class lies under a known module's root package, at most {@link #MAX_FLOORS} names deep. */
    static final ArchRule PACKAGE_NAMES = classes().that().resideInAPackage("dev.kensho..")
            .should(new ArchCondition<>("lie under a module's root package (" + String.join(", ", MODULES.keySet())
                    + "), at most " + MAX_FLOORS + " names deep") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    String pkg = c.getPackageName();
                    if (moduleOf(pkg).isEmpty()) {
                        events.add(SimpleConditionEvent.violated(c, c.getName() + " lies in " + pkg
                                + ", under no module's root: add the module to Architecture.MODULES and MAY_NAME"));
                    }
                    int floors = pkg.split("\\.").length;
                    if (floors > MAX_FLOORS) {
                        events.add(SimpleConditionEvent.violated(c, c.getName() + " lies " + floors + " names deep"));
                    }
                }
            });

    /** A module names only the modules {@link #MAY_NAME} allows it. */
    static final ArchRule MODULES_NAME_ONLY_THEIR_FLOORS = classes().that().resideInAPackage("dev.kensho..")
            .should(new ArchCondition<>("name only the modules below them (Architecture.MAY_NAME)") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    Optional<String> from = moduleOf(c.getPackageName());
                    if (from.isEmpty()) {
                        return; // PACKAGE_NAMES reports it
                    }
                    Set<String> allowed = MAY_NAME.getOrDefault(from.get(), Set.of());
                    for (Dependency d : c.getDirectDependenciesFromSelf()) {
                        Optional<String> to = moduleOf(d.getTargetClass().getPackageName());
                        if (to.isPresent() && !to.get().equals(from.get()) && !allowed.contains(to.get())) {
                            events.add(SimpleConditionEvent.violated(d, from.get() + " names " + to.get() + ": "
                                    + d.getDescription()));
                        }
                    }
                }
            });

    /**
     * No experiment names the launcher: a benchmark class implements {@code api} ({@code BenchmarkState},
     * {@code ParamRules}) and its {@code main} reaches the launcher through {@code api.Kensho}, which finds it at run
     * time. The launcher stands above the experiments; only {@code benchmarks} (the jar) names both.
     */
    static final ArchRule EXPERIMENTS_NEVER_NAME_THE_LAUNCHER = noClasses()
            .that(DescribedPredicate.describe("belong to a module below the launcher (an experiment, a target, api, ...)",
                    (JavaClass c) -> moduleOf(c.getPackageName()).map(m -> !LAUNCHER_NAMED_BY.contains(m)).orElse(false)))
            .should().dependOnClassesThat().resideInAPackage("dev.kensho.launcher..")
            .because("an experiment implements dev.kensho.api; the launcher is found at run time (Kensho.main)");

    /** The one base state of every benchmark ({@code api}): the JMH defaults and the trial's life cycle. */
    static final String BASE_STATE = "dev.kensho.api.BenchmarkState";

    /** Every class that declares a {@code @Benchmark} method is a {@link #BASE_STATE} (itself or through its module's base). */
    static final ArchRule EVERY_BENCHMARK_EXTENDS_THE_BASE = classes()
            .that(DescribedPredicate.describe("declare a @Benchmark method", (JavaClass c) -> c.getMethods().stream()
                    .anyMatch(m -> m.isAnnotatedWith("org.openjdk.jmh.annotations.Benchmark"))))
            .and().resideOutsideOfPackage("..jmh_generated..")
            .should().beAssignableTo(BASE_STATE)
            .because("the JMH defaults, the check of the case and the trial's life cycle are written once, in api");

    /**
     * The trial's life cycle is entered once: a {@link #BASE_STATE} declares the trial's {@code @Setup} and
     * {@code @TearDown}, and a subclass overrides {@code open} and {@code close} without them. JMH calls every
     * annotated method of the hierarchy, so one more at trial level would open or close the trial twice.
     */
    static final ArchRule LIFE_CYCLE_ENTERED_ONCE = classes().that().areAssignableTo(BASE_STATE)
            .and().doNotHaveFullyQualifiedName(BASE_STATE)
            .should(new ArchCondition<>("declare no trial-level @Setup or @TearDown (override open and close instead)") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    for (JavaMethod m : c.getMethods()) {
                        for (String helper : List.of("org.openjdk.jmh.annotations.Setup", "org.openjdk.jmh.annotations.TearDown")) {
                            m.tryGetAnnotationOfType(helper).ifPresent(a -> {
                                Object level = a.get("value").orElse(null);
                                String name = level instanceof JavaEnumConstant e ? e.name() : String.valueOf(level);
                                if (level == null || name.equals("Trial")) {
                                    events.add(SimpleConditionEvent.violated(m, m.getFullName() + " is a second trial-level "
                                            + helper.substring(helper.lastIndexOf('.') + 1) + " beside " + BASE_STATE + "'s"));
                                }
                            });
                        }
                    }
                }
            });

    /**
     * No class of ours opens another's private members ({@code setAccessible}): a library is used through what it documents
     * (Testcontainers' Ryuk through {@code TESTCONTAINERS_RYUK_DISABLED}, not its reaper's private field).
     */
    static final ArchRule NO_PRIVATE_ACCESS = noClasses().that().resideInAPackage("dev.kensho..")
            .and().resideOutsideOfPackage("..jmh_generated..") // JMH's own code, which fills @State fields
            .should().callMethodWhere(DescribedPredicate.describe("setAccessible",
                    call -> call.getTarget().getName().equals("setAccessible")
                            || call.getTarget().getName().equals("trySetAccessible")))
            .because("a library's private fields are not its interface");

    /** Classes of the suite (not of a library shaded beside them). */
    static final DescribedPredicate<JavaClass> SUITE = DescribedPredicate.describe("of the suite",
            c -> c.getPackageName().startsWith("dev.kensho"));
}
