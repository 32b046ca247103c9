package dev.kensho.kinesis.batch;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The service's limits enforced by the client (the emulator enforces none of the size limits), and
 * partial failures — generic and throttling — retried without loss or duplication, proved by read-back.
 */
class PutRecordsBatcherTest {

    private static final int MiB = 1024 * 1024;
    private static StreamFixture fx;

    @BeforeAll
    static void start() {
        fx = StreamFixture.open(0);
    }

    @AfterAll
    static void stop() {
        if (fx != null) {
            fx.close();
        }
    }

    /** A record of exactly {@code size} bytes counting data and partition key. */
    private static PutRecordsRequestEntry sized(long tag, long id, int size) {
        return Payloads.entry(tag, id, size - Payloads.partitionKey(id).length());
    }

    private static List<Integer> callSizes(List<List<PutRecordsRequestEntry>> calls) {
        return calls.stream().map(List::size).toList();
    }

    @Test
    void fiveHundredRecordsFitOneCallFiveHundredOneNeedTwo() {
        fx.newStream("limits", 1);
        PutRecordsBatcher b = new PutRecordsBatcher(fx.writer, fx.stream(), 500);
        assertEquals(List.of(500), callSizes(b.pack(Payloads.entries(fx.tag(), 0, 500, 50))));
        assertEquals(List.of(500, 1), callSizes(b.pack(Payloads.entries(fx.tag(), 0, 501, 50))));
        b.send(Payloads.entries(fx.tag(), 0, 501, 50));
        assertEquals(2, b.calls());
        assertEquals(501, fx.checkAndDrop(null, 501).received());
    }

    @Test
    void fiveMebibytesFitOneCallOneByteMoreNeedsTwo() {
        fx.newStream("limits", 1);
        long tag = fx.tag();
        PutRecordsBatcher b = new PutRecordsBatcher(fx.writer, fx.stream(), 500);
        List<PutRecordsRequestEntry> exact = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            exact.add(sized(tag, i, MiB / 2));
        }
        assertEquals(5L * MiB, exact.stream().mapToLong(Payloads::size).sum());
        assertEquals(List.of(10), callSizes(b.pack(exact)));

        List<PutRecordsRequestEntry> over = new ArrayList<>(exact.subList(0, 9));
        over.add(sized(tag, 9, MiB / 2 + 1));
        assertEquals(List.of(9, 1), callSizes(b.pack(over)));

        b.send(exact); // the emulator takes it (it enforces nothing); the real service takes exactly 5 MiB too
        assertEquals(1, b.calls());
        fx.checkAndDrop(null, 10);
    }

    @Test
    void oneMebibyteRecordPassesOneByteMoreIsAnError() {
        PutRecordsBatcher b = new PutRecordsBatcher(fx.writer, "unused", 500);
        assertEquals(List.of(1), callSizes(b.pack(List.of(sized(1, 7, MiB)))));
        BadInput e = assertThrows(BadInput.class, () -> b.pack(List.of(sized(1, 7, MiB + 1))));
        assertTrue(e.getMessage().contains("1048577 bytes"), e.getMessage());
        assertTrue(e.getMessage().contains("at most 1048576"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertThrows(BadInput.class, () -> b.send(List.of(sized(1, 7, MiB + 1))), "nothing sent, not dropped");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 501})
    void batchSizeOutsideTheServiceLimitIsAnError(int n) {
        BadInput e = assertThrows(BadInput.class, () -> new PutRecordsBatcher(fx.writer, "unused", n));
        assertTrue(e.getMessage().startsWith("batchSize=" + n + " is not allowed; allowed: 1 … 500"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"InternalFailure", "ProvisionedThroughputExceededException"})
    void partialFailuresAreRetriedWithoutLossOrDuplication(String errorCode) {
        FailingEntries faults = new FailingEntries(errorCode, 3, 400);
        try (StreamFixture failing = StreamFixture.open(0, List.of(faults))) {
            failing.newStream("partial", 2);
            PutRecordsBatcher b = new PutRecordsBatcher(failing.writer, failing.stream(), 500, 10,
                    Duration.ofMillis(1), Duration.ofMillis(20));
            b.send(Payloads.entries(failing.tag(), 0, 1000, 50));
            assertEquals(400, faults.injected.get());
            assertEquals(400, b.retried());
            assertEquals(java.util.Map.of(errorCode, 400L), b.errors());
            assertTrue(b.calls() > 2, "retries need more calls than 2: " + b.calls());
            assertEquals(1000, b.sent());
            ReadBack.Check c = failing.checkAndDrop(null, 1000);
            assertEquals(0, c.missing());
            assertEquals(0, c.duplicated());
            assertEquals(1000, c.received());
        }
    }

    @Test
    void recordsStillFailingAfterTheLastAttemptAreAClearError() {
        FailingEntries faults = new FailingEntries("ProvisionedThroughputExceededException", 1, Integer.MAX_VALUE);
        try (StreamFixture failing = StreamFixture.open(0, List.of(faults))) {
            failing.newStream("partial", 1);
            PutRecordsBatcher b = new PutRecordsBatcher(failing.writer, failing.stream(), 500, 2,
                    Duration.ofMillis(1), Duration.ofMillis(2));
            TargetFailure e = assertThrows(TargetFailure.class, () -> b.send(Payloads.entries(failing.tag(), 0, 5, 50)));
            assertTrue(e.getMessage().contains("still failing after 2 PutRecords attempts"), e.getMessage());
            assertTrue(e.getMessage().contains("ProvisionedThroughputExceededException"), e.getMessage());
            ReadBack.Check c = ReadBack.verify(failing.target.client(), failing.stream(),
                    failing.target.streams().shardIds(failing.stream()), failing.tag(), 5);
            assertEquals(0, c.duplicated(), "what was written was written once");
            assertEquals(2, c.received(), "one record per attempt got through");
        }
    }
}
