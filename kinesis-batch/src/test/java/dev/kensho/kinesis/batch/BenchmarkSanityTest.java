package dev.kensho.kinesis.batch;

import dev.kensho.launcher.testing.Smoke;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each benchmark at its {@code smoke} sizes (from kensho-scale.properties) against the embedded emulator,
 * its method run once as JMH would between setup and teardown; the iteration teardown reads the stream
 * back and throws unless every record arrived exactly once.
 */
class BenchmarkSanityTest {

    @Test
    void putRecordsWritesTheCaseOnce() {
        var b = new PutRecordVsPutRecordsBenchmark();
        Smoke.apply(b, "putRecords");
        b.open(b.defaultCase());
        try {
            b.newStream();
            String stream = b.fx.stream();
            long t0 = System.nanoTime();
            assertEquals(1, b.putRecords(), "20 records: one PutRecords call");
            assertTrue((System.nanoTime() - t0) / 1e6 >= b.roundTripMs, "the call paid the proxy's round trip");
            assertEquals(b.records, b.written);
            b.check();
            assertNull(b.fx.stream());
            assertTrue(b.fx.target.client().listStreams().streamNames().stream().noneMatch(stream::equals), "stream deleted");
        } finally {
            b.close();
        }
    }

    @Test
    void putRecordWritesOneCallPerRecord() {
        var b = new PutRecordVsPutRecordsBenchmark();
        Smoke.apply(b, "putRecord");
        var single = new PutRecordVsPutRecordsBenchmark.SingleCalls();
        Smoke.applyNested(single, PutRecordVsPutRecordsBenchmark.class);
        single.setup(null);
        b.open(b.defaultCase());
        try {
            b.newStream();
            long t0 = System.nanoTime();
            b.putRecord(single);
            double ms = (System.nanoTime() - t0) / 1e6;
            assertTrue(ms >= single.putRecordCalls * b.roundTripMs, single.putRecordCalls + " calls took " + ms + " ms");
            b.check();
        } finally {
            b.close();
        }
    }

    @Test
    void aggregatedWritesEveryUserRecordOnceInFewerKinesisRecords() {
        var b = new AggregatedPutRecordsBenchmark();
        Smoke.apply(b, "putRecords");
        b.open(b.defaultCase());
        try {
            b.newStream(null);
            long kinesisRecords = b.putRecords();
            assertEquals(b.userRecords, b.producer.userRecordsSent, "every user record acknowledged");
            assertTrue(kinesisRecords > 1 && kinesisRecords < b.userRecords / 10,
                    kinesisRecords + " Kinesis records for " + b.userRecords + " user records");
            assertTrue(b.producer.payloadUnits == kinesisRecords, "aggregates of 5 KiB: one payload unit each");
            assertTrue(b.latencies.total().getTotalCount() == b.userRecords, "a latency per user record");
            b.check(); // reads back, de-aggregates with the KCL, throws unless each user record arrived exactly once
            b.newStream(null);
            b.putRecords();
            b.check();
        } finally {
            b.close();
        }
    }

    @Test
    void sweepCaseWritesEveryRecordOnceAcrossShardsAndThreads() throws InterruptedException {
        var b = new BatchSweepBenchmark();
        Smoke.apply(b, "putRecords");
        b.open(b.defaultCase());
        try {
            b.newStream();
            b.putRecords();
            b.putRecords();
            assertEquals(2L * b.threads * b.calls, b.batcher.calls());
            b.check(); // 2 × threads × calls × batchSize records, read back over all shards
            b.newStream();
            b.putRecords();
            b.check();
        } finally {
            b.close();
        }
    }
}
