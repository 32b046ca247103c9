package dev.kensho.targets.redis.cli;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's side of {@code redis-cli --pipe} against a stub executable, so it is checked on a machine without
 * redis-tools: the RESP file it writes reaches the tool's standard input byte for byte, the command line names the
 * target, and redis-cli's summary decides — errors, a reply count that is not the commands', or a failed exit each
 * fail the run in one line. The real tool loads real data in redis-sets' import test where it is installed.
 */
// alone in its JVM: it writes stub executables and runs them, and a fork by a test beside it would inherit the open
// file and make exec fail with ETXTBSY ("Text file busy")
@Isolated
class RedisCliPipeTest {

    /** A stub that keeps its arguments and standard input, prints {@code summary} and exits {@code status}. */
    private static Path stub(Path dir, String summary, int status) throws Exception {
        Path s = dir.resolve("redis-cli");
        Files.writeString(s, String.join("\n",
                "#!/bin/sh",
                "echo \"$@\" > '" + dir.resolve("args") + "'",
                "cat > '" + dir.resolve("stdin") + "'",
                "echo 'All data transferred. Waiting for the last reply...'",
                "echo '" + summary + "'",
                "exit " + status, ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rwxr-xr-x"));
        return s;
    }

    /** Three SADDs written by the suite's RESP writer. */
    private static Path commands(Path dir) throws Exception {
        Path f = dir.resolve("commands.resp");
        try (RedisCliPipe.Writer w = new RedisCliPipe.Writer(f)) {
            for (int i = 0; i < 3; i++) {
                w.command("SADD".getBytes(StandardCharsets.US_ASCII), ("kensho:s" + i).getBytes(StandardCharsets.US_ASCII),
                        ("m" + i).getBytes(StandardCharsets.US_ASCII));
            }
            assertEquals(3, w.count());
        }
        return f;
    }

    @Test
    void theFileReachesTheToolAndItsSummaryIsRead(@TempDir Path dir) throws Exception {
        Path f = commands(dir);
        assertTrue(Files.readString(f, StandardCharsets.US_ASCII).startsWith("*3\r\n$4\r\nSADD\r\n$9\r\nkensho:s0\r\n$2\r\nm0\r\n*3\r\n"),
                "RESP, every line CRLF-terminated");
        Path cli = stub(dir, "errors: 0, replies: 3", 0);
        try (RedisTarget t = RedisTargets.open(Map.of())) {
            assertEquals(3, new RedisCliPipe(cli, f, 3).run(t, dir));
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(dir.resolve("stdin")), "the file on its standard input");
            String args = " " + Files.readString(dir.resolve("args")).strip() + " ";
            for (String a : new String[]{"-h 127.0.0.1", "-p " + t.port(), "-n " + t.database(), "--pipe"}) {
                assertTrue(args.contains(" " + a + " "), a + " in: " + args);
            }
            assertFalse(args.contains("--tls"), args);
        }
    }

    @Test
    void errorsAMissingReplyOrAFailedExitFailTheRunInOneLine(@TempDir Path dir) throws Exception {
        Path f = commands(dir);
        try (RedisTarget t = RedisTargets.open(Map.of())) {
            for (Object[] c : new Object[][]{{"errors: 1, replies: 3", 0, "errors 1, replies 3 of 3"},
                    {"errors: 0, replies: 2", 0, "errors 0, replies 2 of 3"},
                    {"errors: 0, replies: 3", 1, "exit 1, errors 0, replies 3 of 3"},
                    {"Error: Connection refused", 1, "exit 1, errors -1, replies -1 of 3"}}) {
                Path cli = stub(dir, (String) c[0], (Integer) c[1]);
                TargetFailure e = assertThrows(TargetFailure.class, () -> new RedisCliPipe(cli, f, 3).run(t, dir), (String) c[0]);
                assertTrue(e.getMessage().startsWith("redis-cli --pipe against " + t.describe() + " failed: "), e.getMessage());
                assertTrue(e.getMessage().contains((String) c[2]), c[2] + " in: " + e.getMessage());
                assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            }
        }
    }
}
