package dev.kensho.common.targets.kinesis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.ResourceNotFoundException;
import software.amazon.awssdk.services.kinesis.model.Shard;
import software.amazon.awssdk.services.kinesis.model.StreamStatus;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The suite's own streams: every name starts with {@code kensho.kinesis.streamPrefix} (default
 * {@value #PREFIX_DEFAULT}) plus a random suffix, so two runs never share a stream, and
 * {@link #delete(String)} refuses any other name. Nothing here lists or touches other streams.
 */
public final class KinesisStreams {

    public static final String PREFIX_PROPERTY = dev.kensho.common.Setting.KINESIS_STREAM_PREFIX.key();
    public static final String PREFIX_DEFAULT = "kensho-";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KinesisClient client;
    private final String prefix = prefix();

    KinesisStreams(KinesisClient client) {
        this.client = client;
    }

    /** The prefix, validated: Kinesis stream names are [a-zA-Z0-9_.-], and an empty prefix would own everything. */
    public static String prefix() {
        String p = Settings.get(PREFIX_PROPERTY, PREFIX_DEFAULT);
        if (!p.matches("[A-Za-z0-9_.\\-]{1,64}")) {
            throw BadInput.of(PREFIX_PROPERTY, p, "1 … 64 characters of [A-Za-z0-9_.-]");
        }
        return p;
    }

    /** A fresh name under the prefix, e.g. {@code kensho-sweep-3fa9c2d1}. */
    public String newName(String label) {
        byte[] r = new byte[4];
        RANDOM.nextBytes(r);
        String name = prefix + label + "-" + HexFormat.of().formatHex(r);
        return name.length() > 128 ? name.substring(0, 128) : name;
    }

    /** Creates a stream under the prefix and waits (up to 5 min) until it is ACTIVE. */
    public String create(String label, int shards) {
        String name = newName(label);
        client.createStream(b -> b.streamName(name).shardCount(shards));
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            StreamStatus s = client.describeStreamSummary(b -> b.streamName(name)).streamDescriptionSummary().streamStatus();
            if (s == StreamStatus.ACTIVE) {
                return name;
            }
            pause(100); // stream creation poll (real AWS takes seconds), never inside a measurement
        }
        throw new TargetFailure("stream " + name + " did not become ACTIVE within 5 minutes");
    }

    /** Every shard id of the stream (paged). */
    public List<String> shardIds(String name) {
        List<String> ids = new ArrayList<>();
        String next = null;
        do {
            String token = next;
            var r = token == null ? client.listShards(b -> b.streamName(name)) : client.listShards(b -> b.nextToken(token));
            r.shards().stream().map(Shard::shardId).forEach(ids::add);
            next = r.nextToken();
        } while (next != null);
        return ids;
    }

    /** Deletes one of the suite's streams; refuses any name outside the prefix. Missing is fine. */
    public void delete(String name) {
        if (!name.startsWith(prefix)) {
            throw new BadInput("refusing to delete stream " + name + ": the suite deletes only its own streams (prefix "
                    + prefix + ", " + PREFIX_PROPERTY + ")");
        }
        try {
            client.deleteStream(b -> b.streamName(name).enforceConsumerDeletion(true));
        } catch (ResourceNotFoundException gone) {
            // already deleted
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("interrupted while waiting for a stream");
        }
    }
}
