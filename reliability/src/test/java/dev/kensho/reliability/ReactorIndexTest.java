package dev.kensho.reliability;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.launcher.ReactorIndex;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reactor index reads benchmark and parameter names from the sources (the Maven bench profile checks
 * names before later modules are compiled): it must list exactly what JMH compiled.
 */
class ReactorIndexTest {

    @Test
    void theSourceIndexEqualsJmhsCompiledLists() throws Exception {
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(Settings.root())) {
            modules = dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).toList();
        }
        Set<String> names = new TreeSet<>();
        Set<String> params = new TreeSet<>();
        for (Path m : modules) {
            Path list = m.resolve("target/classes/META-INF/BenchmarkList");
            if (!Files.exists(list)) {
                continue;
            }
            for (String line : Files.readAllLines(list)) {
                if (line.isBlank()) {
                    continue;
                }
                BenchmarkListEntry e = new BenchmarkListEntry(line);
                names.add(e.getUsername());
                if (e.getParams().hasValue()) {
                    params.addAll(e.getParams().get().keySet());
                }
            }
        }
        ReactorIndex index = ReactorIndex.of(modules);
        assertEquals(Set.of(), diff(index.benchmarks(), names), "read from the sources but not compiled by JMH");
        assertEquals(Set.of(), diff(names, index.benchmarks()), "compiled by JMH but not read from the sources");
        assertEquals(params, index.params());
    }

    private static Set<String> diff(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }

    @Test
    void unknownParametersAndRegexesAreRefused() throws Exception {
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(Settings.root())) {
            modules = dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).toList();
        }
        ReactorIndex index = ReactorIndex.of(modules);
        BadInput p = assertThrows(BadInput.class, () -> index.check(new String[]{"-p", "usres=5"}));
        assertTrue(p.getMessage().contains("did you mean users?"), p.getMessage());
        System.setProperty(Setting.BENCH.key(), "NoSuchBenchmark");
        try {
            BadInput r = assertThrows(BadInput.class, () -> index.check(new String[0]));
            assertTrue(r.getMessage().contains("matches no benchmark"), r.getMessage());
        } finally {
            System.clearProperty(Setting.BENCH.key());
        }
        index.check(new String[]{"-p", "users=5", "-p", "clients=100"}); // params of two modules: fine
    }
}
