package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The proxy never delivers before the configured round trip, keeps order and forwards bytes intact. */
class DelayProxyTest {

    private static ServerSocket echo;

    @BeforeAll
    static void startEcho() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!echo.isClosed()) {
                try {
                    Socket s = echo.accept();
                    Thread c = new Thread(() -> {
                        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                            byte[] buf = new byte[8192];
                            int n;
                            while ((n = in.read(buf)) > 0) {
                                out.write(buf, 0, n);
                                out.flush();
                            }
                        } catch (IOException ignored) {
                            // client gone
                        }
                    });
                    c.setDaemon(true);
                    c.start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        t.setDaemon(true);
        t.start();
    }

    @AfterAll
    static void stopEcho() throws IOException {
        echo.close();
    }

    /**
     * Times of n 1-byte request/response exchanges through the proxy, in ns, from before the write to
     * after the read: each must be at least the round trip (every byte waits half of it each way).
     */
    private static long[] exchangeNanos(DelayProxy p, int n) throws IOException {
        long[] t = new long[n];
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress("127.0.0.1", p.port()), 2000);
            s.setSoTimeout(30_000);
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                s.getOutputStream().write(i);
                assertEquals(i, s.getInputStream().read(), "exchange " + i + " came back in order");
                t[i] = System.nanoTime() - t0;
            }
        }
        return t;
    }

    // Only lower bounds on time: the proxy can never deliver early, however loaded the machine; an upper
    // bound (it adds "about" the round trip) would be a speed assertion and flake on a busy machine.

    @Test
    void everyExchangeTakesAtLeastTheConfiguredRoundTrip() throws IOException {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 100)) {
            long[] t = exchangeNanos(p, 5);
            for (int i = 0; i < t.length; i++) {
                assertTrue(t[i] >= 100_000_000L, "exchange " + i + " through a 100 ms proxy took " + t[i] / 1e6 + " ms");
            }
        }
    }

    @Test
    void theFirstExchangeOnANewConnectionAlsoPaysTheConnectionSetUp() throws IOException {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 80)) {
            long t0 = System.nanoTime();
            try (Socket s = new Socket()) {
                s.setTcpNoDelay(true);
                s.connect(new InetSocketAddress("127.0.0.1", p.port()), 2000);
                s.setSoTimeout(30_000);
                s.getOutputStream().write(42);
                assertEquals(42, s.getInputStream().read());
            }
            long ns = System.nanoTime() - t0;
            assertTrue(ns >= 2 * 80_000_000L, "connect + first exchange through an 80 ms proxy took " + ns / 1e6 + " ms");
        }
    }

    @Test
    void theFirstByteOfALargePayloadWaitsTheRoundTripAndEveryByteArrivesIntactInOrder() throws IOException {
        byte[] data = new byte[3 * 1024 * 1024];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 50);
             Socket s = new Socket("127.0.0.1", p.port())) {
            s.setSoTimeout(60_000);
            Thread w = new Thread(() -> {
                try {
                    s.getOutputStream().write(data);
                } catch (IOException ignored) {
                    // asserted below
                }
            });
            long t0 = System.nanoTime();
            w.start();
            int first = s.getInputStream().read();
            long firstNanos = System.nanoTime() - t0;
            byte[] rest = s.getInputStream().readNBytes(data.length - 1);
            assertTrue(firstNanos >= 50_000_000L, "first byte back after " + firstNanos / 1e6 + " ms through a 50 ms proxy");
            assertEquals(data[0], (byte) first);
            assertArrayEquals(Arrays.copyOfRange(data, 1, data.length), rest);
            assertEquals(1, p.connections());
        }
    }

    @Test
    void zeroForwardsManySmallWritesInOrder() throws IOException {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 0);
             Socket s = new Socket("127.0.0.1", p.port())) {
            s.setTcpNoDelay(true);
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            int n = 2_000;
            for (int i = 0; i < n; i++) {
                out.write(new byte[]{(byte) (i >> 8), (byte) i}); // many separate writes: chunk boundaries vary
            }
            out.flush();
            byte[] back = s.getInputStream().readNBytes(2 * n);
            for (int i = 0; i < n; i++) {
                assertEquals(i, ((back[2 * i] & 0xff) << 8) | (back[2 * i + 1] & 0xff), "value " + i + " in order");
            }
        }
    }

    @Test
    void rejectsBadRoundTrips() {
        for (String bad : new String[]{"-1", "abc", "60001", "NaN"}) {
            BadInput e = assertThrows(BadInput.class, () -> DelayProxy.checkRoundTripMs("roundTripMs", bad));
            assertTrue(e.getMessage().startsWith("roundTripMs=" + bad), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
        assertEquals(320_000, DelayProxy.checkRoundTripMs("roundTripMs", "320"));
    }
}
