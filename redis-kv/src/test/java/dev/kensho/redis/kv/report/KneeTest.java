package dev.kensho.redis.kv.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The knee finder on synthetic curves: the right point, and "no knee" when the sweep does not bracket it. */
class KneeTest {

    private static List<Knee.Point<String>> curve(double... offeredAndP99) {
        List<Knee.Point<String>> ps = new ArrayList<>();
        for (int i = 0; i < offeredAndP99.length; i += 2) {
            ps.add(new Knee.Point<>(offeredAndP99[i], offeredAndP99[i], offeredAndP99[i + 1], "r" + (int) offeredAndP99[i]));
        }
        Collections.reverse(ps); // the finder orders by offered rate itself
        return ps;
    }

    @Test
    void theKneeIsTheHighestRateBeforeTheFirstPointOverTheBound() {
        // bound = 10 × 100 µs = 1000 µs: 75k is within (900), 90k is not (1500)
        Knee.Result<String> r = Knee.find(curve(25_000, 100, 50_000, 150, 75_000, 900, 90_000, 1_500, 100_000, 8_000));
        assertEquals(Knee.Kind.FOUND, r.kind());
        assertEquals("r75000", r.knee().data());
        assertEquals(1_000, r.bound(), 1e-9);
    }

    @Test
    void aPointBackWithinTheBoundAfterOneOverItIsNotTheKnee() {
        Knee.Result<String> r = Knee.find(curve(25_000, 100, 50_000, 300, 75_000, 1_200, 90_000, 900, 100_000, 5_000));
        assertEquals(Knee.Kind.FOUND, r.kind());
        assertEquals("r50000", r.knee().data(), "the p99 must stay within the bound up to the knee");
    }

    @Test
    void everyPointWithinTheBoundPutsTheKneeAboveTheSweep() {
        Knee.Result<String> r = Knee.find(curve(25_000, 100, 50_000, 120, 75_000, 200, 100_000, 1_000));
        assertEquals(Knee.Kind.ABOVE_SWEEP, r.kind());
        assertEquals("r100000", r.knee().data(), "the highest point is a lower bound on the knee");
    }

    @Test
    void noPointAboveTheLowestWithinTheBoundPutsTheKneeBelowTheSweep() {
        Knee.Result<String> r = Knee.find(curve(25_000, 100, 50_000, 1_001, 75_000, 5_000));
        assertEquals(Knee.Kind.BELOW_SWEEP, r.kind());
        assertNull(r.knee());
    }

    /**
     * Run reference-23dbf8b, Lettuce 100 clients io-threads 1: a high floor (p99 23.5 ms at 0.25×) makes a bound
     * that saturated points meet; the points that fell short of their offered rate are past the knee all the same.
     */
    @Test
    void aPointThatFellShortOfItsOfferedRateIsPastTheKneeWhateverItsP99() {
        List<Knee.Point<String>> ps = List.of(
                new Knee.Point<>(14_518, 14_492, 23_511, "0.25x"),
                new Knee.Point<>(29_036, 29_013, 26_509, "0.5x"),
                new Knee.Point<>(43_554, 43_280, 45_154, "0.75x"),
                new Knee.Point<>(52_265, 48_398, 115_278, "0.9x"),
                new Knee.Point<>(58_072, 49_051, 204_734, "1.0x"));
        Knee.Result<String> r = Knee.find(ps);
        assertEquals(Knee.Kind.FOUND, r.kind());
        assertEquals("0.75x", r.knee().data());
    }

    @Test
    void onePointIsNoCurve() {
        assertEquals(Knee.Kind.TOO_FEW, Knee.find(curve(25_000, 100)).kind());
    }
}
