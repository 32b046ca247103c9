package dev.kensho.redis.sets.data;

import dev.kensho.common.BadInput;

import java.nio.charset.StandardCharsets;

/**
 * Experiment 1's user ids: fixed-width (default 64-byte) pseudo-random ASCII strings, a pure function
 * of (seed, index) — so any set can be rebuilt, any member recomputed for a check, and two runs with
 * the same seed load byte-identical data. Not sequential: the bytes are SplitMix64 output in hex,
 * which also makes them incompressible for the server's encodings as the write-up's random ids were.
 * Generation writes straight into a caller's buffer; {@code UserIdGeneratorBenchmark} measures its rate.
 */
public final class UserIds {

    public static final int DEFAULT_LENGTH = 64;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final long seed;
    private final int length;

    public UserIds(long seed, int length) {
        if (length < 1 || length > 4096) {
            throw BadInput.of("memberBytes", length, "1 … 4096");
        }
        this.seed = seed;
        this.length = length;
    }

    public UserIds(long seed) {
        this(seed, DEFAULT_LENGTH);
    }

    public int length() {
        return length;
    }

    /** Writes id {@code index} into {@code dst[off … off+length)}. */
    public void write(long index, byte[] dst, int off) {
        long state = seed ^ (index * 0x9E3779B97F4A7C15L);
        int i = 0;
        while (i < length) {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            for (int nib = 0; nib < 16 && i < length; nib++, i++) {
                dst[off + i] = HEX[(int) (z >>> (nib << 2)) & 0xF];
            }
        }
    }

    public byte[] get(long index) {
        byte[] b = new byte[length];
        write(index, b, 0);
        return b;
    }

    public String string(long index) {
        return new String(get(index), StandardCharsets.US_ASCII);
    }
}
