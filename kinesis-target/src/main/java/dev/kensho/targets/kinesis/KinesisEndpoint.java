package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import software.amazon.awssdk.regions.Region;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An external Kinesis as one typed value: the region ({@code kensho.kinesis.region}, else us-east-1), the endpoint
 * ({@code kensho.kinesis.endpoint}, null for real AWS) and the protocol ({@code kensho.kinesis.cbor}, true unless set).
 * {@link #current()} reads the settings in this one place and parses them once per JVM: validation, the TLS question
 * and the target are handed the same value.
 */
public record KinesisEndpoint(Region region, URI endpoint, boolean cbor) {

    /** How many times this JVM parsed an endpoint ({@link #parse}); read by the test that it happens once. */
    static final AtomicInteger PARSES = new AtomicInteger();

    private static final Object LOCK = new Object();
    /** The raw settings {@link #memo} was resolved from: a test that sets other values gets them resolved anew. */
    private static Raw memoFrom;
    private static Optional<KinesisEndpoint> memo;

    private record Raw(String region, String endpoint, String cbor) {
    }

    /** Whether calls go over TLS: real AWS, or an https endpoint. */
    public boolean tls() {
        return endpoint == null || "https".equals(endpoint.getScheme());
    }

    /**
     * This JVM's external Kinesis, empty when neither a region nor an endpoint is set; resolved on first use and
     * remembered. A bad value is one {@link BadInput} line naming the setting and what is allowed.
     */
    public static Optional<KinesisEndpoint> current() {
        Raw raw = new Raw(KinesisSettings.REGION.get(), KinesisSettings.ENDPOINT.get(), KinesisSettings.CBOR.get());
        synchronized (LOCK) {
            if (!raw.equals(memoFrom)) {
                memo = raw.region() == null && raw.endpoint() == null ? Optional.empty()
                        : Optional.of(parse(raw.region(), raw.endpoint(), raw.cbor() == null || KinesisSettings.CBOR.flag()));
                memoFrom = raw;
            }
            return memo;
        }
    }

    /** Forgets the remembered value (tests). */
    static void forget() {
        synchronized (LOCK) {
            memoFrom = null;
            memo = null;
        }
    }

    /** Validates the properties (no connection yet): the one place they are parsed. */
    static KinesisEndpoint parse(String regionValue, String endpointValue, boolean cbor) {
        PARSES.incrementAndGet();
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
        return new KinesisEndpoint(region, ep, cbor);
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
}
