package dev.kensho.targets.kinesis;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.ShardIteratorType;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * LocalStack's Kinesis via Testcontainers: put one record through a 0 ms proxy and read it back; and
 * where the image cannot be had, one line saying so. The machines this suite is built on run a Docker
 * engine (in CI) but reach no image registry, so the round trip is skipped there, visibly, with that
 * reason; the same read-back is covered against the embedded emulator by kinesis-batch's tests.
 */
class ContainerKinesisTest {

    @BeforeEach
    void docker() {
        assumeTrue(DockerEngine.available(), "no Docker engine reachable (start dockerd or set DOCKER_HOST):"
                + " the Kinesis container target is not tested here");
    }

    @Test
    void localStackRoundTrip() {
        String image = KinesisSettings.IMAGE.get(ContainerKinesis.IMAGE_DEFAULT);
        assumeTrue(DockerEngine.hasImage(image), "image " + image + " is not on this Docker host (the machines this suite"
                + " is built on reach no image registry): the Kinesis container target is not tested here; `docker pull "
                + image + "` where one is reachable");
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

    @Test
    void imageThatCannotBeHadFailsInOneLine() {
        String image = "kensho-test/no-such-image:0";
        System.setProperty(KinesisSettings.IMAGE.key(), image);
        try {
            TargetFailure e = assertThrows(TargetFailure.class, ContainerKinesis::start);
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            assertTrue(e.getMessage().startsWith(KinesisSettings.CONTAINER.key() + "=true: image " + image + " is not on this"),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith(ContainerKinesis.INSTEAD), e.getMessage());
        } finally {
            System.clearProperty(KinesisSettings.IMAGE.key());
        }
    }
}
