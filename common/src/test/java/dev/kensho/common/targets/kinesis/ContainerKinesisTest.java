package dev.kensho.common.targets.kinesis;

import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.ShardIteratorType;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * LocalStack's Kinesis via Testcontainers: put one record through a 0 ms proxy and read it back. Skipped
 * (and reported as skipped) where no Docker engine runs, as on the machines this suite was built on; the
 * same read-back is covered against the embedded emulator by kinesis-batch's tests.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerKinesisTest {

    @Test
    void localStackRoundTrip() {
        try (ContainerKinesis t = ContainerKinesis.start()) {
            String stream = t.streams().create("container", 1);
            try {
                KinesisClient c = t.client(t.proxy(0), java.util.List.of());
                c.putRecord(b -> b.streamName(stream).partitionKey("k").data(SdkBytes.fromUtf8String("kensho")));
                String shard = t.streams().shardIds(stream).get(0);
                String it = t.client().getShardIterator(b -> b.streamName(stream).shardId(shard)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
                assertEquals("kensho", t.client().getRecords(b -> b.shardIterator(it)).records().get(0).data().asUtf8String());
            } finally {
                t.streams().delete(stream);
            }
        }
    }
}
