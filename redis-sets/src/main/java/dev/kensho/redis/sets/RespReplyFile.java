package dev.kensho.redis.sets;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * The reply-to-a-file regime through the suite's own RESP reader, for a machine without {@code redis-cli}: what
 * redis-cli does for {@code redis-cli -h … -n … SINTER A B > reply}, without starting a process — open a connection
 * (TLS, {@code AUTH} and {@code SELECT} as the target needs them), send the command, copy the raw reply to the file
 * ({@link RespArrayCopy}: each member and a newline, the bytes redis-cli writes), close. A new connection per
 * command, as redis-cli makes one per run; the reply is copied as it arrives rather than read whole first, as
 * redis-cli does, so the two writers' times differ by that and by redis-cli's process start (a few milliseconds):
 * the report shows both where both ran.
 *
 * <p>{@link #check} (not timed) fails with one line unless the copy read a whole reply, whose element count equals
 * the expected cardinality, and the file holds exactly the expected members (count, digest; {@link RedisCliReply#read}).
 * The connection is read through a channel, so JMH's timeout interrupts a shot that waits on the server. The
 * password comes from the target's redis-cli environment and goes only into {@code AUTH}, never into a message.
 */
final class RespReplyFile implements ReplyFile {

    private final RedisTarget target;
    private final Path reply;
    private String command = "";
    private long elements = -1;
    private String failure;

    RespReplyFile(RedisTarget target, Path workDir) {
        this.target = target;
        this.reply = workDir.resolve("reply");
    }

    @Override
    public Path reply() {
        return reply;
    }

    @Override
    public int run(String... args) {
        command = String.join(" ", args);
        elements = -1;
        failure = null;
        try (Socket s = connect(); OutputStream file = Files.newOutputStream(reply)) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            handshake(in, out);
            out.write(encode(List.of(args)));
            out.flush();
            elements = RespArrayCopy.copy(in, file);
            return 0;
        } catch (ClosedByInterruptException e) {
            Thread.currentThread().interrupt(); // JMH's timeout interrupted the shot
            throw new TargetFailure("the suite's RESP writer: " + command + " against " + target.describe() + " was interrupted");
        } catch (IOException e) {
            failure = e instanceof RespArrayCopy.BadReply ? e.getMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
            return 1;
        }
    }

    @Override
    public void check(String what, long expected, long expectedDigest) {
        String who = "the suite's RESP writer (" + command + " against " + target.describe() + ", " + what + ")";
        if (failure != null) {
            throw new IllegalStateException("answer check failed: " + who + ": " + failure);
        }
        if (elements != expected) {
            throw new IllegalStateException("answer check failed: " + who + " read a reply of " + elements + " members, "
                    + "expected " + expected);
        }
        RedisCliReply.Members m = RedisCliReply.read(reply);
        if (!m.whole() || m.count() != expected) {
            throw new IllegalStateException("answer check failed: " + who + " read " + expected + " members but its file"
                    + " holds " + m.count() + (m.whole() ? "" : " and ends mid-line") + "; the file's first line: " + m.firstLine());
        }
        if (m.digest() != expectedDigest) {
            throw new IllegalStateException("answer check failed: " + who + " wrote " + expected
                    + " members but not the expected ones (digest mismatch); the file's first line: " + m.firstLine());
        }
    }

    @Override
    public void clean() {
        try {
            Files.deleteIfExists(reply);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A blocking socket over a channel: its reads time out (the target's socket timeout) and stop on interrupt. */
    private Socket connect() throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            Socket s = ch.socket();
            s.connect(new InetSocketAddress(target.host(), target.port()), (int) RedisTarget.CONNECT_TIMEOUT.toMillis());
            s.setSoTimeout((int) RedisTarget.SOCKET_TIMEOUT.toMillis());
            s.setTcpNoDelay(true);
            if (!target.tls()) {
                return s;
            }
            SSLSocket tls = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                    .createSocket(s, target.host(), target.port(), true);
            SSLParameters p = tls.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            tls.setSSLParameters(p);
            tls.startHandshake();
            return tls;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** {@code AUTH} and {@code SELECT} as redis-cli sends them for this target ({@code REDISCLI_AUTH}, {@code -n}). */
    private void handshake(InputStream in, OutputStream out) throws IOException {
        String password = target.cliEnvironment().get("REDISCLI_AUTH");
        if (password != null) {
            out.write(encode(target.user() == null ? List.of("AUTH", password) : List.of("AUTH", target.user(), password)));
            out.flush();
            expectOk(in, "AUTH");
        }
        if (target.database() != 0) {
            out.write(encode(List.of("SELECT", Integer.toString(target.database()))));
            out.flush();
            expectOk(in, "SELECT " + target.database());
        }
    }

    private static void expectOk(InputStream in, String what) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new RespArrayCopy.BadReply("the connection closed before " + what + " was answered");
            }
            line.write(b);
        }
        String answer = line.toString(StandardCharsets.UTF_8).strip();
        if (!answer.equals("+OK")) {
            throw new RespArrayCopy.BadReply(what + " was refused: " + answer);
        }
    }

    /** A command as a RESP array of bulk strings. */
    static byte[] encode(List<String> args) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        List<byte[]> parts = new ArrayList<>();
        args.forEach(a -> parts.add(a.getBytes(StandardCharsets.UTF_8)));
        b.writeBytes(("*" + parts.size() + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] p : parts) {
            b.writeBytes(("$" + p.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            b.writeBytes(p);
            b.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return b.toByteArray();
    }
}
