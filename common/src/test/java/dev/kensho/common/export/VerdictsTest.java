package dev.kensho.common.export;

import dev.kensho.common.cpu.Bottleneck;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cpu.* rows of a case give the verdict of that case's other rows, and the CSV carries it. */
class VerdictsTest {

    private static Results.Row row(String params, String metric, double score, String source) {
        return new Results.Row("redis-kv", "KvBenchmark", "get", Map.of("clients", params), metric, score, 0.01,
                metric.startsWith("cpu.") ? "cores" : "ops/s", 10, source);
    }

    private static List<Results.Row> rows() {
        return List.of(
                row("100", "thrpt", 150_000, "jmh"),
                row("100", "cpu.server", 0.97, "jmh"), row("100", "cpu.server.limit", 1, "jmh"),
                row("100", "cpu.client", 0.95, "jmh"), row("100", "cpu.client.limit", 1.03, "jmh"),
                row("100", "records/s", 150_000, "derived"),
                row("100", "used_memory", 1e6, "recorded"),
                row("1", "thrpt", 20_000, "jmh"),
                row("1", "cpu.server", 0.2, "jmh"), row("1", "cpu.server.limit", 1, "jmh"),
                row("1", "cpu.client", 0.3, "jmh"), row("1", "cpu.client.limit", 1.8, "jmh"),
                row("1", "cpu.client.thread", 0.2, "jmh"), row("1", "cpu.other", 0.1, "jmh"),
                row("1", "cpu.machine.limit", 2, "jmh"),
                row("5", "thrpt", 90_000, "jmh"));
    }

    @Test
    void eachCaseGetsItsOwnVerdict() {
        List<Results.Row> rows = rows();
        Verdicts v = Verdicts.of(rows);
        assertEquals(Bottleneck.Kind.BOTH, v.of(rows.get(0)).kind());
        assertEquals(Bottleneck.Kind.BOTH, v.of(rows.get(5)).kind(), "a derived rate shares its result's verdict");
        assertNull(v.of(rows.get(1)), "the CPU rows themselves carry none");
        assertNull(v.of(rows.get(6)), "nor a recorded measurement");
        assertEquals(Bottleneck.Kind.NEITHER, v.of(rows.get(7)).kind());
        assertTrue(v.of(rows.get(7)).sentence().contains("busiest thread 0.20"), v.of(rows.get(7)).sentence());
        assertTrue(v.of(rows.get(7)).sentence().endsWith("other processes 0.10 ± 0.01 of the machine's 2.00 (5%)"),
                v.of(rows.get(7)).sentence());
        assertNull(v.of(rows.get(15)), "no CPU figures, no verdict");
        assertTrue(Verdicts.isPrimary(rows.get(0)));
    }

    @Test
    void csvHasTheVerdictAndItsFigures() {
        String csv = Export.csv(rows());
        List<String> lines = csv.lines().toList();
        assertTrue(lines.get(0).endsWith(",source,bottleneck,bottleneck_figures,profile"), lines.get(0));
        assertTrue(lines.get(1).contains(",jmh,server- and client-bound,server 0.97 ± 0.01 of 1.00 core it can use (97%); client 0.95 ± 0.01 of 1.03 cores left to it (92%)"),
                lines.get(1));
        assertTrue(lines.get(2).endsWith(",jmh,,,"), lines.get(2));
    }
}
