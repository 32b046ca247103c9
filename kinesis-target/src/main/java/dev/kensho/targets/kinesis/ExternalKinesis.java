package dev.kensho.targets.kinesis;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.regions.Region;

import java.net.URI;
import java.util.Map;

/**
 * Kinesis the user runs: real AWS ({@code -Dkensho.kinesis.region=eu-west-1}) or any other endpoint
 * ({@code -Dkensho.kinesis.endpoint=http://host:port}, e.g. their own emulator). Credentials come only
 * from the SDK's default chain (environment, profile, instance role), so they never appear in a
 * command line, a result or a log. The suite creates its own prefixed streams here and deletes only those.
 */
public final class ExternalKinesis extends KinesisTarget {

    private final KinesisEndpoint settings;
    private final DefaultCredentialsProvider credentials = DefaultCredentialsProvider.builder().build();

    /** A client side for {@code settings}; it holds a credentials provider, so each target is its own and closed. */
    ExternalKinesis(KinesisEndpoint settings) {
        this.settings = settings;
    }

    /** Validates the properties (no connection yet); the suite itself goes through {@link KinesisEndpoint#current()}. */
    static ExternalKinesis parse(String regionValue, String endpointValue, boolean cbor) {
        return new ExternalKinesis(KinesisEndpoint.parse(regionValue, endpointValue, cbor));
    }

    /** A region the SDK knows, else a one-line error. */
    public static Region region(String value) {
        return KinesisEndpoint.region(value);
    }

    @Override
    public Kind kind() {
        return Kind.EXTERNAL;
    }

    @Override
    public URI endpoint() {
        return settings.endpoint();
    }

    @Override
    public Region region() {
        return settings.region();
    }

    @Override
    protected AwsCredentialsProvider credentials() {
        return credentials;
    }

    @Override
    public boolean cbor() {
        return settings.cbor();
    }

    @Override
    public String describe() {
        return endpoint() == null ? "AWS Kinesis " + region().id() : "external Kinesis " + endpoint() + " (" + region().id() + ")";
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> m = baseInfo();
        m.put("endpoint", endpoint() == null ? "aws default" : endpoint().toString());
        m.put("credentials", "SDK default chain (not recorded)");
        return m;
    }

    @Override
    public synchronized void close() {
        super.close();
        credentials.close();
    }
}
