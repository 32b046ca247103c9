package dev.kensho.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsoleFilterTest {

    @Test
    void aStackTraceGoesToTheLogNotTheConsole(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path log = dir.resolve("jmh").resolve("X.log");
        try (ConsoleFilter f = ConsoleFilter.open(log, new PrintStream(console, true, StandardCharsets.UTF_8))) {
            PrintStream out = f.stream();
            out.print("Iteration   1: ");
            out.flush();
            out.println("<failure>");
            out.println();
            out.println("dev.kensho.common.TargetFailure: external redis redis://h:1/0: cannot connect");
            out.println("\tat dev.kensho.targets.redis.RedisTarget.jedis(RedisTarget.java:103)");
            out.println("Caused by: java.net.ConnectException: refused");
            out.println("\tat java.base/sun.nio.ch.Net.connect(Net.java:579)");
            out.println("\t... 12 more");
            out.println("# Run complete.");
        }
        String shown = console.toString(StandardCharsets.UTF_8);
        assertTrue(shown.contains("Iteration   1: <failure>"), shown);
        assertTrue(shown.contains("# Run complete."), shown);
        assertFalse(shown.contains("\tat ") || shown.contains("Caused by") || shown.contains("12 more"), shown);
        assertEquals(1, shown.lines().filter(l -> l.contains("stack trace in " + log)).count(), shown);
        String kept = Files.readString(log);
        assertTrue(kept.contains("Caused by: java.net.ConnectException") && kept.contains("RedisTarget.java:103"), kept);
    }
}
