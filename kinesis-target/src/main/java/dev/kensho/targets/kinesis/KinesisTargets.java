package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.Target;

import java.util.Optional;

/**
 * Chooses the Kinesis target, the suite's one rule: an explicit external endpoint or region wins;
 * else a LocalStack container if asked; else the embedded kinesalite.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@link KinesisSettings#REGION}</td><td>(none)</td><td>real AWS Kinesis in this region, default credentials chain</td></tr>
 * <tr><td>{@link KinesisSettings#ENDPOINT}</td><td>(none)</td><td>any Kinesis-compatible http(s) endpoint (region: the property above, else us-east-1)</td></tr>
 * <tr><td>{@link KinesisSettings#CBOR}</td><td>true</td><td>external endpoints only: false for kinesalite-like emulators</td></tr>
 * <tr><td>{@link KinesisSettings#CONTAINER}</td><td>false</td><td>true: LocalStack via Testcontainers (Docker hosts)</td></tr>
 * <tr><td>{@link KinesisSettings#IMAGE}</td><td>{@value ContainerKinesis#IMAGE_DEFAULT}</td><td>its image</td></tr>
 * <tr><td>{@link KinesisSettings#NODE}</td><td>node</td><td>Node.js for the embedded emulator</td></tr>
 * <tr><td>{@link KinesisSettings#NODE_MODULES}</td><td>&lt;repo&gt;/kinesis-target/node_modules</td><td>where kinesalite is installed</td></tr>
 * <tr><td>{@link KinesisSettings#STREAM_PREFIX}</td><td>{@value KinesisStreams#PREFIX_DEFAULT}</td><td>prefix of every stream the suite creates</td></tr>
 * </table>
 */
public final class KinesisTargets {

    private KinesisTargets() {
    }

    /**
     * Validates every target property without starting or contacting anything; what the machine lacks (Node, the
     * emulator's npm packages) is {@link #whyUnavailable}'s, so a run of several classes can go on without Kinesis.
     */
    public static void validate() {
        KinesisStreams.prefix();
        if (KinesisEndpoint.current().isEmpty() && !KinesisSettings.CONTAINER.flag()) {
            KinesaliteInstall.validateSettings();
        }
    }

    /** Null when this machine can have the chosen target; else why not and what to install or set. */
    public static String whyUnavailable() {
        return KinesisEndpoint.current().isPresent() || KinesisSettings.CONTAINER.flag() ? null : KinesaliteInstall.whyMissing();
    }

    /** Null when the chosen target serves TLS; else why a fresh TLS connection per call cannot run on it. */
    public static String whyNoTls() {
        Optional<KinesisEndpoint> external = KinesisEndpoint.current();
        if (external.isPresent() && !external.get().tls()) {
            return KinesisSettings.ENDPOINT.key() + "=" + external.get().endpoint() + " is http: a fresh TLS connection per call"
                    + " needs an https endpoint, -D" + KinesisSettings.REGION.key() + " or the embedded emulator";
        }
        if (external.isEmpty() && KinesisSettings.CONTAINER.flag()) {
            return KinesisSettings.CONTAINER.key() + "=true: the container target serves http here; a fresh TLS connection per call"
                    + " needs the embedded emulator, -D" + KinesisSettings.REGION.key() + " or an https endpoint";
        }
        return null;
    }

    public static KinesisTarget open() {
        return open(false);
    }

    /**
     * With {@code tls}, a target whose calls go over TLS: the embedded emulator serving HTTPS, real AWS,
     * or an https endpoint; an http endpoint or the container is refused in one line.
     */
    public static KinesisTarget open(boolean tls) {
        validate();
        String noTls = tls ? whyNoTls() : null;
        if (noTls != null) {
            throw new BadInput(noTls);
        }
        Optional<KinesisEndpoint> external = KinesisEndpoint.current();
        return switch (Target.choose(external.isPresent(), KinesisSettings.CONTAINER.flag())) {
            case EXTERNAL -> openExternal(external.get());
            case CONTAINER -> ContainerKinesis.start();
            case EMBEDDED -> EmbeddedKinesis.start(tls);
        };
    }

    /** The endpoint or region given, reached and its credentials checked within the timeouts, or one line. */
    private static KinesisTarget openExternal(KinesisEndpoint endpoint) {
        ExternalKinesis t = new ExternalKinesis(endpoint);
        try {
            t.client().listStreams(b -> b.limit(1));
        } catch (RuntimeException e) {
            t.close();
            throw new TargetFailure(t.describe() + ": cannot reach it or not allowed (" + TargetFailure.rootCause(e) + ")", e);
        }
        return t;
    }
}
