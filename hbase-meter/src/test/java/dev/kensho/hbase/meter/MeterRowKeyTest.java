package dev.kensho.hbase.meter;

import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeterRowKeyTest {

    @Test
    void keyIsSaltMeterDateTime() {
        MeterRowKey k = new MeterRowKey(8);
        byte[] key = k.key(1234, 48 + 3); // 2017-01-02 01:30
        assertEquals(23, key.length);
        assertEquals(1234 % 8, key[0]);
        assertEquals("0000001234201701020130", new String(key, 1, 22, StandardCharsets.US_ASCII));
        assertEquals(1234, k.meterId(key));
        assertEquals(51, k.slot(key));
    }

    @Test
    void noSaltMeansNoSaltByteAndOneRegion() {
        MeterRowKey k = new MeterRowKey(0);
        assertEquals(22, k.key(7, 0).length);
        assertEquals(0, k.splits().length);
        assertEquals(1, k.regions());
        assertEquals("0000000007201701010000", new String(k.key(7, 0), StandardCharsets.US_ASCII));
    }

    @Test
    void splitsAreTheSaltBytes() {
        MeterRowKey k = new MeterRowKey(4);
        assertEquals(3, k.splits().length);
        assertArrayEquals(new byte[]{1}, k.splits()[0]);
        assertArrayEquals(new byte[]{3}, k.splits()[2]);
        assertEquals(4, k.regions());
    }

    @Test
    void oneMetersSeriesIsContiguousAndOrderedInTime() {
        MeterRowKey k = new MeterRowKey(8);
        for (int s = 0; s < 48 * 40; s++) {
            assertTrue(Bytes.compareTo(k.key(99, s), k.key(99, s + 1)) < 0, "slot " + s);
            assertTrue(Bytes.startsWith(k.key(99, s), k.meterPrefix(99)));
        }
        // a meter 8 ids further lives in the same bucket, after the whole series of meter 99
        assertTrue(Bytes.compareTo(k.key(99, 48 * 365), k.key(107, 0)) < 0);
    }

    @Test
    void slotsRoundTripOverMonthsAndYears() {
        for (int s : new int[]{0, 47, 48, 48 * 31, 48 * 59 + 17, 48 * 365, 48 * 366 + 1, 48 * 3000 + 5}) {
            assertEquals(s, MeterReadings.slotOf(MeterReadings.yyyymmdd(s), MeterReadings.hhmm(s)), "slot " + s);
        }
    }
}
