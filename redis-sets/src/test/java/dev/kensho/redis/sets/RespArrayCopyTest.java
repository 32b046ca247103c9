package dev.kensho.redis.sets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's RESP copy, fed by hand-written replies: a whole array becomes redis-cli's raw output (a member and a
 * newline each; an empty array one newline), and every reply that is not whole fails with one line saying where.
 */
class RespArrayCopyTest {

    private static String copy(String reply) throws IOException {
        return copy(new ByteArrayInputStream(reply.getBytes(StandardCharsets.UTF_8)));
    }

    private static String copy(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RespArrayCopy.copy(in, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesWhatRedisCliWritesToAFile() throws IOException {
        assertEquals("x\nzz\ny\n", copy("*3\r\n$1\r\nx\r\n$2\r\nzz\r\n$1\r\ny\r\n"));
        assertEquals("\n", copy("*0\r\n")); // the empty array: one empty line
        assertEquals("\n", copy("*1\r\n$0\r\n\r\n")); // an empty member: an empty line, as redis-cli writes it
        // a member with a CR or LF inside is copied raw, as redis-cli's raw output does
        assertEquals("a\r\nb\n", copy("*1\r\n$4\r\na\r\nb\r\n"));
    }

    @Test
    void countsTheElementsAndStopsAtTheReplysEnd() throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream("*2\r\n$1\r\na\r\n$1\r\nb\r\n+PONG\r\n".getBytes(StandardCharsets.US_ASCII));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(2, RespArrayCopy.copy(in, out));
        assertEquals("a\nb\n", out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void copiesRepliesLargerThanItsBuffersReadAFewBytesAtATime() throws IOException {
        int members = 5_000; // 64-byte members: ~355 KB of RESP, several 64 KiB buffers each way
        StringBuilder resp = new StringBuilder("*" + members + "\r\n");
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < members; i++) {
            String m = String.format("%064x", i);
            resp.append("$64\r\n").append(m).append("\r\n");
            expected.append(m).append('\n');
        }
        byte[] bytes = resp.toString().getBytes(StandardCharsets.US_ASCII);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 7)); // a socket hands over what has arrived
            }
        };
        assertEquals(expected.toString(), copy(trickle));
        assertEquals(expected.toString(), copy(new ByteArrayInputStream(bytes)));
        // one long member spanning buffers
        char[] big = new char[200_000];
        Arrays.fill(big, 'm');
        assertEquals(new String(big) + "\n", copy("*1\r\n$200000\r\n" + new String(big) + "\r\n"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = { // '"': the messages hold apostrophes
            // cut short: the stream ends inside the reply
            "\"\"|the reply ended at the reply's first byte (truncated)",
            "*3\\r\\n$1\\r\\na\\r\\n$1\\r\\nb\\r\\n|after 2 of 3 elements (truncated)",
            "*3\\r\\n$1\\r\\na\\r\\n$1\\r\\nb\\r\\n$1\\r\\n|after 2 of 3 elements (truncated)",
            "*2\\r\\n$64\\r\\nabc|the reply ended at element 1's bytes, after 0 of 2 elements (truncated)",
            "*2\\r|the reply ended at the reply's header (truncated)",
            // wrong: not a whole array of bulk strings
            "-WRONGTYPE Operation against a key holding the wrong kind of value\\r\\n|the server answered with an error: WRONGTYPE",
            "*-1\\r\\n|a null array",
            ":42\\r\\n|not an array reply: it starts with ':' 42",
            "*2\\r\\n$1\\r\\na\\r\\n:7\\r\\n|element 2 of 2 is not a bulk string",
            "*1\\r\\n$-1\\r\\n|element 1 of 1 is a null bulk string",
            "*1\\r\\n$2\\r\\nabc\\r\\n|element 1 of 1 does not end after its 2 bytes",
            "*x\\r\\n|the array's length is not a number: x",
            "*1\\r\\n$ab\\r\\n|element 1's length is not a number ended by CRLF (at 'a')",
            "*1\\r\\n$6\\n|element 1's length is not a number ended by CRLF (at byte 10)",
            "*1\\n$1\\r\\na\\r\\n|the reply's header is not a RESP line (no CRLF)",
    })
    void aReplyThatIsNotWholeFailsSayingWhere(String reply, String message) {
        String r = reply.replace("\\r", "\r").replace("\\n", "\n");
        RespArrayCopy.BadReply e = assertThrows(RespArrayCopy.BadReply.class, () -> copy(r));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }
}
