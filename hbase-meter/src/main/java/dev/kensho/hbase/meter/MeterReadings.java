package dev.kensho.hbase.meter;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Deterministic smart-meter readings: meter {@code m}'s consumption in half-hour slot {@code s}
 * (slot 0 = 2017-01-01 00:00, the write-up's year) in kWh with three decimals, a pure function of
 * (seed, m, s) — any thread can produce any row, and a reader can check any value it gets back.
 *
 * <p>Shape: a per-meter base load (0.05 … 0.30 kWh per half hour, households differ), a daily profile
 * (low at night, a morning bump around 7–8 h, an evening peak around 19–21 h), a mild winter/summer
 * swing, and ±25% noise. Values like {@code 0.274} are stored as ASCII text, as meter data arrives.
 */
public final class MeterReadings {

    public static final int SLOTS_PER_DAY = 48;
    public static final LocalDate START = LocalDate.of(2017, 1, 1);
    /** Slots of the longest series the suite generates (the write-up's 6 months = 180 days). */
    public static final int MAX_DAYS = 3660;

    // the daily profile, per half hour, as a multiplier of the base load
    private static final double[] PROFILE = new double[SLOTS_PER_DAY];
    private static final int[] DATES = new int[MAX_DAYS];

    static {
        for (int i = 0; i < SLOTS_PER_DAY; i++) {
            double h = i / 2.0;
            PROFILE[i] = 0.45 + 0.9 * Math.exp(-Math.pow((h - 7.5) / 1.2, 2)) + 1.6 * Math.exp(-Math.pow((h - 20) / 1.8, 2))
                    + 0.35 * Math.exp(-Math.pow((h - 13) / 2.5, 2));
        }
        for (int d = 0; d < MAX_DAYS; d++) {
            LocalDate day = START.plusDays(d);
            DATES[d] = day.getYear() * 10000 + day.getMonthValue() * 100 + day.getDayOfMonth();
        }
    }

    private final long seed;

    public MeterReadings(long seed) {
        this.seed = seed;
    }

    /** Consumption of meter {@code meterId} in {@code slot}, in Wh (0 … 2,000). */
    public int wattHours(long meterId, int slot) {
        long hm = mix(seed ^ (meterId * 0x9E3779B97F4A7C15L));
        double base = 50 + (hm >>> 40) % 251;                     // 50 … 300 Wh
        int day = slot / SLOTS_PER_DAY;
        double season = 1 + 0.25 * Math.cos(2 * Math.PI * day / 365.0); // winter high
        long hs = mix(hm + slot * 0xBF58476D1CE4E5B9L);
        double noise = 0.75 + ((hs >>> 11) % 10_000) / 20_000.0; // 0.75 … 1.25
        long wh = Math.round(base * PROFILE[slot % SLOTS_PER_DAY] * season * noise);
        return (int) Math.min(2_000, wh);
    }

    /** The stored value: kWh with three decimals as ASCII ({@code 0.274}, {@code 1.032}). */
    public byte[] value(long meterId, int slot) {
        int wh = wattHours(meterId, slot);
        byte[] v = new byte[wh >= 10_000 ? 6 : 5];
        int o = v.length - 1;
        int x = wh;
        for (int i = 0; i < 3; i++) {
            v[o--] = (byte) ('0' + x % 10);
            x /= 10;
        }
        v[o--] = '.';
        while (o >= 0) {
            v[o--] = (byte) ('0' + x % 10);
            x /= 10;
        }
        return v;
    }

    public static int yyyymmdd(int slot) {
        return DATES[slot / SLOTS_PER_DAY];
    }

    public static int hhmm(int slot) {
        int s = slot % SLOTS_PER_DAY;
        return (s / 2) * 100 + (s % 2) * 30;
    }

    /** The slot of a date (yyyyMMdd) and time (HHmm). */
    public static int slotOf(int yyyymmdd, int hhmm) {
        LocalDate d = LocalDate.of(yyyymmdd / 10000, (yyyymmdd / 100) % 100, yyyymmdd % 100);
        int day = (int) (d.toEpochDay() - START.toEpochDay());
        return day * SLOTS_PER_DAY + (hhmm / 100) * 2 + (hhmm % 100 >= 30 ? 1 : 0);
    }

    public static LocalDateTime time(int slot) {
        return START.atStartOfDay().plusMinutes(30L * slot);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
