package dev.kensho.targets.kinesis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.KeyStore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connection set-up through the proxy pays the round trip: a TLS handshake on a new connection takes at
 * least one round trip for TCP plus the handshake's own (TLS 1.2: two, TLS 1.3: one). Lower bounds only —
 * the proxy can never deliver early; how much longer a loaded machine takes is not asserted.
 */
class DelayProxyTlsTest {

    private static final char[] PASS = "kensho".toCharArray();
    private static final double RTT_MS = 60;

    private static Path dir;
    private static SSLContext server;
    private static SSLContext client;
    private static SSLServerSocket listener;

    @BeforeAll
    static void tlsServer() throws Exception {
        dir = Files.createTempDirectory(Paths.get("target"), "tls-");
        Path ks = dir.resolve("server.p12");
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "s", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore", ks.toString(),
                "-storepass", new String(PASS)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "keytool: " + out);
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ks)) {
            store.load(in, PASS);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(store, PASS);
        server = SSLContext.getInstance("TLS");
        server.init(kmf.getKeyManagers(), null, null);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(store);
        client = SSLContext.getInstance("TLS");
        client.init(null, tmf.getTrustManagers(), null);
        listener = (SSLServerSocket) server.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!listener.isClosed()) {
                try {
                    SSLSocket s = (SSLSocket) listener.accept();
                    Thread c = new Thread(() -> {
                        try (s) {
                            s.startHandshake();
                            s.getOutputStream().write(s.getInputStream().read());
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
    static void stop() throws IOException {
        listener.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    /** ns from the start of connect to the end of the client's handshake, on a new connection and a new session. */
    private static long connectAndHandshake(DelayProxy p, String protocol) throws Exception {
        SSLContext fresh = SSLContext.getInstance("TLS"); // no session to resume: a full handshake
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve("server.p12"))) {
            store.load(in, PASS);
        }
        tmf.init(store);
        fresh.init(null, tmf.getTrustManagers(), null);
        long t0 = System.nanoTime();
        try (SSLSocket s = (SSLSocket) fresh.getSocketFactory().createSocket()) {
            s.setEnabledProtocols(new String[]{protocol});
            s.connect(new InetSocketAddress("127.0.0.1", p.port()), 5_000);
            s.setSoTimeout(30_000);
            s.startHandshake();
            long took = System.nanoTime() - t0;
            assertEquals(protocol, s.getSession().getProtocol());
            s.getOutputStream().write(7);
            assertEquals(7, s.getInputStream().read(), "the byte came back through the proxy");
            return took;
        }
    }

    @Test
    void aTls12HandshakeOnANewConnectionPaysThreeRoundTrips() throws Exception {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", listener.getLocalPort(), RTT_MS)) {
            long ns = connectAndHandshake(p, "TLSv1.2");
            assertTrue(ns >= 3 * RTT_MS * 1e6, "TCP + TLS 1.2 through a " + RTT_MS + " ms proxy took " + ns / 1e6 + " ms");
        }
    }

    @Test
    void aTls13HandshakeOnANewConnectionPaysTwoRoundTrips() throws Exception {
        try (DelayProxy p = DelayProxy.start("127.0.0.1", listener.getLocalPort(), RTT_MS)) {
            long ns = connectAndHandshake(p, "TLSv1.3");
            assertTrue(ns >= 2 * RTT_MS * 1e6, "TCP + TLS 1.3 through a " + RTT_MS + " ms proxy took " + ns / 1e6 + " ms");
        }
    }
}
