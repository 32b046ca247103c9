package dev.kensho.kinesis.batch;

import dev.kensho.targets.kinesis.KinesisSettings;
import dev.kensho.targets.kinesis.EmbeddedKinesis;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.StreamStatus;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Kinesis safety check: an endpoint holding someone else's stream is used as an external
 * target; both benchmarks run at smoke size against it; afterwards that stream is still there with all
 * its records and none of the suite's streams are left.
 */
class UnrelatedStreamTest {

    private static final Map<String, String> AS_EXTERNAL = Map.of(
            KinesisSettings.CBOR.key(), "false",
            "aws.accessKeyId", "kensho-test",
            "aws.secretAccessKey", "kensho-test-secret");

    @Test
    void unrelatedStreamKeepsItsRecords() throws InterruptedException {
        try (EmbeddedKinesis other = EmbeddedKinesis.start()) {
            KinesisClient c = other.client();
            c.createStream(b -> b.streamName("orders-prod").shardCount(2));
            while (c.describeStreamSummary(b -> b.streamName("orders-prod")).streamDescriptionSummary().streamStatus()
                    != StreamStatus.ACTIVE) {
                Thread.sleep(20);
            }
            for (int i = 0; i < 10; i++) {
                int id = i;
                c.putRecord(b -> b.streamName("orders-prod").partitionKey("order-" + id).data(SdkBytes.fromUtf8String("order " + id)));
            }
            AS_EXTERNAL.forEach(System::setProperty);
            System.setProperty(KinesisSettings.ENDPOINT.key(), other.endpoint().toString());
            try {
                var sweep = new BatchSweepBenchmark();
                sweep.batchSize = 10;
                sweep.recordBytes = 50;
                sweep.roundTripMs = 0;
                sweep.shards = 2;
                sweep.threads = 2;
                sweep.calls = 2;
                sweep.open(sweep.defaultCase());
                try {
                    sweep.newStream();
                    sweep.putRecords();
                    sweep.check();
                } finally {
                    sweep.close();
                }
                var single = new PutRecordVsPutRecordsBenchmark();
                single.records = 20;
                single.recordBytes = 50;
                single.roundTripMs = 0;
                single.connection = "REUSED";
                single.open(single.defaultCase());
                try {
                    single.newStream();
                    single.putRecords();
                    single.check();
                } finally {
                    single.close();
                }
            } finally {
                AS_EXTERNAL.keySet().forEach(System::clearProperty);
                System.clearProperty(KinesisSettings.ENDPOINT.key());
            }
            assertEquals(List.of("orders-prod"), c.listStreams().streamNames(), "only the unrelated stream is left");
            List<String> shards = other.streams().shardIds("orders-prod");
            long n = 0;
            for (String shard : shards) {
                String it = c.getShardIterator(b -> b.streamName("orders-prod").shardId(shard)
                        .shardIteratorType("TRIM_HORIZON")).shardIterator();
                n += c.getRecords(b -> b.shardIterator(it)).records().size();
            }
            assertEquals(10, n, "the unrelated stream's records are intact");
        }
    }
}
