package dev.kensho.launcher;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchTurnsTest {

    private static final List<String> MODULES = List.of("redis-sets", "redis-kv", "hbase-meter");
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    @BeforeEach
    @AfterEach
    void forget() {
        BenchTurns.reset();
    }

    private static BenchTurns.Job job(String module) {
        return new BenchTurns.Job(module, List.of("java", "-cp", module + "/classes:x y", "dev.kensho.launcher.BenchMain", ""),
                Map.of("JDK_JAVA_OPTIONS", module.equals("hbase-meter") ? "--add-opens=java.base/java.lang=ALL-UNNAMED" : ""));
    }

    @Test
    void theLastModuleToArriveRunsEveryHeldRunInReactorOrder() {
        assertEquals(List.of(), BenchTurns.arrive(job("hbase-meter"), MODULES, out), "held: two modules still build");
        assertEquals(List.of(), BenchTurns.arrive(job("redis-sets"), MODULES, out));
        List<BenchTurns.Job> all = BenchTurns.arrive(job("redis-kv"), MODULES, out);
        assertEquals(List.of(job("redis-sets"), job("redis-kv"), job("hbase-meter")), all,
                "reactor order, not arrival order; each command and environment as it was held, empty values too");
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("kensho: hbase-meter: its benchmarks run when redis-sets, redis-kv have built"), text);
        assertTrue(text.contains("kensho: redis-sets: its benchmarks run when redis-kv has built"), text);
    }

    @Test
    void aModuleWhoseChecksFailedStopsEveryHeldRun() {
        assertEquals(List.of(), BenchTurns.arrive(job("redis-sets"), MODULES, out));
        BenchTurns.failed("redis-kv");
        assertEquals(List.of(), BenchTurns.arrive(job("hbase-meter"), MODULES, out), "nothing runs after a refusal");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("kensho: hbase-meter: its benchmarks are not run: redis-kv failed first"));
    }

    @Test
    void aBuildOfOneModuleRunsAtOnce() {
        assertEquals(List.of(job("redis-kv")), BenchTurns.arrive(job("redis-kv"), List.of("redis-kv"), out));
        assertEquals("", console.toString(StandardCharsets.UTF_8));
    }
}
