package dev.kensho.reliability;

import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -Pbench} runs a module's benchmarks only when the module's own build (not one of its profiles)
 * names the exec plugin whose execution the parent configures: a module with benchmarks that lacks it
 * would be skipped without a word.
 */
class BenchProfileTest {

    private static final java.util.regex.Pattern BENCHMARK_ANNOTATION = java.util.regex.Pattern.compile("(?m)^\\s*@Benchmark\\b");

    @Test
    void everyModuleWithBenchmarksTakesPartInTheBenchProfile() throws Exception {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(Settings.root())) {
            for (Path d : dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).toList()) {
                boolean hasBenchmarks;
                try (Stream<Path> src = Files.exists(d.resolve("src/main/java")) ? Files.walk(d.resolve("src/main/java")) : Stream.empty()) {
                    hasBenchmarks = src.filter(p -> p.toString().endsWith(".java")).anyMatch(p -> {
                        try {
                            return BENCHMARK_ANNOTATION.matcher(Files.readString(p)).find(); // used on a method, not named in Javadoc
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                }
                String pom = Files.readString(d.resolve("pom.xml")).replaceAll("(?s)<profiles>.*</profiles>", "");
                if (hasBenchmarks && !pom.contains("<artifactId>exec-maven-plugin</artifactId>")) {
                    missing.add(d.getFileName().toString());
                }
            }
        }
        assertTrue(missing.isEmpty(), "modules with benchmarks that -Pbench would skip: " + missing);
    }
}
