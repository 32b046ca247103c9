package dev.kensho.targets.kinesis;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.ProcessCpu;
import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The default target: kinesalite (in-memory, pinned by {@code kinesis-target/package.json} and its lockfile,
 * installed by the build with {@code npm ci}) run by Node as a child process bound to 127.0.0.1 on a free
 * port — kinesalite's own CLI binds every interface, so we start it through a two-line script that passes
 * the host. Stream creation and deletion are instant ({@code createStreamMs=0}). Dies with the JVM
 * (see {@link ChildProcess}); one per JMH fork. Node and the installed emulator are found by {@link KinesaliteInstall}.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@link KinesisSettings#NODE}</td><td>node (on the PATH)</td><td>the Node.js executable</td></tr>
 * <tr><td>{@link KinesisSettings#NODE_MODULES}</td><td>&lt;repo&gt;/kinesis-target/node_modules</td><td>where npm ci installed kinesalite</td></tr>
 * </table>
 *
 * <p>Why kinesalite and not kinesis-local (kinesis-mock): kinesis-local's PutRecords slows as the stream
 * fills (0.2 s → 8 s per call after ~10k records), which would make the batch-size sweep measure the
 * emulator; kinesalite stays flat. Neither enforces the 5 MiB per call or the per-shard throughput
 * limits: the client must (see kinesis-batch's batcher).
 */
public final class EmbeddedKinesis extends KinesisTarget {
    public static final String NODE_DEFAULT = "node";
    public static final String EMULATOR = "kinesalite";

    // argv: <kinesalite dir> <options JSON>. Binds to 127.0.0.1 only.
    private static final String LAUNCHER = String.join("\n",
            "var opts = JSON.parse(process.argv[3]);",
            "var server = require(process.argv[2])(opts).listen(opts.port, '127.0.0.1', function () {",
            "  var a = server.address();",
            "  console.log('kensho: kinesalite listening on ' + a.address + ':' + a.port);",
            "});",
            "server.on('error', function (e) { console.error('kensho: ' + e.message); process.exit(3); });",
            "");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChildProcess process;
    private final Path dir;
    private final int port;
    private final String version;
    private final String nodeVersion;
    private final Map<String, Object> options;
    private final X509Certificate certificate;
    private ServerCpu.Registration cpu = () -> { };

    private EmbeddedKinesis(ChildProcess process, Path dir, int port, String version, String nodeVersion,
                            Map<String, Object> options, X509Certificate certificate) {
        this.certificate = certificate;
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.version = version;
        this.nodeVersion = nodeVersion;
        this.options = options;
    }

    public static EmbeddedKinesis start() {
        return start(false);
    }

    /**
     * With {@code tls}, kinesalite serves HTTPS ({@code ssl: true}) with the key and certificate bundled in
     * its package ({@code ssl/server-crt.pem}, CN=kinesalite, expired 2018); the suite's clients trust that
     * one certificate and nothing else ({@link TlsSockets}).
     */
    public static EmbeddedKinesis start(boolean tls) {
        String node = KinesaliteInstall.node();
        String nodeVersion = KinesaliteInstall.nodeVersion(node);
        Path kinesalite = KinesaliteInstall.emulatorDir();
        String version = KinesaliteInstall.packageVersion(kinesalite);
        return ChildProcess.onFreePort("EADDRINUSE", port -> {
            Path dir = TempDirs.create("kensho-kinesis-");
            Map<String, Object> opts = new TreeMap<>(Map.of("port", port, "createStreamMs", 0, "deleteStreamMs", 0,
                    "updateStreamMs", 0, "shardLimit", 1000));
            if (tls) {
                opts.put("ssl", true);
            }
            Path script = dir.resolve("launch.js");
            String optsJson;
            try {
                Files.writeString(script, LAUNCHER, StandardCharsets.UTF_8);
                optsJson = JSON.writeValueAsString(opts);
            } catch (IOException e) {
                throw new TargetFailure("embedded kinesalite: cannot write " + script + " (" + e.getMessage() + ")");
            }
            ChildProcess p = ChildProcess.start("embedded kinesalite",
                    List.of(node, script.toString(), kinesalite.toString(), optsJson), dir, dir.resolve("kinesalite.log"));
            EmbeddedKinesis k = new EmbeddedKinesis(p, dir, port, version, nodeVersion, opts,
                    tls ? certificate(kinesalite) : null);
            try {
                k.awaitReady();
                return k;
            } catch (TargetFailure e) {
                k.close();
                throw e;
            }
        });
    }

    private void awaitReady() {
        process.awaitListening(port, "kensho: kinesalite listening on", Duration.ofSeconds(20));
        long pid = process.pid();
        // node runs kinesalite's JavaScript on one thread: one core is all it can use
        cpu = ServerCpu.register(new ServerCpu.Probe(describe(),
                ProcessCpu.of(pid), ProcessCpu.limit(pid, 1), false,
                ProcessCpu.sharesCores(pid), true));
    }

    /** kinesalite's bundled server certificate. */
    private static X509Certificate certificate(Path kinesalite) {
        Path pem = kinesalite.resolve("ssl").resolve("server-crt.pem");
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(in);
        } catch (IOException | CertificateException e) {
            throw new TargetFailure("embedded kinesalite: cannot read its TLS certificate " + pem + " (" + e.getMessage() + ")");
        }
    }

    @Override
    protected X509Certificate pinnedCertificate() {
        return certificate;
    }

    @Override
    public Kind kind() {
        return Kind.EMBEDDED;
    }

    @Override
    public URI endpoint() {
        return URI.create((certificate != null ? "https" : "http") + "://127.0.0.1:" + port);
    }

    @Override
    public Region region() {
        return Region.US_EAST_1;
    }

    @Override
    protected AwsCredentialsProvider credentials() {
        // kinesalite checks only that a signature is present
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("kensho", "kensho"));
    }

    @Override
    public boolean cbor() {
        return false;
    }

    public int port() {
        return port;
    }

    /** The child process, for fault-injection tests. */
    public ChildProcess process() {
        return process;
    }

    @Override
    public String describe() {
        return "embedded kinesalite " + version + " (pid " + process.pid() + ") on 127.0.0.1:" + port;
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> m = baseInfo();
        m.put("emulator", EMULATOR);
        m.put("emulator_version", version);
        m.put("node_version", nodeVersion);
        m.put("bind", "127.0.0.1");
        String cpus = ProcessCpu.cpusAllowed(process.pid());
        if (cpus != null) {
            m.put("cpus_allowed", cpus);
        }
        m.put("options", options);
        m.put("enforces_5MiB_per_call", false);
        m.put("enforces_shard_throughput", false);
        return m;
    }

    @Override
    public synchronized void close() {
        super.close();
        cpu.close();
        process.close();
        TempDirs.delete(dir);
    }
}
