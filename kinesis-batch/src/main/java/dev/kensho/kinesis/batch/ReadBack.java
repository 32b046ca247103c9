package dev.kensho.kinesis.batch;

import dev.kensho.common.TargetFailure;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.GetRecordsResponse;
import software.amazon.awssdk.services.kinesis.model.Record;
import software.amazon.awssdk.services.kinesis.model.ShardIteratorType;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;

/**
 * Reads a stream back from the start of every shard ({@code GetShardIterator TRIM_HORIZON} +
 * {@code GetRecords}) and checks that records {@code 0 … expected-1} of the tag each arrived exactly once.
 */
public final class ReadBack {

    /** What came back. {@link #ok()} when nothing is missing, duplicated or unexpected. */
    public record Check(String stream, long expected, long received, long missing, long duplicated, long unexpected,
                        int shards, long getRecordsCalls) {
        public boolean ok() {
            return missing == 0 && duplicated == 0 && unexpected == 0 && received == expected;
        }

        public String summary() {
            return stream + ": expected " + expected + ", received " + received + ", missing " + missing
                    + ", duplicated " + duplicated + ", unexpected " + unexpected + " (" + shards + " shards)";
        }

        /** Throws unless every record arrived exactly once. */
        public Check require() {
            if (!ok()) {
                throw new TargetFailure("read-back failed: " + summary());
            }
            return this;
        }
    }

    private ReadBack() {
    }

    public static Check verify(KinesisClient client, String stream, List<String> shardIds, long tag, long expected) {
        return verify(client, stream, shardIds, tag, expected, r -> List.of(r.data().asByteBuffer()));
    }

    /**
     * As {@link #verify(KinesisClient, String, List, long, long)}, each Kinesis record first turned into the user
     * records it carries ({@code unpack}: e.g. {@link KplAggregator#deaggregate}); counts are of user records.
     */
    public static Check verify(KinesisClient client, String stream, List<String> shardIds, long tag, long expected,
                               Function<Record, List<ByteBuffer>> unpack) {
        if (expected > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many records to check: " + expected);
        }
        BitSet seen = new BitSet((int) expected);
        long received = 0;
        long duplicated = 0;
        long unexpected = 0;
        long getCalls = 0;
        for (String shard : shardIds) {
            String it = client.getShardIterator(b -> b.streamName(stream).shardId(shard)
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            int emptyBehind = 0;
            while (it != null) {
                String cur = it;
                GetRecordsResponse r = client.getRecords(b -> b.shardIterator(cur).limit(10_000));
                getCalls++;
                for (Record rec : r.records()) {
                    for (ByteBuffer d : unpack.apply(rec)) {
                        received++;
                        if (d.remaining() < Payloads.MIN_BYTES) {
                            unexpected++;
                            continue;
                        }
                        long t = d.getLong();
                        long id = d.getLong();
                        if (t != tag || id < 0 || id >= expected) {
                            unexpected++;
                        } else if (seen.get((int) id)) {
                            duplicated++;
                        } else {
                            seen.set((int) id);
                        }
                    }
                }
                it = r.nextShardIterator();
                if (r.records().isEmpty()) {
                    Long behind = r.millisBehindLatest();
                    // an open shard never ends: stop at its tip. Real Kinesis may answer empty before the tip.
                    if (behind == null || behind == 0) {
                        break;
                    }
                    if (++emptyBehind > 1_000) {
                        throw new TargetFailure("read-back of " + stream + "/" + shard + " made no progress: still "
                                + behind + " ms behind after 1,000 empty GetRecords calls");
                    }
                }
            }
        }
        long missing = expected - seen.cardinality();
        return new Check(stream, expected, received, missing, duplicated, unexpected, shardIds.size(), getCalls);
    }
}
