package dev.kensho.reliability.arch;

import dev.kensho.common.SettingSources;
import dev.kensho.common.Settings;
import dev.kensho.report.Section;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two poms that must name every experiment (a module that registers a report {@code Section}) do: the jar's
 * ({@code benchmarks}, so it holds every benchmark) and this module's (so its rules and the settings check see the
 * module's classes). A new experiment forgotten in either fails here, naming the file.
 */
class ExperimentListsTest {

    /** The checkout's experiments: its modules that register a report section ({@code @AutoService(Section.class)}). */
    static List<String> experiments(Path root) {
        return ModuleMap.read(root).modules().stream()
                .filter(m -> !SettingSources.registering(root.resolve(m), Section.class).isEmpty()).toList();
    }

    /** The experiments {@code pom} does not depend on (by artifact, any scope). */
    static List<String> missing(String pom, List<String> experiments) {
        return experiments.stream().filter(m -> !pom.contains("<artifactId>kensho-" + m + "</artifactId>")).toList();
    }

    @Test
    void theJarAndTheRulesSeeEveryExperiment() throws IOException {
        Path root = Settings.root();
        List<String> experiments = experiments(root);
        assertTrue(experiments.containsAll(Set.of("redis-sets", "redis-kv", "redis-pubsub", "hbase-meter", "kinesis-batch")),
                experiments.toString());
        for (String pom : List.of("benchmarks/pom.xml", "reliability/pom.xml")) {
            assertEquals(List.of(), missing(Files.readString(root.resolve(pom)), experiments),
                    "experiments " + pom + " does not depend on");
        }
    }

    @Test
    void aPomWithoutAnExperimentIsSeen() {
        String pom = "<dependency><groupId>dev.kensho</groupId><artifactId>kensho-redis-kv</artifactId></dependency>";
        assertEquals(List.of("redis-sets"), missing(pom, List.of("redis-kv", "redis-sets")));
    }
}
