package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.sets.calibration.Tools;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.RedisTargets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The redis-cli regime on a real embedded redis-server at smoke size: each operation's reply file holds the
 * answer worked out by hand from the layout (|A∩B| = s, |A∪B| = 2n − s, |A−B| = n − s), and a reply that is cut
 * short, an error reply or a redis-cli that fails makes the case fail with one line — never a number.
 */
class SetAlgebraCliBenchmarkTest {

    static final long USERS = 2_000;

    private static SetAlgebraCliBenchmark open(String op, String overlap) {
        Assumptions.assumeTrue(Tools.find(SetsSettings.REDIS_CLI).isPresent(), "redis-cli not installed (redis-tools): skipped");
        SetAlgebraCliBenchmark b = new SetAlgebraCliBenchmark();
        b.open(Smoke.apply(b, "redisCli", Map.of("op", op, "overlap", overlap, "users", Long.toString(USERS))));
        return b;
    }

    @ParameterizedTest
    @CsvSource({"SINTER,1,2000", "SINTER,0,0", "SUNION,1,2000", "SUNION,0,4000", "SDIFF,1,0", "SDIFF,0,2000"})
    void theReplyFileHoldsTheAnswer(String op, String overlap, long members) throws Exception {
        SetAlgebraCliBenchmark b = open(op, overlap);
        try {
            assertEquals(0, b.redisCli());
            Path reply = replyOf(b);
            // raw output: one 64-byte member and a newline each; an empty array is one empty line
            assertEquals(members == 0 ? 1 : members * 65, Files.size(reply));
            assertEquals(members, RedisCliReply.read(reply).count());
            b.checkReply(); // exit status, count and digest of the members, or it throws
            assertFalse(Files.exists(reply), "the reply is removed after its check");
        } finally {
            b.close();
        }
    }

    @Test
    void aTruncatedReplyFailsTheCase() throws Exception {
        SetAlgebraCliBenchmark b = open("SUNION", "0");
        try {
            b.redisCli();
            Path reply = replyOf(b);
            try (FileChannel c = FileChannel.open(reply, StandardOpenOption.WRITE)) {
                c.truncate(c.size() - 100); // cut in the middle of a member's line
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, b::checkReply);
            assertTrue(e.getMessage().contains("ends mid-line after 3998 of 4000 members (truncated)"), e.getMessage());

            b.redisCli();
            try (FileChannel c = FileChannel.open(reply, StandardOpenOption.WRITE)) {
                c.truncate(c.size() - 65); // the last whole member gone: the file still ends with a newline
            }
            e = assertThrows(IllegalStateException.class, b::checkReply);
            assertTrue(e.getMessage().contains("wrote 3999 of 4000 members (truncated)"), e.getMessage());
        } finally {
            b.close();
        }
    }

    @Test
    void aReplyWithOtherMembersFailsOnItsDigest() throws Exception {
        SetAlgebraCliBenchmark b = open("SINTER", "1");
        try {
            b.redisCli();
            Path reply = replyOf(b);
            byte[] bytes = Files.readAllBytes(reply);
            bytes[0] = (byte) (bytes[0] == 'a' ? 'b' : 'a'); // one member changed, the count unchanged
            Files.write(reply, bytes);
            IllegalStateException e = assertThrows(IllegalStateException.class, b::checkReply);
            assertTrue(e.getMessage().contains("not the expected ones (digest mismatch)"), e.getMessage());
        } finally {
            b.close();
        }
    }

    @Test
    void aFailingRedisCliFailsWithItsStandardErrorLine(@TempDir Path dir) throws Exception {
        // a stand-in that writes part of a reply, complains on standard error and exits 1, as a dropped connection does
        Path fake = dir.resolve("redis-cli");
        Files.writeString(fake, "#!/bin/sh\nprintf 'a\\nb\\n'\necho 'Error: Server closed the connection' >&2\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        try (RedisTarget t = RedisTargets.open(Map.of())) {
            RedisCliReply cli = new RedisCliReply(fake, t, dir);
            assertEquals(1, cli.run("SINTER", "a", "b"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> cli.check("SINTER", 2, 0));
            assertTrue(e.getMessage().endsWith("exited with status 1: Error: Server closed the connection"), e.getMessage());

            // an error reply: redis-cli exits 0 and writes the error's text where the members should be
            Files.writeString(fake, "#!/bin/sh\nprintf 'WRONGTYPE Operation against a key holding the wrong kind of value\\n\\n'\n");
            assertEquals(0, cli.run("SINTER", "a", "b"));
            e = assertThrows(IllegalStateException.class, () -> cli.check("SINTER", 2000, 0));
            assertTrue(e.getMessage().contains("wrote 1 of 2000 members (truncated)"), e.getMessage());
            assertTrue(e.getMessage().contains("the reply's first line: WRONGTYPE Operation"), e.getMessage());
        }
    }

    @Test
    void readsRawRepliesAsRedisCliWritesThem(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("r");
        Files.writeString(f, "x\nz\ny\n", StandardCharsets.US_ASCII);
        assertEquals(3, RedisCliReply.read(f).count());
        assertTrue(RedisCliReply.read(f).whole());
        Files.writeString(f, "\n");
        assertEquals(0, RedisCliReply.read(f).count()); // the empty array
        assertTrue(RedisCliReply.read(f).whole());
        Files.writeString(f, "x\nz\ny");
        assertFalse(RedisCliReply.read(f).whole());
        Files.writeString(f, "");
        assertFalse(RedisCliReply.read(f).whole());
        assertEquals("(empty file)", RedisCliReply.read(f).firstLine());
        // the digest does not depend on the order redis-cli lists the members in
        Files.writeString(f, "y\nx\nz\n");
        long yxz = RedisCliReply.read(f).digest();
        Files.writeString(f, "x\nz\ny\n");
        assertEquals(yxz, RedisCliReply.read(f).digest());
    }

    @Test
    void sizesThatCannotFitStopInOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.RULES.check(
                Map.of("users", "400000000", "memberBytes", "64")));
        assertTrue(e.getMessage().startsWith("2 sets × users=400000000") && !e.getMessage().contains("\n"), e.getMessage());
        e = assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.requireDisk("a reply file", Long.MAX_VALUE / 2));
        assertTrue(e.getMessage().startsWith("a reply file needs ≈") && e.getMessage().contains("java.io.tmpdir"), e.getMessage());
        assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.RULES.check("op", "SMOVE"));
        assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.RULES.check("overlap", "2"));
    }

    @Test
    void withoutRedisCliTheClaimsAreNotMeasuredHere() {
        assertTrue(SetAlgebraCliBenchmark.NEEDS_REDIS_CLI.startsWith("not measured here: needs redis-tools"));
    }

    private static Path replyOf(SetAlgebraCliBenchmark b) {
        return b.reply();
    }
}
