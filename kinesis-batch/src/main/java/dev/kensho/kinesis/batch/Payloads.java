package dev.kensho.kinesis.batch;

import dev.kensho.common.BadInput;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The records the benchmarks write: the first 16 bytes of each payload are a per-stream tag and the
 * record's id (big-endian longs), the rest filler up to the record size; the partition key is the id in
 * decimal, so records spread over shards. {@link ReadBack} uses the tag and id to prove each record arrived
 * exactly once and nothing else is in the stream.
 */
public final class Payloads {

    /** Smallest payload: tag + id. */
    public static final int MIN_BYTES = 16;

    private Payloads() {
    }

    public static String partitionKey(long id) {
        return Long.toString(id);
    }

    public static byte[] payload(long tag, long id, int bytes) {
        if (bytes < MIN_BYTES) {
            throw BadInput.of("recordBytes", bytes, "at least " + MIN_BYTES + " (tag + id)");
        }
        byte[] b = new byte[bytes];
        ByteBuffer.wrap(b).putLong(tag).putLong(id);
        Arrays.fill(b, MIN_BYTES, bytes, (byte) 'k');
        return b;
    }

    public static PutRecordsRequestEntry entry(long tag, long id, int bytes) {
        return PutRecordsRequestEntry.builder()
                .partitionKey(partitionKey(id))
                .data(SdkBytes.fromByteArrayUnsafe(payload(tag, id, bytes)))
                .build();
    }

    /** Records {@code [from, from + count)}. */
    public static List<PutRecordsRequestEntry> entries(long tag, long from, int count, int bytes) {
        List<PutRecordsRequestEntry> l = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            l.add(entry(tag, from + i, bytes));
        }
        return l;
    }

    /** Data plus partition key, as the service counts a record against its 1 MiB and 5 MiB limits. */
    public static long size(PutRecordsRequestEntry e) {
        return e.data().asByteArrayUnsafe().length + e.partitionKey().getBytes(StandardCharsets.UTF_8).length;
    }
}
