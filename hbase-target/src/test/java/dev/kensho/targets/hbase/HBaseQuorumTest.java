package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.targets.Claims;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HBase quorum is one value per JVM: parsed once however many code paths ask for it (validation, the launcher's
 * claim on the tables and its renewals, the class server decision, a fork's target and its claim), and the count is
 * shown to move when something does parse again.
 */
class HBaseQuorumTest {

    @AfterEach
    void clear() {
        System.clearProperty(HBaseSettings.ZOOKEEPER.key());
        System.clearProperty(HBaseSettings.ZNODE_PARENT.key());
        Claims.clear();
        HBaseQuorum.forget();
    }

    /** The embedded mini cluster addressed as an external one through its ZooKeeper. */
    @Test
    void theQuorumIsParsedOnceAcrossValidationClaimAndTarget() {
        try (EmbeddedHBase cluster = EmbeddedHBase.start()) {
            String zkPort = cluster.attachSpec().split(",")[1];
            System.setProperty(HBaseSettings.ZOOKEEPER.key(), "127.0.0.1:" + zkPort);
            HBaseQuorum.forget();
            int before = HBaseQuorum.PARSES.get();

            HBaseTargets.preflight(); // validation, the claim's look, the claim registered
            assertNull(HBaseTargets.forClass(), "an external cluster: no class server");
            try (Claims.Held held = Claims.takeAll(RunTables.runId(), line -> { })) { // the launcher takes it
                try (HBaseTarget t = HBaseTargets.open()) { // a fork of that run: the claim is there, no claim of its own
                    assertEquals(HBaseTarget.Kind.EXTERNAL, t.kind());
                    assertTrue(t.describe().contains("127.0.0.1:" + zkPort), t.describe());
                }
            }
            try (HBaseTarget t = HBaseTargets.open()) { // an entry point outside a run: it holds a claim itself
                assertEquals(HBaseTarget.Kind.EXTERNAL, t.kind());
            }

            assertEquals(1, HBaseQuorum.PARSES.get() - before, "kensho.hbase.zookeeper parsed once in this JVM");
        }
    }

    /** The counter can fail: code that parses twice is counted twice, and so is a forgotten memo. */
    @Test
    void parsingTwiceCountsTwo() {
        int before = HBaseQuorum.PARSES.get();
        HBaseQuorum.parse("zk1:2181", "/hbase");
        HBaseQuorum.parse("zk1:2181", "/hbase");
        assertEquals(2, HBaseQuorum.PARSES.get() - before);

        System.setProperty(HBaseSettings.ZOOKEEPER.key(), "zk1:2181,zk2");
        Optional<HBaseQuorum> first = HBaseQuorum.current();
        HBaseQuorum.forget();
        HBaseQuorum.current();
        assertEquals(4, HBaseQuorum.PARSES.get() - before, "without the memo every reader parses again");
        HBaseTargets.validate();
        HBaseQuorum.current();
        assertEquals(4, HBaseQuorum.PARSES.get() - before);
        assertEquals(first, HBaseQuorum.current());
    }

    @Test
    void theValueIsTypedWithItsOneDefaultAndAnotherSettingIsResolvedAnew() {
        assertTrue(HBaseQuorum.current().isEmpty());
        System.setProperty(HBaseSettings.ZOOKEEPER.key(), " zk1:2181,zk2 ");
        HBaseQuorum q = HBaseQuorum.current().orElseThrow();
        assertEquals(new HBaseQuorum("zk1:2181,zk2", HBaseTarget.ZNODE_PARENT_DEFAULT), q);
        assertSame(q, HBaseQuorum.current().orElseThrow());
        System.setProperty(HBaseSettings.ZNODE_PARENT.key(), "/hbase-unsecure");
        assertEquals("/hbase-unsecure", HBaseQuorum.current().orElseThrow().znodeParent());
    }

    @Test
    void badSettingsAreOneLineNamingTheSetting() {
        System.setProperty(HBaseSettings.ZOOKEEPER.key(), "zk1:99999");
        BadInput port = assertThrows(BadInput.class, HBaseQuorum::current);
        assertTrue(port.getMessage().startsWith(HBaseSettings.ZOOKEEPER.key() + " port=99999"), port.getMessage());
        System.setProperty(HBaseSettings.ZOOKEEPER.key(), "zk1:2181");
        System.setProperty(HBaseSettings.ZNODE_PARENT.key(), "no-slash");
        BadInput z = assertThrows(BadInput.class, HBaseTargets::validate);
        assertTrue(z.getMessage().startsWith(HBaseSettings.ZNODE_PARENT.key() + "=no-slash"), z.getMessage());
        assertTrue(z.getMessage().lines().count() == 1, z.getMessage());
    }
}
