package dev.kensho.common.net;

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

/** The proxy adds the configured round trip (measured, with a tolerance) and forwards bytes intact. */
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

    /** Median time of a 1-byte request/response exchange through the proxy, in ms. */
    private static double medianRoundTripMs(DelayProxy p, int n) throws IOException {
        double[] t = new double[n];
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress("127.0.0.1", p.port()), 2000);
            s.setSoTimeout(5000);
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                s.getOutputStream().write(i);
                assertEquals(i, s.getInputStream().read());
                t[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        Arrays.sort(t);
        return t[n / 2];
    }

    @Test
    void addsTheConfiguredRoundTrip() throws IOException {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 100)) {
            double ms = medianRoundTripMs(p, 7);
            assertTrue(ms >= 98 && ms < 160, "median round trip through a 100 ms proxy was " + ms + " ms");
        }
    }

    @Test
    void zeroAddsAlmostNothing() throws IOException {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 0)) {
            double ms = medianRoundTripMs(p, 21);
            assertTrue(ms < 20, "median round trip through a 0 ms proxy was " + ms + " ms");
        }
    }

    @Test
    void forwardsLargePayloadsIntactAndPipelined() throws IOException {
        byte[] data = new byte[3 * 1024 * 1024];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        try (DelayProxy p = DelayProxy.start("127.0.0.1", echo.getLocalPort(), 50);
             Socket s = new Socket("127.0.0.1", p.port())) {
            s.setSoTimeout(10_000);
            Thread w = new Thread(() -> {
                try {
                    s.getOutputStream().write(data);
                } catch (IOException ignored) {
                    // asserted below
                }
            });
            long t0 = System.nanoTime();
            w.start();
            byte[] back = s.getInputStream().readNBytes(data.length);
            double ms = (System.nanoTime() - t0) / 1e6;
            assertArrayEquals(data, back);
            // one round trip of latency, not one per chunk
            assertTrue(ms < 2_000, "3 MiB through a 50 ms proxy took " + ms + " ms");
            assertEquals(1, p.connections());
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
