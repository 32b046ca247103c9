package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HBase target's checks that run before anything starts: JDK, target properties, namespace,
 * codec and encoding names. No cluster here (the mini cluster tests live in hbase-meter, whose JVM has
 * the add-opens HBase needs).
 */
class HBaseTargetsTest {

    @AfterEach
    void clear() {
        System.clearProperty(HBaseSettings.ZOOKEEPER.key());
        System.clearProperty(HBaseSettings.ZNODE_PARENT.key());
        System.clearProperty(HBaseSettings.NAMESPACE.key());
        System.clearProperty(HBaseSettings.REGION_SERVERS.key());
        System.clearProperty(HBaseSettings.CONTAINER.key());
    }

    @Test
    void jdk25IsRefusedInOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> HBaseTargets.requireSupportedJdk(25, "/opt/jdk-25"));
        assertTrue(e.getMessage().contains("17 … 21") && !e.getMessage().contains("\n"), e.getMessage());
        assertThrows(BadInput.class, () -> HBaseTargets.requireSupportedJdk(11, "/opt/jdk-11"));
        assertDoesNotThrow(() -> HBaseTargets.requireSupportedJdk(17, "x"));
        assertDoesNotThrow(() -> HBaseTargets.requireSupportedJdk(21, "x"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zk1:2181;zk2", "zk1:99999", "zk1:", "http://zk1:2181", "zk 1", ",zk1"})
    void badQuorumIsRefused(String quorum) {
        BadInput e = assertThrows(BadInput.class, () -> ExternalHBase.parse(quorum, "/hbase"));
        assertTrue(e.getMessage().startsWith(HBaseSettings.ZOOKEEPER.key()), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"hbase", "/", "/hbase/", "//x", "/a b"})
    void badZnodeParentIsRefused(String znode) {
        BadInput e = assertThrows(BadInput.class, () -> ExternalHBase.parse("zk1:2181", znode));
        assertTrue(e.getMessage().startsWith(HBaseSettings.ZNODE_PARENT.key()), e.getMessage());
    }

    @Test
    void goodQuorumParsesWithoutConnecting() {
        ExternalHBase t = ExternalHBase.parse("zk1.example:2181,zk2,10.0.0.3:2182", "/hbase-unsecure");
        assertEquals(HBaseTarget.Kind.EXTERNAL, t.kind());
        assertEquals("zk1.example:2181,zk2,10.0.0.3:2182", t.configuration().get("hbase.zookeeper.quorum"));
        assertEquals("/hbase-unsecure", t.configuration().get("zookeeper.znode.parent"));
        assertTrue(t.describe().contains("zk1.example:2181"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"default", "hbase", "my-ns", "a:b", ""})
    void foreignOrMalformedNamespaceIsRefused(String ns) {
        System.setProperty(HBaseSettings.NAMESPACE.key(), ns.isEmpty() ? " " : ns);
        if (ns.isEmpty()) {
            assertDoesNotThrow(HBaseTargets::validate); // blank = the default namespace 'kensho'
        } else {
            BadInput e = assertThrows(BadInput.class, HBaseTargets::validate);
            assertTrue(e.getMessage().startsWith(HBaseSettings.NAMESPACE.key()), e.getMessage());
        }
    }

    @Test
    void validateChecksTheExternalPropertiesAndRegionServers() {
        System.setProperty(HBaseSettings.ZOOKEEPER.key(), "zk1:2181");
        System.setProperty(HBaseSettings.ZNODE_PARENT.key(), "no-slash");
        assertThrows(BadInput.class, HBaseTargets::validate);
        System.clearProperty(HBaseSettings.ZOOKEEPER.key());
        System.setProperty(HBaseSettings.REGION_SERVERS.key(), "0");
        BadInput e = assertThrows(BadInput.class, HBaseTargets::validate);
        assertTrue(e.getMessage().startsWith(HBaseSettings.REGION_SERVERS.key()), e.getMessage());
        System.setProperty(HBaseSettings.REGION_SERVERS.key(), "2");
        System.setProperty(HBaseSettings.CONTAINER.key(), "maybe");
        assertThrows(BadInput.class, HBaseTargets::validate);
    }

    @Test
    void unknownCodecAndEncodingAreOneLine() {
        BadInput c = assertThrows(BadInput.class, () -> Codecs.codec("codec", "XZ"));
        assertEquals("codec=XZ is not allowed; allowed: NONE, GZ, SNAPPY, LZ4, ZSTD, LZO, BROTLI", c.getMessage());
        BadInput e = assertThrows(BadInput.class, () -> Codecs.encoding("encoding", "PREFIX_TREE"));
        assertEquals("encoding=PREFIX_TREE is not allowed; allowed: NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1", e.getMessage());
        assertEquals("GZ", Codecs.codec("codec", "gz").name());
    }

    @Test
    void aCodecWhoseModuleIsMissingSaysWhichModule() {
        // common does not depend on the codec modules (hbase-meter does): here SNAPPY's class is absent
        if (!Codecs.available().contains("SNAPPY")) {
            BadInput e = assertThrows(BadInput.class, () -> Codecs.codec("codec", "SNAPPY"));
            assertTrue(e.getMessage().contains("hbase-compression-snappy") && !e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(Codecs.available().containsAll(java.util.List.of("NONE", "GZ")));
        assertFalse(Codecs.available().isEmpty());
    }
}
