package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.ResourceInUseException;
import software.amazon.awssdk.services.kinesis.model.ResourceNotFoundException;
import software.amazon.awssdk.services.kinesis.model.Shard;
import software.amazon.awssdk.services.kinesis.model.StreamStatus;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The suite's own streams: every name starts with {@code kensho.kinesis.streamPrefix} (default
 * {@value #PREFIX_DEFAULT}) plus a random suffix, so two runs never share a stream, and
 * {@link #delete(String)} refuses any other name. Nothing here lists or touches other streams.
 */
public final class KinesisStreams {
    public static final String PREFIX_DEFAULT = "kensho-";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KinesisClient client;
    private final String prefix = prefix();
    /** The streams this object created: the only ones it writes to or deletes. */
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    KinesisStreams(KinesisClient client) {
        this.client = client;
    }

    /** The prefix, validated: Kinesis stream names are [a-zA-Z0-9_.-], and an empty prefix would own everything. */
    public static String prefix() {
        String p = KinesisSettings.STREAM_PREFIX.get(PREFIX_DEFAULT);
        if (!p.matches("[A-Za-z0-9_.\\-]{1,64}")) {
            throw BadInput.of(KinesisSettings.STREAM_PREFIX.key(), p, "1 … 64 characters of [A-Za-z0-9_.-]");
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
        String name = null;
        for (int attempt = 0; name == null; attempt++) {
            String candidate = newName(label);
            try {
                client.createStream(b -> b.streamName(candidate).shardCount(shards));
                name = candidate;
            } catch (ResourceInUseException taken) {
                // a stream of that name exists and is not this run's: never write to it, draw another name
                if (attempt >= 3) {
                    throw new TargetFailure("could not create a fresh stream under " + prefix + " (" + candidate
                            + " and 3 other random names exist already)");
                }
            }
        }
        created.add(name);
        String active = name;
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            StreamStatus s = client.describeStreamSummary(b -> b.streamName(active)).streamDescriptionSummary().streamStatus();
            if (s == StreamStatus.ACTIVE) {
                return active;
            }
            pause(100); // stream creation poll (real AWS takes seconds), never inside a measurement
        }
        throw new TargetFailure("stream " + active + " did not become ACTIVE within 5 minutes");
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

    /**
     * Deletes a stream this object created; refuses any other name — outside the prefix, or under it but not
     * created here (another run's, or the user's). Missing is fine.
     */
    public void delete(String name) {
        if (!name.startsWith(prefix)) {
            throw new BadInput("refusing to delete stream " + name + ": the suite deletes only its own streams (prefix "
                    + prefix + ", " + KinesisSettings.STREAM_PREFIX.key() + ")");
        }
        if (!created.contains(name)) {
            throw new BadInput("refusing to delete stream " + name + ": it has the suite's prefix " + prefix
                    + " but this run did not create it");
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
