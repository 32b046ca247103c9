package dev.kensho.redis.kv;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The halves check tells iterations that agree from iterations that drift, and needs four to say anything. */
class HalvesTest {

    @Test
    void alikeIterationsAgree() {
        double[] d = Halves.drift(List.of(150e3, 152e3, 149e3, 151e3, 150e3, 152e3));
        assertTrue(Math.abs(d[0]) <= d[1], "drift " + d[0] + " within ± " + d[1]);
    }

    @Test
    void aFillingKeyspaceDriftsBeyondTheInterval() {
        // design.md: Jedis fell 188k -> 167k as an EMPTY keyspace filled
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
}
