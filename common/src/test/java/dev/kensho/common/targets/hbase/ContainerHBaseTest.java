package dev.kensho.common.targets.hbase;

import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The container target on a Docker host: start the image, create, load and drop a suite table.
 * Skipped (visibly) without Docker — the machines this suite was built on have none, so this target is
 * unverified there; the embedded target's tests in hbase-meter cover the same code paths otherwise.
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerHBaseTest {

    @Test
    void containerTargetCreatesAndDropsItsOwnTable() {
        System.setProperty(HBaseTarget.CONTAINER_PROPERTY, "true");
        try (HBaseTarget t = HBaseTargets.open()) {
            assertEquals(HBaseTarget.Kind.CONTAINER, t.kind());
            var tn = t.table("container_smoke");
            t.createTable(org.apache.hadoop.hbase.client.TableDescriptorBuilder.newBuilder(tn)
                    .setColumnFamily(org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder.of("d")).build(), null);
            assertTrue(t.ownedBySuite(tn));
            t.dropTable(tn);
            assertTrue(!t.exists(tn));
        } finally {
            System.clearProperty(HBaseTarget.CONTAINER_PROPERTY);
        }
    }
}
