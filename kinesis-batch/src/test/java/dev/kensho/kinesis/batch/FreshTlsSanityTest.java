package dev.kensho.kinesis.batch;

import dev.kensho.targets.kinesis.KinesisTarget;
import dev.kensho.launcher.testing.Smoke;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code connection=FRESH_TLS} at smoke size against the embedded emulator serving TLS: every call opens
 * its own connection through the delay proxy and makes a full TLS handshake with a new client, and the
 * iteration teardown reads every record back exactly once.
 */
class FreshTlsSanityTest {

    @Test
    void everyPutRecordCallOpensItsOwnTlsConnectionAndEveryRecordIsReadBack() {
        var b = new PutRecordVsPutRecordsBenchmark();
        Smoke.apply(b, "putRecord", Map.of("connection", "FRESH_TLS"));
        var single = new PutRecordVsPutRecordsBenchmark.SingleCalls();
        Smoke.applyNested(single, PutRecordVsPutRecordsBenchmark.class);
        single.setup(null);
        b.open(b.defaultCase());
        try {
            assertTrue(b.fx.target.tls(), b.fx.target.describe() + " serves TLS");
            assertTrue(b.fx.target.endpoint().toString().startsWith("https://"), b.fx.target.endpoint().toString());
            b.newStream();
            long proxied = b.fx.proxy.connections();
            long t0 = System.nanoTime();
            b.putRecord(single);
            double ms = (System.nanoTime() - t0) / 1e6;
            int n = single.putRecordCalls;
            assertEquals(n, b.fx.proxy.connections() - proxied, "one new connection through the proxy per call");
            assertEquals(n, b.fx.connects.connections(), "one TLS connect + handshake per call");
            assertEquals(n, b.fx.builds(), "one new client per call");
            // lower bound only: TCP + TLS 1.2 (2) + the request, each paying the proxy's round trip
            assertTrue(ms >= n * 4 * b.roundTripMs, n + " fresh TLS calls took " + ms + " ms at " + b.roundTripMs + " ms");
            b.check(); // reads all n records back, exactly once
        } finally {
            b.close();
        }
    }

    @Test
    void putRecordsUsesAFreshClientPerCallOf500AndEveryRecordIsReadBack() {
        var b = new PutRecordVsPutRecordsBenchmark();
        Smoke.apply(b, "putRecords", Map.of("connection", "FRESH_TLS", "records", "600"));
        b.open(b.defaultCase());
        try {
            b.newStream();
            long proxied = b.fx.proxy.connections();
            assertEquals(2, b.putRecords(), "600 records: two PutRecords calls");
            assertEquals(2, b.fx.proxy.connections() - proxied, "each on its own connection");
            assertEquals(2, b.fx.builds());
            b.check();
            assertEquals(600, b.written);
        } finally {
            b.close();
        }
    }

    @Test
    void freshClientsOfferTls12Only() {
        assertEquals(java.util.List.of("TLSv1.2"), java.util.List.of(KinesisTarget.FRESH_TLS_PROTOCOLS));
    }
}
