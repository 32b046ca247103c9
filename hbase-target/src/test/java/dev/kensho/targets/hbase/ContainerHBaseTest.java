package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The container target on a Docker host: start the image, create, load and drop a suite table; and
 * where the image cannot be had, one line saying so. The machines this suite is built on run a Docker
 * engine (in CI) but reach no image registry, so the first test is skipped there, visibly, with that
 * reason; the embedded target's tests in hbase-meter cover the same code paths.
 */
class ContainerHBaseTest {

    @BeforeEach
    void docker() {
        assumeTrue(DockerEngine.available(), "no Docker engine reachable (start dockerd or set DOCKER_HOST):"
                + " the HBase container target is not tested here");
        System.setProperty(HBaseSettings.CONTAINER.key(), "true");
    }

    @AfterEach
    void clear() {
        System.clearProperty(HBaseSettings.CONTAINER.key());
        System.clearProperty(HBaseSettings.IMAGE.key());
    }

    @Test
    void containerTargetCreatesAndDropsItsOwnTable() {
        String image = HBaseSettings.IMAGE.get(HBaseTarget.IMAGE_DEFAULT);
        assumeTrue(DockerEngine.hasImage(image), "image " + image + " is not on this Docker host (the machines this suite"
                + " is built on reach no image registry): the HBase container target is not tested here; `docker pull "
                + image + "` where one is reachable");
        try (HBaseTarget t = HBaseTargets.open()) {
            assertEquals(HBaseTarget.Kind.CONTAINER, t.kind());
            var tn = t.table("container_smoke");
            t.createTable(org.apache.hadoop.hbase.client.TableDescriptorBuilder.newBuilder(tn)
                    .setColumnFamily(org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder.of("d")).build(), null);
            assertTrue(t.ownedBySuite(tn));
            t.dropTable(tn);
            assertTrue(!t.exists(tn));
        }
    }

    @Test
    void imageThatCannotBeHadFailsInOneLine() {
        String image = "kensho-test/no-such-image:0";
        System.setProperty(HBaseSettings.IMAGE.key(), image);
        TargetFailure e = assertThrows(TargetFailure.class, HBaseTargets::open);
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(HBaseSettings.CONTAINER.key() + "=true: image " + image + " is not on this"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(ContainerHBase.INSTEAD), e.getMessage());
    }
}
