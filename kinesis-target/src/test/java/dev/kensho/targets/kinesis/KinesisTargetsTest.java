package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Target properties are checked before anything starts, each failure one line naming the property.
 * (Starting the embedded emulator is tested in kinesis-batch; this module's build installs it with npm ci.)
 */
class KinesisTargetsTest {

    private static final List<String> PROPS = List.of(KinesisSettings.REGION.key(), KinesisSettings.ENDPOINT.key(),
            KinesisSettings.CBOR.key(), KinesisSettings.CONTAINER.key(), KinesisSettings.STREAM_PREFIX.key(),
            KinesisSettings.NODE.key(), KinesisSettings.NODE_MODULES.key());

    @AfterEach
    void clear() {
        PROPS.forEach(System::clearProperty);
    }

    private static void assertOneLine(BadInput e, String startsWith) {
        assertTrue(e.getMessage().startsWith(startsWith), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({
            "kensho.kinesis.region, mars-north-1",
            "kensho.kinesis.region, aws-global",
            "kensho.kinesis.endpoint, ftp://host:1",
            "kensho.kinesis.endpoint, http://user:secret@host:4567",
            "kensho.kinesis.endpoint, not a uri",
            "kensho.kinesis.endpoint, http://host:4567/some/path",
            "kensho.kinesis.cbor, maybe",
            "kensho.kinesis.streamPrefix, bad prefix!",
    })
    void badTargetPropertiesAreOneLine(String property, String value) {
        System.setProperty(property, value);
        if (property.equals(KinesisSettings.CBOR.key())) {
            System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:4567");
        }
        BadInput e = assertThrows(BadInput.class, KinesisTargets::validate);
        assertOneLine(e, property + "=");
    }

    @Test
    void aFreshTlsConnectionPerCallRefusesAnHttpEndpointOrTheContainerInOneLine() {
        System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:4567");
        assertOneLine(assertThrows(BadInput.class, () -> KinesisTargets.open(true)), KinesisSettings.ENDPOINT.key() + "=");
        System.clearProperty(KinesisSettings.ENDPOINT.key());
        System.setProperty(KinesisSettings.CONTAINER.key(), "true");
        assertOneLine(assertThrows(BadInput.class, () -> KinesisTargets.open(true)), KinesisSettings.CONTAINER.key() + "=");
    }

    @Test
    void aStreamUnderThePrefixThatThisRunDidNotCreateIsNeverDeleted() {
        KinesisStreams streams = new KinesisStreams(null); // refused before any call reaches a server
        BadInput mine = assertThrows(BadInput.class, () -> streams.delete("kensho-users-own-stream"));
        assertOneLine(mine, "refusing to delete stream kensho-users-own-stream");
        assertTrue(mine.getMessage().contains("this run did not create it"), mine.getMessage());
        assertOneLine(assertThrows(BadInput.class, () -> streams.delete("orders")), "refusing to delete stream orders");
    }

    @Test
    void missingNodeIsOneLine() {
        System.setProperty(KinesisSettings.NODE.key(), "/nonexistent/bin/node");
        BadInput e = assertThrows(BadInput.class, KinesisTargets::validate);
        assertOneLine(e, "the embedded Kinesis emulator needs Node.js");
        System.setProperty(KinesisSettings.NODE.key(), "kensho-no-such-node");
        e = assertThrows(BadInput.class, KinesisTargets::validate);
        assertTrue(e.getMessage().contains("not on the PATH"), e.getMessage());
    }

    @Test
    void missingEmulatorInstallIsOneLine() {
        System.setProperty(KinesisSettings.NODE_MODULES.key(), "/nonexistent/node_modules");
        BadInput e = assertThrows(BadInput.class, KinesisTargets::validate);
        assertOneLine(e, KinesisSettings.NODE_MODULES.key() + "=");
        assertTrue(e.getMessage().contains("npm ci"), e.getMessage());
    }

    @Test
    void anEmulatorNotInstalledIsALackToSkipNotBadInput(@org.junit.jupiter.api.io.TempDir java.nio.file.Path bare) {
        // a folder without kinesis-target/node_modules, as the jar's on a machine with only a JDK
        System.setProperty(dev.kensho.common.Setting.ROOT.key(), bare.toString());
        try {
            KinesisTargets.validate(); // nothing the user set is wrong
            String why = KinesisTargets.whyUnavailable();
            assertTrue(why != null && why.startsWith("needs the embedded Kinesis emulator, which is not installed (no"
                    + " kinesalite in " + bare.resolve("kinesis-target").resolve("node_modules")), why);
            assertTrue(why.contains("npm ci") && why.contains("-D" + KinesisSettings.NODE_MODULES.key()), why);
            System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:4567");
            assertEquals(null, KinesisTargets.whyUnavailable(), "an endpoint needs no emulator");
            assertTrue(KinesisTargets.whyNoTls().startsWith(KinesisSettings.ENDPOINT.key() + "=http://127.0.0.1:4567 is http"));
        } finally {
            System.clearProperty(dev.kensho.common.Setting.ROOT.key());
        }
    }

    @Test
    void knownRegionAndEndpointPass() {
        System.setProperty(KinesisSettings.REGION.key(), "ap-northeast-1");
        KinesisTargets.validate();
        assertEquals("ap-northeast-1", ExternalKinesis.region("AP-NORTHEAST-1").id());
        System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:4567");
        System.setProperty(KinesisSettings.CBOR.key(), "false");
        KinesisTargets.validate();
    }

    @Test
    void describeNeverShowsCredentials() {
        ExternalKinesis t = ExternalKinesis.parse("eu-west-1", null, true);
        try {
            assertEquals("AWS Kinesis eu-west-1", t.describe());
            assertFalse(t.serverInfo().toString().toLowerCase().contains("secret"));
        } finally {
            t.close();
        }
    }
}
