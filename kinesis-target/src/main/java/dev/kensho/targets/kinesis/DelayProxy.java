package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on a free 127.0.0.1 port that delays every byte by half the configured round-trip time in
 * each direction, so a request/response call through it pays one round trip ({@code tc netem} is not
 * available on the machines this suite targets). Bandwidth is not limited and ordering is kept: each
 * chunk read from one side is written to the other no earlier than {@code readTime + rtt/2}.
 *
 * <p>Opening a connection pays the round trip too, as TCP's handshake does: the client's {@code connect}
 * returns at once on loopback, but nothing it sends is forwarded before one round trip after the accept
 * (the SYN / SYN-ACK exchange), and nothing the server sends first reaches the client before half of one.
 * A TLS handshake through the proxy therefore pays one round trip for TCP plus its own (two for a full
 * TLS 1.2 handshake, one for TLS 1.3) before the first request; a pooled, kept-alive connection pays
 * them once. A round trip of 0 forwards without any delay, so the same code path is measured at every
 * setting.
 * Benchmarks set the round trip through their own {@code roundTripMs} param.
 */
public final class DelayProxy implements AutoCloseable {

    /** Longest round trip accepted (one minute): longer is a typo, not a network. */
    public static final long RTT_MAX_MS = 60_000;

    private static final int CHUNK = 64 * 1024;
    private static final Chunk EOF = new Chunk(0, new byte[0], 0);

    private final InetSocketAddress upstream;
    private final long halfNanos;
    private final long roundTripMicros;
    private final ServerSocket server;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile boolean closed;

    private record Chunk(long due, byte[] data, int len) {
    }

    private DelayProxy(InetSocketAddress upstream, long roundTripMicros) throws IOException {
        this.upstream = upstream;
        this.roundTripMicros = roundTripMicros;
        this.halfNanos = roundTripMicros * 1000 / 2;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        Thread t = new Thread(this::acceptLoop, "kensho-delay-proxy-" + server.getLocalPort());
        t.setDaemon(true);
        t.start();
    }

    /** Checks a round trip in ms (what a {@code roundTripMs} param holds), one-line error otherwise. */
    public static long checkRoundTripMs(String name, String value) {
        try {
            double v = Double.parseDouble(value.trim());
            if (v >= 0 && v <= RTT_MAX_MS && !Double.isNaN(v)) {
                return Math.round(v * 1000);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw BadInput.of(name, value, "a round trip in milliseconds, 0 … " + RTT_MAX_MS);
    }

    /** A proxy to {@code host:port} adding {@code roundTripMs} (fractions allowed) to every call. */
    public static DelayProxy start(String host, int port, double roundTripMs) {
        long micros = checkRoundTripMs("roundTripMs", Double.toString(roundTripMs));
        try {
            return new DelayProxy(new InetSocketAddress(host, port), micros);
        } catch (IOException e) {
            throw new TargetFailure("delay proxy: cannot listen on 127.0.0.1 (" + e.getMessage() + ")");
        }
    }

    public int port() {
        return server.getLocalPort();
    }

    public String host() {
        return "127.0.0.1";
    }

    public double roundTripMs() {
        return roundTripMicros / 1000.0;
    }

    /** Connections accepted so far. */
    public long connections() {
        return connections.get();
    }

    /** Bytes forwarded so far, both directions. */
    public long bytesForwarded() {
        return bytes.get();
    }

    public String describe() {
        return "delay proxy 127.0.0.1:" + port() + " -> " + upstream.getHostString() + ":" + upstream.getPort()
                + " (+" + roundTripMs() + " ms per round trip)";
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            Socket up = new Socket();
            try {
                client.setTcpNoDelay(true);
                up.setTcpNoDelay(true);
                up.connect(upstream, 5_000);
            } catch (IOException e) {
                quietClose(client);
                quietClose(up);
                continue;
            }
            sockets.add(client);
            sockets.add(up);
            long accepted = System.nanoTime();
            pipe(client, up, "up", accepted + 2 * halfNanos); // the client's first byte leaves after SYN-ACK
            pipe(up, client, "down", accepted + halfNanos);    // the server accepted half a round trip in
        }
    }

    /**
     * One direction: a reader stamps chunks with their due time, a writer delivers them when due. A chunk
     * read before {@code notBefore} (the emulated connection set-up) leaves at {@code notBefore}.
     */
    private void pipe(Socket from, Socket to, String dir, long notBefore) {
        BlockingQueue<Chunk> q = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            byte[] buf = new byte[CHUNK];
            try (InputStream in = from.getInputStream()) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    q.add(new Chunk(Math.max(System.nanoTime(), notBefore) + halfNanos, Arrays.copyOf(buf, n), n));
                }
            } catch (IOException ignored) {
                // peer closed or reset: propagate as end of stream
            }
            q.add(EOF);
        }, "kensho-delay-proxy-" + dir + "-read");
        Thread writer = new Thread(() -> {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = q.take();
                    if (c == EOF) {
                        break;
                    }
                    long wait;
                    while ((wait = c.due - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(wait); // the emulated network's latency
                    }
                    out.write(c.data, 0, c.len);
                    bytes.addAndGet(c.len);
                }
                to.shutdownOutput();
                closeIfBothDone(from, to);
            } catch (IOException | InterruptedException e) {
                // one side is gone: end the connection in both directions
                quietClose(from);
                quietClose(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        }, "kensho-delay-proxy-" + dir + "-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private synchronized void closeIfBothDone(Socket a, Socket b) {
        if (b.isOutputShutdown() && a.isOutputShutdown()) {
            quietClose(a);
            quietClose(b);
            sockets.remove(a);
            sockets.remove(b);
        }
    }

    private static void quietClose(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        for (Socket s : sockets) {
            quietClose(s);
        }
        sockets.clear();
    }
}
