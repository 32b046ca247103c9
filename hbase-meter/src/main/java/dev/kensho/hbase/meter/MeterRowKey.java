package dev.kensho.hbase.meter;

import dev.kensho.common.BadInput;

import java.nio.charset.StandardCharsets;

/**
 * Row key of one reading: {@code [salt] meterId date time}, sorted in that order so one meter's series
 * is contiguous (Query 1 reads it with one Scan) while the salt spreads meters over pre-split regions.
 *
 * <pre>
 * salt    1 byte   meterId % saltBuckets (absent when saltBuckets = 0)
 * meterId 10 ASCII digits, zero-padded
 * date    8 ASCII digits yyyyMMdd
 * time    4 ASCII digits HHmm (every 30 minutes)
 * </pre>
 * ASCII digits, as a meter-data ingestion pipeline would write them, and 22–23 bytes long. With
 * {@code saltBuckets = 0} there is no salt and no split point: every write lands in one region — the
 * hot spot salting exists to avoid.
 */
public final class MeterRowKey {

    public static final int MAX_SALT_BUCKETS = 255;
    static final int METER_DIGITS = 10;
    static final int BODY = METER_DIGITS + 8 + 4;

    private final int saltBuckets;

    public MeterRowKey(int saltBuckets) {
        if (saltBuckets < 0 || saltBuckets > MAX_SALT_BUCKETS) {
            throw BadInput.of("saltBuckets", saltBuckets, "an integer in 0 … " + MAX_SALT_BUCKETS + " (0 = no salt)");
        }
        this.saltBuckets = saltBuckets;
    }

    public int saltBuckets() {
        return saltBuckets;
    }

    public int length() {
        return (saltBuckets > 0 ? 1 : 0) + BODY;
    }

    /** Regions the table is pre-split into: one per salt bucket, one without salt. */
    public int regions() {
        return Math.max(1, saltBuckets);
    }

    public int salt(long meterId) {
        return saltBuckets == 0 ? -1 : (int) Math.floorMod(meterId, (long) saltBuckets);
    }

    /** Split points: the salt bytes 1 … saltBuckets−1; none without salt. */
    public byte[][] splits() {
        if (saltBuckets <= 1) {
            return new byte[0][];
        }
        byte[][] s = new byte[saltBuckets - 1][];
        for (int i = 1; i < saltBuckets; i++) {
            s[i - 1] = new byte[]{(byte) i};
        }
        return s;
    }

    /** The key of meter {@code meterId}'s reading in half-hour slot {@code slot} (see {@link MeterReadings}). */
    public byte[] key(long meterId, int slot) {
        byte[] k = new byte[length()];
        int o = prefix(k, meterId);
        o = digits(k, o, MeterReadings.yyyymmdd(slot), 8);
        digits(k, o, MeterReadings.hhmm(slot), 4);
        return k;
    }

    /** First key of meter {@code meterId} on or after the start of {@code slot}'s day … i.e. scan bounds. */
    public byte[] dayStart(long meterId, int day) {
        return key(meterId, day * MeterReadings.SLOTS_PER_DAY);
    }

    /** [salt] meterId: the prefix all readings of one meter share. */
    public byte[] meterPrefix(long meterId) {
        byte[] k = new byte[(saltBuckets > 0 ? 1 : 0) + METER_DIGITS];
        prefix(k, meterId);
        return k;
    }

    private int prefix(byte[] k, long meterId) {
        int o = 0;
        if (saltBuckets > 0) {
            k[o++] = (byte) salt(meterId);
        }
        return digits(k, o, meterId, METER_DIGITS);
    }

    /** The meter id written in {@code key}. */
    public long meterId(byte[] key) {
        return parse(key, saltBuckets > 0 ? 1 : 0, METER_DIGITS);
    }

    /** The half-hour slot written in {@code key}. */
    public int slot(byte[] key) {
        int o = (saltBuckets > 0 ? 1 : 0) + METER_DIGITS;
        return MeterReadings.slotOf((int) parse(key, o, 8), (int) parse(key, o + 8, 4));
    }

    public String toString(byte[] key) {
        int o = saltBuckets > 0 ? 1 : 0;
        return (saltBuckets > 0 ? "[" + key[0] + "]" : "") + new String(key, o, key.length - o, StandardCharsets.US_ASCII);
    }

    private static int digits(byte[] k, int off, long v, int n) {
        for (int i = off + n - 1; i >= off; i--) {
            k[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return off + n;
    }

    private static long parse(byte[] k, int off, int n) {
        long v = 0;
        for (int i = off; i < off + n; i++) {
            v = v * 10 + (k[i] - '0');
        }
        return v;
    }
}
