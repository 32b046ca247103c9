package dev.kensho.targets.kinesis;

import dev.kensho.common.TargetFailure;
import org.apache.http.HttpHost;
import org.apache.http.conn.socket.ConnectionSocketFactory;
import org.apache.http.conn.ssl.NoopHostnameVerifier;
import org.apache.http.conn.ssl.SSLConnectionSocketFactory;
import org.apache.http.protocol.HttpContext;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.LongAdder;

/**
 * The TLS socket factories of the suite's Kinesis clients: one per client, each with a new
 * {@link SSLContext}, so a client starts with no TLS session to resume (as a new process of the AWS CLI
 * does); optionally timing every connection's set-up (TCP connect + TLS handshake) and optionally
 * trusting exactly one certificate — the embedded emulator's own, never used for real AWS, whose
 * certificates go through the JDK's trust store and host-name check as usual.
 */
public final class TlsSockets {

    /** Connections made through the factories given this timer, and their set-up time in total. */
    public static final class Timer {
        private final LongAdder nanos = new LongAdder();
        private final LongAdder connections = new LongAdder();

        public long nanos() {
            return nanos.sum();
        }

        public long connections() {
            return connections.sum();
        }
    }

    private TlsSockets() {
    }

    /**
     * A socket factory for one client.
     *
     * @param pinned    the only certificate to trust (the suite's own server), or null for the JDK's trust store
     * @param protocols TLS versions to offer, or null for the JDK's defaults
     * @param timer     where to add each connection's set-up time, or null
     */
    static ConnectionSocketFactory factory(X509Certificate pinned, String[] protocols, Timer timer) {
        SSLContext ctx;
        try {
            ctx = SSLContext.getInstance("TLS");
            ctx.init(null, pinned == null ? null : new TrustManager[]{new Pinned(pinned)}, null);
        } catch (GeneralSecurityException e) {
            throw new TargetFailure("cannot create a TLS context (" + e.getMessage() + ")", e);
        }
        // With a pinned certificate the trust manager accepts that one certificate only, which says more
        // than a host-name match could (kinesalite's bundled certificate names "kinesalite", not 127.0.0.1).
        return new SSLConnectionSocketFactory(ctx, protocols, null,
                pinned == null ? SSLConnectionSocketFactory.getDefaultHostnameVerifier() : NoopHostnameVerifier.INSTANCE) {
            @Override
            public Socket connectSocket(int connectTimeout, Socket sock, HttpHost host, InetSocketAddress remote,
                                        InetSocketAddress local, HttpContext context) throws IOException {
                long t0 = System.nanoTime();
                Socket s = super.connectSocket(connectTimeout, sock, host, remote, local, context); // TCP + handshake
                if (timer != null) {
                    timer.nanos.add(System.nanoTime() - t0);
                    timer.connections.increment();
                }
                return s;
            }
        };
    }

    /**
     * Trusts one certificate, by equality, whatever its dates (kinesalite 3.3.3's bundled certificate
     * expired in 2018) — the certificate itself is the identity here.
     */
    private static final class Pinned extends X509ExtendedTrustManager {
        private final X509Certificate cert;

        Pinned(X509Certificate cert) {
            this.cert = cert;
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0 || !cert.equals(chain[0])) {
                throw new CertificateException("not the embedded emulator's certificate");
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("a client, not a server");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("a client, not a server");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("a client, not a server");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[]{cert};
        }
    }
}
