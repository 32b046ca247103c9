package dev.kensho.targets.kinesis;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.kinesis.DelayProxy;
import dev.kensho.common.targets.Target;
import org.apache.http.conn.socket.ConnectionSocketFactory;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.SdkSystemSetting;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.KinesisClientBuilder;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Kinesis endpoint to benchmark: the embedded emulator (default), real AWS or an external endpoint,
 * or LocalStack in a container. Obtain one with {@link KinesisTargets#open()}. Clients come from here so
 * every benchmark gets the same HTTP client, timeouts and protocol (CBOR off for kinesalite), and so a
 * {@link DelayProxy} can be put in front of any of them. Streams are created and deleted only through
 * {@link #streams()}, which touches nothing outside the suite's prefix.
 */
public abstract class KinesisTarget implements Target {


    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(60);

    private final List<KinesisClient> clients = new ArrayList<>();
    private final List<DelayProxy> proxies = new ArrayList<>();
    private KinesisStreams streams;

    public abstract Kind kind();

    /** The endpoint to override the SDK's with, or null for the region's AWS endpoint. */
    public abstract URI endpoint();

    public abstract Region region();

    /** Credentials; the provider is handed to the SDK only, never printed or recorded. */
    protected abstract AwsCredentialsProvider credentials();

    /** Whether the SDK may use CBOR (kinesalite needs it off). */
    public abstract boolean cbor();

    /** A description safe to print and record (no credentials). */
    public abstract String describe();

    /** Version and configuration of the server, for the run's servers.jsonl. */
    public abstract Map<String, Object> serverInfo();



    public synchronized KinesisStreams streams() {
        if (streams == null) {
            streams = new KinesisStreams(client());
        }
        return streams;
    }

    /** A client straight to the endpoint (stream management, read-back). Closed with the target. */
    public KinesisClient client() {
        return client(null, List.of());
    }

    /** A client through {@code proxy} (null: direct), with optional interceptors (tests only). */
    public synchronized KinesisClient client(DelayProxy proxy, List<ExecutionInterceptor> interceptors) {
        KinesisClient c = build(proxy, interceptors, pinnedCertificate() == null ? null
                : TlsSockets.factory(pinnedCertificate(), null, null));
        clients.add(c);
        return c;
    }

    /** True when calls to this endpoint go over TLS (real AWS, an https endpoint, the embedded emulator started with TLS). */
    public boolean tls() {
        URI ep = endpoint();
        return ep == null || "https".equals(ep.getScheme());
    }

    /**
     * A new client with its own HTTP client and TLS context, through {@code proxy}: its first call opens
     * a new connection and makes a full TLS handshake ({@link #FRESH_TLS_PROTOCOLS}), as a new process of
     * the AWS CLI does. Not kept by the target: the caller closes it. Each connection's set-up time is
     * added to {@code timer}.
     */
    public KinesisClient freshTlsClient(DelayProxy proxy, TlsSockets.Timer timer) {
        if (!tls()) {
            throw new IllegalStateException(describe() + " is not served over TLS");
        }
        return build(proxy, List.of(), TlsSockets.factory(pinnedCertificate(), FRESH_TLS_PROTOCOLS, timer));
    }

    /**
     * What a fresh client offers: TLS 1.2 only (a full handshake is two round trips), as the 2014 AWS CLI
     * (Python 2 with the OpenSSL 1.0.1 of its day) could — an inference: the write-up names no version.
     */
    public static final String[] FRESH_TLS_PROTOCOLS = {"TLSv1.2"};

    /** The one certificate to trust when the suite serves TLS itself (the embedded emulator), else null. */
    protected X509Certificate pinnedCertificate() {
        return null;
    }

    private KinesisClient build(DelayProxy proxy, List<ExecutionInterceptor> interceptors,
                                ConnectionSocketFactory tlsSockets) {
        if (!cbor()) {
            // read when the client marshals; kinesalite 3.3.3 answers CBOR with errors
            System.setProperty(SdkSystemSetting.CBOR_ENABLED.property(), "false");
        }
        ApacheHttpClient.Builder http = ApacheHttpClient.builder()
                .maxConnections(256)
                .connectionTimeout(CONNECT_TIMEOUT)
                .socketTimeout(SOCKET_TIMEOUT);
        if (tlsSockets != null) {
            http.socketFactory(tlsSockets);
        }
        KinesisClientBuilder b = KinesisClient.builder()
                .region(region())
                .credentialsProvider(credentials())
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .apiCallTimeout(Duration.ofMinutes(2))
                        .executionInterceptors(interceptors)
                        .build());
        URI ep = endpoint();
        if (proxy != null) {
            if (ep != null) {
                ep = URI.create(ep.getScheme() + "://127.0.0.1:" + proxy.port());
            } else {
                // real AWS over TLS: keep the host name (certificate, SNI, signature), resolve it to the
                // proxy. The port moves to the proxy's. Unverified here (no AWS account on this machine).
                String host = "kinesis." + region().id() + ".amazonaws.com";
                ep = URI.create("https://" + host + ":" + proxy.port());
                http.dnsResolver(h -> {
                    if (h.equalsIgnoreCase(host)) {
                        return new InetAddress[]{InetAddress.getLoopbackAddress()};
                    }
                    return InetAddress.getAllByName(h);
                });
            }
        }
        if (ep != null) {
            b.endpointOverride(ep);
        }
        return b.httpClientBuilder(http).build();
    }

    /** A {@link DelayProxy} in front of this endpoint adding {@code roundTripMs} per call. Closed with the target. */
    public synchronized DelayProxy proxy(double roundTripMs) {
        URI ep = endpoint();
        String host;
        int port;
        if (ep != null) {
            host = ep.getHost();
            port = ep.getPort() != -1 ? ep.getPort() : ep.getScheme().equals("https") ? 443 : 80;
        } else {
            host = "kinesis." + region().id() + ".amazonaws.com";
            port = 443;
            try {
                InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new TargetFailure(describe() + ": cannot resolve " + host + " for the delay proxy");
            }
        }
        DelayProxy p = DelayProxy.start(host, port, roundTripMs);
        proxies.add(p);
        return p;
    }

    protected Map<String, Object> baseInfo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", describe());
        m.put("kind", kind().name().toLowerCase(Locale.ROOT));
        m.put("region", region().id());
        m.put("cbor", cbor());
        return m;
    }

    @Override
    public synchronized void close() {
        for (KinesisClient c : clients) {
            try {
                c.close();
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        }
        clients.clear();
        proxies.forEach(DelayProxy::close);
        proxies.clear();
    }
}
