package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.api.ParamRules;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.sets.calibration.Tools;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
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
import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reply-to-a-file regime on a real embedded redis-server at smoke size, through both writers: each operation's
 * reply file holds the answer worked out by hand from the layout (|A∩B| = s, |A∪B| = 2n − s, |A−B| = n − s), and a
 * reply that is cut short, an error reply or a writer that fails makes the case fail with one line — never a number.
 * The suite's writer runs everywhere; redis-cli's tests are skipped where it is not installed.
 */
class SetAlgebraCliBenchmarkTest {

    static final long USERS = 2_000;

    private static SetAlgebraCliBenchmark open(String op, String overlap) {
        Assumptions.assumeTrue(Tools.find(SetsSettings.REDIS_CLI).isPresent(), "redis-cli not installed (redis-tools): skipped");
        return open("REDIS_CLI", op, overlap);
    }

    private static SetAlgebraCliBenchmark open(String client, String op, String overlap) {
        SetAlgebraCliBenchmark b = new SetAlgebraCliBenchmark();
        b.open(Smoke.apply(b, "redisCli", Map.of("client", client, "op", op, "overlap", overlap, "users", Long.toString(USERS))));
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

    @ParameterizedTest
    @CsvSource({"SINTER,1,2000", "SINTER,0,0", "SUNION,1,2000", "SUNION,0,4000", "SDIFF,1,0", "SDIFF,0,2000"})
    void theSuitesWriterWritesTheSameAnswer(String op, String overlap, long members) throws Exception {
        SetAlgebraCliBenchmark b = open("SUITE_RESP", op, overlap);
        try {
            assertEquals(0, b.redisCli());
            Path reply = replyOf(b);
            // redis-cli's raw output, byte for byte: one 64-byte member and a newline each; an empty array one empty line
            assertEquals(members == 0 ? 1 : members * 65, Files.size(reply));
            assertEquals(members, RedisCliReply.read(reply).count());
            b.checkReply(); // the element count read, the file's count and digest (and, with redis-cli, its bytes)
            assertFalse(Files.exists(reply), "the reply is removed after its check");
        } finally {
            b.close();
        }
    }

    @Test
    void aTruncatedOrAlteredFileFailsTheSuitesWriter() throws Exception {
        SetAlgebraCliBenchmark b = open("SUITE_RESP", "SUNION", "0");
        try {
            b.redisCli();
            Path reply = replyOf(b);
            try (FileChannel c = FileChannel.open(reply, StandardOpenOption.WRITE)) {
                c.truncate(c.size() - 65); // the file lost its last member: the copy read 4000
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, b::checkReply);
            assertTrue(e.getMessage().contains("read 4000 members but its file holds 3999"), e.getMessage());

            b.redisCli();
            byte[] bytes = Files.readAllBytes(reply);
            bytes[0] = (byte) (bytes[0] == 'a' ? 'b' : 'a');
            Files.write(reply, bytes);
            e = assertThrows(IllegalStateException.class, b::checkReply);
            assertTrue(e.getMessage().contains("not the expected ones (digest mismatch)"), e.getMessage());
        } finally {
            b.close();
        }
    }

    @Test
    void theSuitesWriterMustWriteRedisClisBytes(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a");
        Path c = dir.resolve("c");
        Files.writeString(a, "x\ny\n");
        Files.writeString(c, "x\ny\n");
        assertEquals(4, SetAlgebraCliBenchmark.sameBytes(a, c, "SINTER a b"));
        Files.writeString(c, "y\nx\n"); // the same members in another order are other bytes
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> SetAlgebraCliBenchmark.sameBytes(a, c, "SINTER a b"));
        assertEquals("writer check failed: for SINTER a b the suite's RESP writer wrote 4 bytes and redis-cli 4 bytes, which"
                + " differ from byte 0 on: the suite's writer does not write what redis-cli writes", e.getMessage());
    }

    @Test
    void whereRedisCliRunsTooTheSuitesWriterIsCheckedAgainstIt(@TempDir Path dir) throws Exception {
        // a stand-in redis-cli that writes the file it is given: the suite's own reply, then one with a member changed
        Path canned = dir.resolve("canned");
        Path fake = dir.resolve("redis-cli");
        Files.writeString(fake, "#!/bin/sh\ncat " + canned + "\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        System.setProperty(SetsSettings.REDIS_CLI.key(), fake.toString());
        try {
            for (boolean altered : new boolean[]{false, true}) {
                SetAlgebraCliBenchmark b = open("SUITE_RESP", "SINTER", "1");
                try {
                    b.redisCli();
                    byte[] bytes = Files.readAllBytes(replyOf(b));
                    if (altered) { // the same members, two swapped: redis-cli's own check passes, the bytes differ
                        byte[] first = Arrays.copyOfRange(bytes, 0, 65);
                        System.arraycopy(bytes, 65, bytes, 0, 65);
                        System.arraycopy(first, 0, bytes, 65, 65);
                    }
                    Files.write(canned, bytes);
                    if (altered) {
                        IllegalStateException e = assertThrows(IllegalStateException.class, b::checkReply);
                        assertTrue(e.getMessage().startsWith("writer check failed: for SINTER "), e.getMessage());
                        assertTrue(e.getMessage().endsWith("the suite's writer does not write what redis-cli writes"), e.getMessage());
                    } else {
                        b.checkReply();
                        b.redisCli(); // once per trial: the next shot is not compared again
                        Files.writeString(canned, "nothing like it\n");
                        b.checkReply();
                    }
                } finally {
                    b.close();
                }
            }
        } finally {
            System.clearProperty(SetsSettings.REDIS_CLI.key());
        }
    }

    @Test
    void withoutRedisCliTheSuitesWriterMeasuresTheClaims() {
        ParamRules rules = SetAlgebraCliBenchmark.RULES;
        assertNull(rules.whyUnavailable("client", "SUITE_RESP"), "the suite's writer runs on every machine");
        if (Tools.find(SetsSettings.REDIS_CLI).isEmpty()) {
            assertEquals(SetAlgebraCliBenchmark.NO_REDIS_CLI, rules.whyUnavailable("client", "REDIS_CLI"));
        } else {
            assertNull(rules.whyUnavailable("client", "REDIS_CLI"));
        }
        assertNull(rules.whyClassUnavailable(), "the class itself never stops for a missing redis-cli");
        assertTrue(SetAlgebraCliBenchmark.NO_REDIS_CLI.contains("client=SUITE_RESP, the suite's own RESP reader,"
                + " measured the same regime") && SetAlgebraCliBenchmark.NO_REDIS_CLI.endsWith("apt-get install redis-tools"));
        assertThrows(BadInput.class, () -> rules.check("client", "JEDIS"));
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
        // only redis-cli holds the whole reply in memory; the suite's writer copies it through a buffer
        BadInput cli = assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.RULES.check(
                Map.of("users", "400000000", "memberBytes", "64", "client", "REDIS_CLI")));
        assertTrue(cli.getMessage().contains("(+ a 2×users reply held by redis-cli)"), cli.getMessage());
        BadInput resp = assertThrows(BadInput.class, () -> SetAlgebraCliBenchmark.RULES.check(
                Map.of("users", "400000000", "memberBytes", "64", "client", "SUITE_RESP")));
        assertFalse(resp.getMessage().contains("held by redis-cli"), resp.getMessage());
    }

    private static Path replyOf(SetAlgebraCliBenchmark b) {
        return b.reply();
    }
}
