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

    @Test
    void payloadUnitsAre25KiBChunks() {
        assertEquals(1, Billing.payloadUnits(0));
        assertEquals(1, Billing.payloadUnits(5 * 1024));
        assertEquals(1, Billing.payloadUnits(25_600));
        assertEquals(2, Billing.payloadUnits(25_601));
        assertEquals(2, Billing.payloadUnits(45 * 1024)); // the pricing page's "45KB record: two units"
        assertEquals(40, Billing.payloadUnits(1000 * 1024)); // its "1MB record: 40 units", 1 MB read as 1,000 KB
        assertEquals(41, Billing.payloadUnits(1024 * 1024)); // a full 1 MiB record
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
        // 500 × (50 B data + its own partition-key entry + protobuf framing ≈ 62 B) + magic + MD5 + outer key ≈ 30 KB
        assertTrue(size > 25_600 && size <= 51_200, "one aggregate of " + size + " bytes");
        assertEquals(2, Billing.payloadUnits(size));
        assertEquals((size + Billing.PAYLOAD_UNIT_BYTES - 1) / Billing.PAYLOAD_UNIT_BYTES, Billing.payloadUnits(size));
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
