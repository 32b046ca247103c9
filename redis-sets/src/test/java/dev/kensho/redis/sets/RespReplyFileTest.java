package dev.kensho.redis.sets;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import dev.kensho.targets.redis.servers.ExternalRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's reply writer against a stand-in server that answers with a canned reply — whole, cut short, of the
 * wrong size, an error — and against a real redis-server: it checks its own answer, so a reply that is not the
 * expected one fails the case in one line.
 */
class RespReplyFileTest {

    /** A one-connection server on loopback: for each reply, reads a command and sends the reply; then closes. */
    private static final class CannedServer implements AutoCloseable {
        final ServerSocket socket;
        final CompletableFuture<List<String>> commands = new CompletableFuture<>();

        CannedServer(String... replies) throws IOException {
            socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Thread t = new Thread(() -> {
                List<String> seen = new ArrayList<>();
                try (Socket s = socket.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    byte[] buf = new byte[4096];
                    for (String reply : replies) {
                        int n = in.read(buf);
                        seen.add(new String(buf, 0, Math.max(n, 0), StandardCharsets.UTF_8));
                        out.write(reply.getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                    commands.complete(seen);
                } catch (IOException e) {
                    commands.completeExceptionally(e);
                }
            }, "canned-redis");
            t.setDaemon(true);
            t.start();
        }

        RedisTarget target(int db) {
            return ExternalRedis.parse("redis://127.0.0.1:" + socket.getLocalPort() + "/" + db); // no PING: not opened
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);

    private static long digestOf(String... members) {
        MemberDigest d = new MemberDigest();
        for (String m : members) {
            d.onValue(m.getBytes(StandardCharsets.US_ASCII));
        }
        return d.digest();
    }

    @Test
    void sendsTheCommandAndWritesTheWholeReply(@TempDir Path dir) throws Exception {
        try (CannedServer s = new CannedServer("*2\r\n$64\r\n" + A + "\r\n$64\r\n" + B + "\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(0), dir);
            assertEquals(0, w.run("SINTER", "k:0", "k:1"));
            assertEquals(List.of("*3\r\n$6\r\nSINTER\r\n$3\r\nk:0\r\n$3\r\nk:1\r\n"), s.commands.get());
            assertEquals(A + "\n" + B + "\n", Files.readString(w.reply()));
            w.check("SINTER", 2, digestOf(A, B)); // the answer checked: it passes
        }
    }

    @Test
    void selectsTheTargetsDatabaseFirstAndStopsWhenRefused(@TempDir Path dir) throws Exception {
        try (CannedServer s = new CannedServer("+OK\r\n", "*1\r\n$64\r\n" + A + "\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(3), dir);
            assertEquals(0, w.run("SDIFF", "k:0", "k:1"));
            assertEquals("*2\r\n$6\r\nSELECT\r\n$1\r\n3\r\n", s.commands.get().get(0));
            w.check("SDIFF", 1, digestOf(A));
        }
        try (CannedServer s = new CannedServer("-ERR DB index is out of range\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(3), dir);
            assertEquals(1, w.run("SDIFF", "k:0", "k:1"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SDIFF", 1, digestOf(A)));
            assertTrue(e.getMessage().endsWith("SELECT 3 was refused: -ERR DB index is out of range"), e.getMessage());
        }
    }

    @Test
    void aReplyCutShortFailsItsCheck(@TempDir Path dir) throws Exception {
        // the server closes after one of the two members it announced
        try (CannedServer s = new CannedServer("*2\r\n$64\r\n" + A + "\r\n$64\r\nbbbb")) {
            RespReplyFile w = new RespReplyFile(s.target(0), dir);
            assertEquals(1, w.run("SUNION", "k:0", "k:1"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SUNION", 2, digestOf(A, B)));
            assertTrue(e.getMessage().startsWith("answer check failed: the suite's RESP writer (SUNION k:0 k:1 against"), e.getMessage());
            assertTrue(e.getMessage().endsWith("the reply ended at element 2's bytes, after 1 of 2 elements (truncated)"), e.getMessage());
        }
    }

    @Test
    void aWholeReplyOfTheWrongSizeFailsItsCheck(@TempDir Path dir) throws Exception {
        try (CannedServer s = new CannedServer("*1\r\n$64\r\n" + A + "\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(0), dir);
            assertEquals(0, w.run("SINTER", "k:0", "k:1"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SINTER", 2, digestOf(A, B)));
            assertTrue(e.getMessage().endsWith("read a reply of 1 members, expected 2"), e.getMessage());
        }
    }

    @Test
    void theRightNumberOfOtherMembersFailsOnTheDigest(@TempDir Path dir) throws Exception {
        try (CannedServer s = new CannedServer("*2\r\n$64\r\n" + A + "\r\n$64\r\n" + A + "\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(0), dir);
            assertEquals(0, w.run("SINTER", "k:0", "k:1"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SINTER", 2, digestOf(A, B)));
            assertTrue(e.getMessage().contains("not the expected ones (digest mismatch)"), e.getMessage());
        }
    }

    @Test
    void anErrorReplyFailsWithTheServersWords(@TempDir Path dir) throws Exception {
        try (CannedServer s = new CannedServer("-WRONGTYPE Operation against a key holding the wrong kind of value\r\n")) {
            RespReplyFile w = new RespReplyFile(s.target(0), dir);
            assertEquals(1, w.run("SINTER", "k:0", "k:1"));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SINTER", 0, 0));
            assertTrue(e.getMessage().endsWith("the server answered with an error: WRONGTYPE Operation against a key holding"
                    + " the wrong kind of value"), e.getMessage());
        }
    }

    @Test
    void noServerFailsTheCheckNotTheRun(@TempDir Path dir) throws Exception {
        // port 1: nothing listens there (a closed test server's port could be handed to another test's server)
        RedisTarget gone = ExternalRedis.parse("redis://127.0.0.1:1/0");
        RespReplyFile w = new RespReplyFile(gone, dir);
        assertEquals(1, w.run("SINTER", "k:0", "k:1"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.check("SINTER", 0, 0));
        assertTrue(e.getMessage().contains("ConnectException"), e.getMessage());
    }

    @Test
    void onARealServerItWritesTheMembersAsRedisCliWould(@TempDir Path dir) throws Exception {
        try (RedisTarget t = RedisTargets.open(Map.of()); var j = t.jedis()) {
            String a = t.keyPrefix() + "s:resp-test:a";
            String b = t.keyPrefix() + "s:resp-test:b";
            try {
                j.sadd(a, A, B);
                j.sadd(b, B);
                RespReplyFile w = new RespReplyFile(t, dir);
                assertEquals(0, w.run("SDIFF", a, b));
                assertEquals(A + "\n", Files.readString(w.reply()));
                w.check("SDIFF", 1, digestOf(A));
                assertEquals(0, w.run("SINTER", a, t.keyPrefix() + "s:resp-test:none"));
                assertArrayEquals("\n".getBytes(StandardCharsets.US_ASCII), Files.readAllBytes(w.reply())); // the empty array
                w.check("SINTER", 0, 0);
                w.clean();
                assertTrue(Files.notExists(w.reply()));
            } finally {
                j.del(a, b);
            }
        }
    }
}
