package dev.kensho.kinesis.batch;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.UnsafeByteOperations;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;
import software.amazon.awssdk.services.kinesis.model.Record;
import software.amazon.kinesis.retrieval.AggregatorUtil;
import software.amazon.kinesis.retrieval.KinesisClientRecord;
import software.amazon.kinesis.retrieval.kpl.Messages;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Packs user records into one Kinesis record in the KPL aggregated-record format, as the Kinesis Producer
 * Library writes it and the KCL reads it: the magic bytes {@code F3 89 9A C2}, a protobuf
 * {@code AggregatedRecord} ({@code partition_key_table}, {@code explicit_hash_key_table} — unused here —
 * and {@code records} of {@code partition_key_index} + {@code data}), then the 16-byte MD5 of the protobuf.
 * The protobuf classes are the KCL's ({@link Messages}); reading back goes through the KCL's own
 * {@link AggregatorUtil#deaggregate}, so a record this class writes wrongly is not counted as arrived.
 *
 * <p>The aggregate's size — data (magic + protobuf + MD5) plus its partition key, as the service counts it —
 * is kept exactly as records are added (protobuf's size arithmetic, checked against
 * {@code getSerializedSize()} in the tests), so a record that would take it over {@code maxBytes} starts the
 * next aggregate. The Kinesis record's partition key is the first user record's (as KPL does; KPL also groups
 * records by predicted shard, which a 1-shard stream makes moot). Not thread-safe.
 */
public final class KplAggregator {

    /** KPL's magic prefix. */
    static final byte[] MAGIC = {(byte) 0xF3, (byte) 0x89, (byte) 0x9A, (byte) 0xC2};
    static final int MD5_BYTES = 16;

    private static final AggregatorUtil KCL = new AggregatorUtil();

    private final long maxBytes;
    private Messages.AggregatedRecord.Builder builder = Messages.AggregatedRecord.newBuilder();
    private final Map<String, Integer> keyIndex = new HashMap<>();
    private long protoBytes;
    private String outerKey;
    private int count;

    /** {@code maxBytes}: the largest aggregate, data + partition key (at most the service's 1 MiB). */
    public KplAggregator(long maxBytes) {
        if (maxBytes > PutRecordsBatcher.MAX_RECORD_BYTES) {
            throw new IllegalArgumentException("aggregate over 1 MiB: " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** Size of an aggregate holding just this record (data + partition key): the least {@code maxBytes} that takes it. */
    public static long sizeOfOne(String partitionKey, int dataBytes) {
        return MAGIC.length + keyEntryBytes(partitionKey) + recordEntryBytes(0, dataBytes) + MD5_BYTES
                + partitionKey.getBytes(StandardCharsets.UTF_8).length;
    }

    /** Adds the record if the aggregate stays within {@code maxBytes} (an empty aggregate takes any record); false when full. */
    public boolean tryAdd(String partitionKey, byte[] data) {
        Integer idx = keyIndex.get(partitionKey);
        long grow = (idx == null ? keyEntryBytes(partitionKey) : 0)
                + recordEntryBytes(idx == null ? keyIndex.size() : idx, data.length);
        if (count > 0 && sizeWith(grow) > maxBytes) {
            return false;
        }
        if (idx == null) {
            idx = keyIndex.size();
            keyIndex.put(partitionKey, idx);
            builder.addPartitionKeyTable(partitionKey);
        }
        if (outerKey == null) {
            outerKey = partitionKey;
        }
        builder.addRecords(Messages.Record.newBuilder().setPartitionKeyIndex(idx)
                .setData(UnsafeByteOperations.unsafeWrap(data)));
        protoBytes += grow;
        count++;
        return true;
    }

    private long sizeWith(long grow) {
        return MAGIC.length + protoBytes + grow + MD5_BYTES + outerKey.getBytes(StandardCharsets.UTF_8).length;
    }

    /** User records in the open aggregate. */
    public int count() {
        return count;
    }

    /** Its size now: data + partition key (0 when empty). */
    public long size() {
        return count == 0 ? 0 : sizeWith(0);
    }

    /** Closes the aggregate as one PutRecords entry and starts an empty one. */
    public PutRecordsRequestEntry drain() {
        if (count == 0) {
            throw new IllegalStateException("empty aggregate");
        }
        byte[] proto = builder.build().toByteArray();
        byte[] out = new byte[MAGIC.length + proto.length + MD5_BYTES];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        System.arraycopy(proto, 0, out, MAGIC.length, proto.length);
        System.arraycopy(md5(proto), 0, out, MAGIC.length + proto.length, MD5_BYTES);
        PutRecordsRequestEntry e = PutRecordsRequestEntry.builder().partitionKey(outerKey)
                .data(SdkBytes.fromByteArrayUnsafe(out)).build();
        builder = Messages.AggregatedRecord.newBuilder();
        keyIndex.clear();
        protoBytes = 0;
        outerKey = null;
        count = 0;
        return e;
    }

    /** The user records' data in a Kinesis record read back, de-aggregated by the KCL (a plain record: itself). */
    public static List<ByteBuffer> deaggregate(Record r) {
        return KCL.deaggregate(List.of(KinesisClientRecord.fromRecord(r))).stream().map(KinesisClientRecord::data).toList();
    }

    /** The protobuf bytes one {@code partition_key_table} entry takes (field 1, length-delimited). */
    private static long keyEntryBytes(String key) {
        return CodedOutputStream.computeStringSize(1, key);
    }

    /** The protobuf bytes one entry of {@code records} (field 3) takes: index (field 1) + data (field 3). */
    private static long recordEntryBytes(long keyIndex, int dataBytes) {
        int inner = CodedOutputStream.computeUInt64Size(1, keyIndex)
                + CodedOutputStream.computeTagSize(3) + CodedOutputStream.computeUInt32SizeNoTag(dataBytes) + dataBytes;
        return CodedOutputStream.computeTagSize(3) + CodedOutputStream.computeUInt32SizeNoTag(inner) + inner;
    }

    static byte[] md5(byte[] b) {
        try {
            return MessageDigest.getInstance("MD5").digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no MD5 in this JDK", e);
        }
    }
}
