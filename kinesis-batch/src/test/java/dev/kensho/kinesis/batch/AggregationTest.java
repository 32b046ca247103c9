package dev.kensho.kinesis.batch;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;
import software.amazon.awssdk.services.kinesis.model.Record;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the service bills for 500 × 50 B sent one record each and packed KPL-style, and that the aggregates this
 * suite writes are the KPL format: the KCL de-aggregates them into the same user records, and a corrupted one is
 * not taken for user records.
 */
class AggregationTest {

    private static final long TAG = 0x6b656e73686fL;

    /**
     * AWS's own examples (the Kinesis pricing page): "a 5KB record contains one PUT Payload Unit, a 45KB record contains
     * two … a 1MB record contains 40", read in one unit. 1 MB holds exactly 40 chunks of 25 KB, so one byte more is a
     * 41st — true of 25,000-byte chunks, false of 25,600-byte ones (1,000,001 B would still count 40 of those).
     */
    @Test
    void payloadUnitsReproduceThePricingPagesThreeExamples() {
        assertEquals(1, Billing.payloadUnits(5_000));
        assertEquals(2, Billing.payloadUnits(45_000));
        assertEquals(40, Billing.payloadUnits(1_000_000));
        assertEquals(41, Billing.payloadUnits(1_000_001), "40 whole chunks are exactly 1 MB");
        assertEquals(1, Billing.payloadUnits(0), "an empty record still is a PUT");
        assertEquals(42, Billing.payloadUnits(1024 * 1024), "a full 1 MiB record: 1,048,576 / 25,000 = 41.9");
    }

    @Test
    void fiveHundredFiftyByteRecordsCost500UnitsOneByOneAnd2Aggregated() {
        long unaggregated = 0;
        KplAggregator agg = new KplAggregator(PutRecordsBatcher.MAX_RECORD_BYTES);
        for (long id = 0; id < 500; id++) {
            PutRecordsRequestEntry e = Payloads.entry(TAG, id, 50);
            unaggregated += Billing.payloadUnits(Payloads.size(e)); // PutRecords: each entry is a Kinesis record
            assertTrue(agg.tryAdd(e.partitionKey(), e.data().asByteArray()));
        }
        assertEquals(500, unaggregated);
        long size = agg.size();
        PutRecordsRequestEntry one = agg.drain();
        assertEquals(size, Payloads.size(one), "the size kept while adding is the record's size");
        // 500 × (50 B data + its own partition-key entry + protobuf framing ≈ 62 B) + magic + MD5 + outer key ≈ 30 KB:
        // more than one 25,000-byte chunk, at most two
        assertTrue(size > 25_000 && size <= 50_000, "one aggregate of " + size + " bytes");
        assertEquals(2, Billing.payloadUnits(size));
    }

    @Test
    void theKclDeaggregatesWhatWeWriteInOrder() {
        KplAggregator agg = new KplAggregator(4096);
        List<byte[]> in = new ArrayList<>();
        List<PutRecordsRequestEntry> out = new ArrayList<>();
        for (long id = 0; id < 300; id++) {
            byte[] data = Payloads.payload(TAG, id, 40 + (int) (id % 7));
            in.add(data);
            String key = Payloads.partitionKey(id % 10); // repeated keys share one table entry
            if (!agg.tryAdd(key, data)) {
                out.add(agg.drain());
                assertTrue(agg.tryAdd(key, data));
            }
        }
        out.add(agg.drain());
        List<byte[]> back = new ArrayList<>();
        for (PutRecordsRequestEntry e : out) {
            assertTrue(Payloads.size(e) <= 4096, "aggregate of " + Payloads.size(e) + " bytes over the 4096 asked");
            byte[] d = e.data().asByteArray();
            assertArrayEquals(KplAggregator.MAGIC, Arrays.copyOf(d, 4));
            for (ByteBuffer b : KplAggregator.deaggregate(record(e))) {
                byte[] u = new byte[b.remaining()];
                b.get(u);
                back.add(u);
            }
        }
        assertTrue(out.size() > 3, out.size() + " aggregates");
        assertEquals(in.size(), back.size());
        for (int i = 0; i < in.size(); i++) {
            assertArrayEquals(in.get(i), back.get(i), "user record " + i);
        }
    }

    @Test
    void aCorruptedAggregateIsNotReadAsUserRecords() {
        KplAggregator agg = new KplAggregator(4096);
        agg.tryAdd("1", Payloads.payload(TAG, 1, 50));
        agg.tryAdd("2", Payloads.payload(TAG, 2, 50));
        byte[] d = agg.drain().data().asByteArray();
        d[d.length - 1] ^= 1; // the MD5 no longer matches
        List<ByteBuffer> back = KplAggregator.deaggregate(Record.builder().partitionKey("1").sequenceNumber("1")
                .data(SdkBytes.fromByteArray(d)).build());
        assertEquals(1, back.size(), "the KCL hands the record back whole");
        assertFalse(back.get(0).getLong() == TAG, "its first bytes are the magic, not a tag: ReadBack counts it unexpected");
    }

    @Test
    void aFullAggregateRefusesTheNextRecord() {
        long one = KplAggregator.sizeOfOne("7", 100);
        KplAggregator agg = new KplAggregator(one);
        assertTrue(agg.tryAdd("7", new byte[100]));
        assertEquals(one, agg.size());
        assertFalse(agg.tryAdd("7", new byte[1]));
        assertEquals(1, agg.count());
    }

    private static Record record(PutRecordsRequestEntry e) {
        return Record.builder().partitionKey(e.partitionKey()).sequenceNumber("49000000000000000000000000000000000001")
                .data(e.data()).build();
    }
}
