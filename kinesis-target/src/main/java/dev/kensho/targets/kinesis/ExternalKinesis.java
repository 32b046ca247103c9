package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.regions.Region;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;

/**
 * Kinesis the user runs: real AWS ({@code -Dkensho.kinesis.region=eu-west-1}) or any other endpoint
 * ({@code -Dkensho.kinesis.endpoint=http://host:port}, e.g. their own emulator). Credentials come only
 * from the SDK's default chain (environment, profile, instance role), so they never appear in a
 * command line, a result or a log. The suite creates its own prefixed streams here and deletes only those.
 */
public final class ExternalKinesis extends KinesisTarget {

    private final Region region;
    private final URI endpoint;
    private final boolean cbor;
    private final DefaultCredentialsProvider credentials = DefaultCredentialsProvider.builder().build();

    private ExternalKinesis(Region region, URI endpoint, boolean cbor) {
        this.region = region;
        this.endpoint = endpoint;
        this.cbor = cbor;
    }

    /** Validates the properties (no connection yet). */
    public static ExternalKinesis parse(String regionValue, String endpointValue, boolean cbor) {
        Region region = regionValue == null ? Region.US_EAST_1 : region(regionValue);
        URI ep = null;
        if (endpointValue != null) {
            String allowed = "http(s)://host[:port] of a Kinesis-compatible endpoint";
            try {
                ep = new URI(endpointValue.trim());
            } catch (URISyntaxException e) {
                throw BadInput.of(KinesisSettings.ENDPOINT.key(), endpointValue, allowed);
            }
            if (ep.getScheme() == null || !(ep.getScheme().equals("http") || ep.getScheme().equals("https"))
                    || ep.getHost() == null || ep.getRawUserInfo() != null
                    || (ep.getPath() != null && !ep.getPath().isEmpty() && !ep.getPath().equals("/"))) {
                throw BadInput.of(KinesisSettings.ENDPOINT.key(), endpointValue, allowed);
            }
        }
        return new ExternalKinesis(region, ep, cbor);
    }

    /** A region the SDK knows, else a one-line error. */
    public static Region region(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Region r : Region.regions()) {
            if (r.id().equals(v) && !r.isGlobalRegion()) {
                return r;
            }
        }
        throw BadInput.of(KinesisSettings.REGION.key(), value, "an AWS region id such as us-east-1, eu-west-1, ap-northeast-1");
    }

    @Override
    public Kind kind() {
        return Kind.EXTERNAL;
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public Region region() {
        return region;
    }

    @Override
    protected AwsCredentialsProvider credentials() {
        return credentials;
    }

    @Override
    public boolean cbor() {
        return cbor;
    }

    @Override
    public String describe() {
        return endpoint == null ? "AWS Kinesis " + region.id() : "external Kinesis " + endpoint + " (" + region.id() + ")";
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> m = baseInfo();
        m.put("endpoint", endpoint == null ? "aws default" : endpoint.toString());
        m.put("credentials", "SDK default chain (not recorded)");
        return m;
    }

    @Override
    public synchronized void close() {
        super.close();
        credentials.close();
    }
}
