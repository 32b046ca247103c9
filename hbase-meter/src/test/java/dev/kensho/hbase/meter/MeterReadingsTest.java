package dev.kensho.hbase.meter;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeterReadingsTest {

    @Test
    void sameSeedSameValues() {
        MeterReadings a = new MeterReadings(1);
        MeterReadings b = new MeterReadings(1);
        for (int s = 0; s < 1000; s++) {
            assertArrayEquals(a.value(s % 17, s), b.value(s % 17, s));
        }
        StringBuilder one = new StringBuilder();
        StringBuilder two = new StringBuilder();
        for (int s = 0; s < 100; s++) {
            one.append(a.wattHours(3, s)).append(',');
            two.append(new MeterReadings(2).wattHours(3, s)).append(',');
        }
        assertNotEquals(one.toString(), two.toString());
    }

    @Test
    void valuesAreKilowattHoursWithThreeDecimals() {
        MeterReadings r = new MeterReadings(MeterBench.SEED);
        for (long m = 0; m < 50; m++) {
            for (int s = 0; s < 48 * 7; s++) {
                String v = new String(r.value(m, s), StandardCharsets.US_ASCII);
                assertTrue(v.matches("[0-9]\\.[0-9]{3}"), v);
                double kwh = Double.parseDouble(v);
                assertTrue(kwh >= 0.0 && kwh <= 2.0, v);
                assertEquals(r.wattHours(m, s), Math.round(kwh * 1000));
            }
        }
    }

    @Test
    void eveningUsesMoreThanNightOnAverage() {
        MeterReadings r = new MeterReadings(MeterBench.SEED);
        long night = 0;
        long evening = 0;
        for (long m = 0; m < 200; m++) {
            for (int d = 0; d < 30; d++) {
                night += r.wattHours(m, d * 48 + 6);   // 03:00
                evening += r.wattHours(m, d * 48 + 40); // 20:00
            }
        }
        assertTrue(evening > 2 * night, "evening " + evening + " vs night " + night);
    }
}
