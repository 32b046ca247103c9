package dev.kensho.targets.kinesis;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.ChildProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The external Kinesis settings are one value per JVM: parsed once however many code paths ask (validation, the
 * availability and TLS questions a benchmark's rules ask, the target), and the count is shown to move when something
 * does parse again.
 */
class KinesisEndpointTest {

    @AfterEach
    void clear() {
        System.clearProperty(KinesisSettings.REGION.key());
        System.clearProperty(KinesisSettings.ENDPOINT.key());
        System.clearProperty(KinesisSettings.CBOR.key());
        KinesisEndpoint.forget();
    }

    @Test
    void theEndpointIsParsedOnceAcrossValidationTheQuestionsAndTheTarget() {
        int port = ChildProcess.freePort(); // nothing listens there
        System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:" + port);
        KinesisEndpoint.forget();
        int before = KinesisEndpoint.PARSES.get();

        KinesisTargets.validate();
        assertNull(KinesisTargets.whyUnavailable());
        assertTrue(KinesisTargets.whyNoTls().startsWith(KinesisSettings.ENDPOINT.key() + "=http://127.0.0.1:" + port + " is http"));
        assertThrows(BadInput.class, () -> KinesisTargets.open(true), "http refused where TLS is asked for");
        TargetFailure e = assertThrows(TargetFailure.class, KinesisTargets::open);
        assertTrue(e.getMessage().startsWith("external Kinesis http://127.0.0.1:" + port), e.getMessage());

        assertEquals(1, KinesisEndpoint.PARSES.get() - before, "the Kinesis settings parsed once in this JVM");
    }

    /** The counter can fail: code that parses twice is counted twice, and so is a forgotten memo. */
    @Test
    void parsingTwiceCountsTwo() {
        int before = KinesisEndpoint.PARSES.get();
        KinesisEndpoint.parse("eu-west-1", null, true);
        KinesisEndpoint.parse("eu-west-1", null, true);
        assertEquals(2, KinesisEndpoint.PARSES.get() - before);

        System.setProperty(KinesisSettings.REGION.key(), "eu-west-1");
        Optional<KinesisEndpoint> first = KinesisEndpoint.current();
        KinesisEndpoint.forget();
        KinesisEndpoint.current();
        assertEquals(4, KinesisEndpoint.PARSES.get() - before, "without the memo every reader parses again");
        KinesisTargets.validate();
        assertEquals(4, KinesisEndpoint.PARSES.get() - before);
        assertEquals(first, KinesisEndpoint.current());
    }

    @Test
    void theValueIsTypedWithItsOneDefaultAndAnotherSettingIsResolvedAnew() {
        assertTrue(KinesisEndpoint.current().isEmpty());
        System.setProperty(KinesisSettings.REGION.key(), "AP-NORTHEAST-1");
        KinesisEndpoint aws = KinesisEndpoint.current().orElseThrow();
        assertEquals("ap-northeast-1", aws.region().id());
        assertNull(aws.endpoint());
        assertTrue(aws.cbor() && aws.tls());
        System.clearProperty(KinesisSettings.REGION.key());
        System.setProperty(KinesisSettings.ENDPOINT.key(), "http://127.0.0.1:4567");
        System.setProperty(KinesisSettings.CBOR.key(), "false");
        KinesisEndpoint other = KinesisEndpoint.current().orElseThrow();
        assertEquals("us-east-1", other.region().id());
        assertFalse(other.cbor() || other.tls());
    }
}
