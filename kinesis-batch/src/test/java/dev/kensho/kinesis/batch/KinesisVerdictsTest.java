package dev.kensho.kinesis.batch;

import dev.kensho.common.export.Interval;
import dev.kensho.report.Published;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kinesis figures that follow from the round trip the suite injects stay "set by the suite": every row
 * of published.csv at a round trip above 0 ms, whatever our number. The direction at 0 ms is judged, as a check (500
 * records share each call's cost); the sender's load is a claim no benchmark measures yet, and says what would.
 */
class KinesisVerdictsTest {

    private static final List<Published> PUBLISHED = Published.load(KinesisSection.class);
    private static final Verdict.Conditions HERE = new Verdict.Conditions(2, 1);

    @Test
    void everyFigureAtAnInjectedRoundTripIsSetByTheSuite() {
        List<Published> delayed = PUBLISHED.stream().filter(p -> p.filter().containsKey("roundTripMs")
                && Double.parseDouble(p.filter().get("roundTripMs")) > 0).toList();
        assertTrue(delayed.stream().map(Published::key).toList().containsAll(
                List.of("direction_40ms", "direction_160ms", "speedup", "model_speedup", "call_ms", "putrecord_1000")));
        for (Published p : delayed) {
            if (p.kind() == Published.Kind.CONTEXT) {
                continue; // a figure of the write-up's machine (record_ms, putrecords_2x500): no verdict either way
            }
            assertEquals(Published.Kind.SET, p.kind(), p.key());
            assertEquals(Verdict.SET_BY_SUITE, Verdict.of(p, 453, new Interval(400, 500, "Fieller"), HERE), p.key());
            assertEquals(Verdict.SET_BY_SUITE, Verdict.of(p, p.value(), new Interval(p.value() * 0.99, p.value() * 1.01, "delta"), HERE),
                    p.key() + ": even a match is not a finding");
        }
    }

    @Test
    void theDirectionWithNoDelayIsAJudgedCheck() {
        Published d0 = PUBLISHED.stream().filter(p -> p.key().equals("direction_0ms")).findFirst().orElseThrow();
        assertEquals(Published.Kind.CHECK, d0.kind());
        assertEquals("0", d0.filter().get("roundTripMs"));
        assertTrue(Verdict.of(d0, 53.4, new Interval(20, 90, "Fieller"), HERE).startsWith(Verdict.REPRODUCED));
        assertTrue(Verdict.of(d0, 53.4, new Interval(0.5, 120, "Fieller"), HERE).startsWith(Verdict.NOT_RESOLVED));
        assertFalse(Verdict.of(d0, 0.5, new Interval(0.4, 0.6, "Fieller"), HERE).startsWith(Verdict.REPRODUCED));
        Published load = PUBLISHED.stream().filter(p -> p.key().equals("sender_load")).findFirst().orElseThrow();
        assertTrue(!load.measured() && Verdict.notMeasured(load).startsWith(Verdict.NOT_MEASURED + ": the load generator's CPU"));
    }
}
