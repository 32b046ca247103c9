package dev.kensho.redis.kv.load;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The halves check tells rounds that agree from rounds that drift, says it cannot tell where its interval is too
 * wide to fail, needs four rates to say anything, and is fed the closed loop's measured rounds only.
 */
class HalvesTest {

    @Test
    void alikeIterationsAgree() {
        double[] d = Halves.drift(List.of(150e3, 152e3, 149e3, 151e3, 150e3, 152e3));
        assertTrue(Math.abs(d[0]) <= d[1], "drift " + d[0] + " within ± " + d[1]);
    }

    @Test
    void aFillingKeyspaceDriftsBeyondTheInterval() {
        // measured on a quiet 2-vCPU VM: Jedis fell 188k -> 167k req/s as an EMPTY keyspace filled
        double[] d = Halves.drift(List.of(188e3, 187e3, 186e3, 170e3, 168e3, 167e3));
        assertEquals((170e3 + 168e3 + 167e3) / 3 / 187e3 - 1, d[0], 1e-9, "mean of the second half ÷ mean of the first − 1");
        assertTrue(Math.abs(d[0]) > d[1], "drift " + d[0] + " beyond ± " + d[1]);
    }

    @Test
    void theMiddleOfAnOddCountIsLeftOutAndFewerThanFourSayNothing() {
        double[] d = Halves.drift(List.of(100.0, 101.0, 1e9, 100.0, 101.0));
        assertEquals(0, d[0], 1e-12);
        assertNull(Halves.drift(List.of(1.0, 2.0, 3.0)));
    }

    @Test
    void fiveNoisyIterationsGetNoVerdictWhereFortyRoundsDo() {
        // run reference-89ec53f, Lettuce 100 clients io-threads 1, fork 1: iterations 106.5k 81.7k 89.8k 99.8k 96.6k
        double[] iterations = Halves.drift(List.of(106.5e3, 81.7e3, 89.8e3, 99.8e3, 96.6e3));
        assertEquals(Halves.CANNOT_TELL, Halves.verdict(iterations), "±" + iterations[1] + " could not have failed");
        List<Double> rounds = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rounds.add(100e3 + (i % 2 == 0 ? 2e3 : -2e3));
        }
        assertEquals(Halves.AGREES, Halves.verdict(Halves.drift(rounds)));
        List<Double> drifting = new ArrayList<>(rounds);
        for (int i = 20; i < 40; i++) {
            drifting.set(i, drifting.get(i) * 0.92); // an 8% fall: within the noise of 5 iterations, not of 40 rounds
        }
        assertEquals(Halves.DIFFERS, Halves.verdict(Halves.drift(drifting)));
    }

    @Test
    void timingsKeepTheRoundsOfMeasurementIterationsOnly() {
        Timings t = new Timings(false);
        t.iterationStarted();
        t.round(1_000, 10_000_000L); // warm-up: dropped
        t.reset();
        t.iterationStarted();
        t.round(1_000, 10_000_000L);
        t.round(1_000, 20_000_000L);
        t.interval();
        assertEquals(List.of(100_000.0, 50_000.0), t.roundRates);
    }
}
