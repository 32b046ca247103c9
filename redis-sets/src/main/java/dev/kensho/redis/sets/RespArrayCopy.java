package dev.kensho.redis.sets;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies one RESP2 reply — an array of bulk strings, what {@code SINTER}/{@code SUNION}/{@code SDIFF} answer — from
 * the server's stream to a file, byte for byte as {@code redis-cli} writes a reply to a file (its raw output): each
 * member's bytes and a newline; an empty array as one newline. Nothing of the reply is kept: it is copied as it
 * arrives, through one 64 KiB buffer each way, and the elements are counted, which is how the copy knows where the
 * reply ends (the array's header gives their number).
 *
 * <p>Anything but a whole array of bulk strings fails with one line ({@link BadReply}) — an error reply, a null,
 * another type, a length or line ending that is not RESP's, a stream that ends before the reply does (truncated) —
 * so no number is kept from a reply that was not whole. Only the framing is checked here; that the reply holds the
 * expected members is the caller's check ({@link RespReplyFile#check}).
 */
final class RespArrayCopy {

    /** A reply that is not a whole RESP array of bulk strings: one line saying where it went wrong. */
    static final class BadReply extends IOException {
        BadReply(String message) {
            super(message);
        }
    }

    private static final int BUFFER = 1 << 16;

    private final InputStream in;
    private final OutputStream out;
    private final byte[] ib = new byte[BUFFER];
    private final byte[] ob = new byte[BUFFER];
    private int pos;
    private int limit;
    private int opos;
    private long elements = -1;
    private long copied;

    private RespArrayCopy(InputStream in, OutputStream out) {
        this.in = in;
        this.out = out;
    }

    /**
     * Reads one array reply from {@code in} and writes it to {@code out} as redis-cli's raw output; returns its
     * number of elements. {@code out} is flushed, not closed. Throws {@link BadReply} for a reply that is not whole.
     */
    static long copy(InputStream in, OutputStream out) throws IOException {
        return new RespArrayCopy(in, out).run();
    }

    private long run() throws IOException {
        int type = next("the reply's first byte");
        String header = line("the reply's header");
        if (type == '-') {
            throw new BadReply("the server answered with an error: " + header);
        }
        if (type != '*') {
            throw new BadReply("not an array reply: it starts with " + shown(type) + header);
        }
        elements = number(header, "the array's length");
        if (elements < 0) {
            throw new BadReply("a null array (*" + header + "), not a set's members");
        }
        for (long i = 0; i < elements; i++) {
            int t = next("element " + (i + 1));
            if (t != '$') {
                throw new BadReply("element " + (i + 1) + " of " + elements + " is not a bulk string: it starts with "
                        + shown(t) + line("element " + (i + 1)));
            }
            long n = length(i);
            if (n < 0) {
                throw new BadReply("element " + (i + 1) + " of " + elements + " is a null bulk string, not a member");
            }
            body(n, i);
            put((byte) '\n');
            copied++;
        }
        if (elements == 0) {
            put((byte) '\n'); // redis-cli writes an empty array as one empty line
        }
        out.write(ob, 0, opos);
        opos = 0;
        out.flush();
        return elements;
    }

    /** Copies an element's {@code n} bytes and checks the CRLF after them. */
    private void body(long n, long i) throws IOException {
        long left = n;
        while (left > 0) {
            if (pos == limit) {
                fill("element " + (i + 1) + "'s bytes");
            }
            int chunk = (int) Math.min(left, limit - pos); // at most one buffer: it fits an emptied ob
            if (opos + chunk > ob.length) {
                out.write(ob, 0, opos);
                opos = 0;
            }
            System.arraycopy(ib, pos, ob, opos, chunk);
            opos += chunk;
            pos += chunk;
            left -= chunk;
        }
        if (next("the end of element " + (i + 1)) != '\r' || next("the end of element " + (i + 1)) != '\n') {
            throw new BadReply("element " + (i + 1) + " of " + elements + " does not end after its " + n
                    + " bytes (no CRLF there): the length and the bytes disagree");
        }
    }

    /**
     * A bulk string's length, "-1" or digits up to CRLF, read without building a string (once per member: a 20M-member
     * reply has 20M of them).
     */
    private long length(long i) throws IOException {
        String what = "element " + (i + 1) + "'s length";
        int b = pos < limit ? ib[pos++] & 0xff : next(what);
        boolean negative = b == '-';
        if (negative) {
            b = next(what);
        }
        long n = 0;
        int digits = 0;
        for (; b >= '0' && b <= '9' && digits < 18; b = pos < limit ? ib[pos++] & 0xff : next(what), digits++) {
            n = n * 10 + (b - '0');
        }
        if (digits == 0 || b != '\r' || next(what) != '\n') {
            throw new BadReply(what + " is not a number ended by CRLF (at " + shown(b).strip() + ")");
        }
        return negative ? -n : n;
    }

    /** The next byte of the reply. */
    private int next(String what) throws IOException {
        if (pos == limit) {
            fill(what);
        }
        return ib[pos++] & 0xff;
    }

    /** The rest of a header line, up to its CRLF (a header is short: a type's digits or an error's text). */
    private String line(String what) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int b = next(what); b != '\r'; b = next(what)) {
            if (b == '\n' || sb.length() > 4096) {
                throw new BadReply(what + " is not a RESP line (no CRLF): " + shorten(sb.toString()));
            }
            sb.append((char) b);
        }
        if (next(what) != '\n') {
            throw new BadReply(what + " is not a RESP line (CR without LF): " + shorten(sb.toString()));
        }
        return new String(sb.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private void fill(String what) throws IOException {
        int n = in.read(ib, 0, ib.length);
        if (n < 0) {
            throw new BadReply("the reply ended at " + what + (elements < 0 ? "" : ", after " + copied + " of "
                    + elements + " elements") + " (truncated)");
        }
        pos = 0;
        limit = n;
    }

    private void put(byte b) throws IOException {
        if (opos == ob.length) {
            out.write(ob, 0, opos);
            opos = 0;
        }
        ob[opos++] = b;
    }

    private static long number(String s, String what) throws BadReply {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new BadReply(what + " is not a number: " + shorten(s));
        }
    }

    private static String shown(int type) {
        return type >= 0x20 && type < 0x7f ? "'" + (char) type + "' " : "byte " + type + " ";
    }

    private static String shorten(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }
}
