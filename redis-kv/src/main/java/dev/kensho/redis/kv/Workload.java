package dev.kensho.redis.kv;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * The request stream of the experiment: uniformly random keys {@code <prefix><zero-padded index>}
 * (16 bytes with the default {@code kensho:} prefix, as redis-benchmark's {@code key:__rand_int__}),
 * 200-byte values derived from the key index so that every GET reply can be checked, and a GET ratio.
 * Keys and values are built per request (a few hundred bytes of garbage) rather than precomputed: the
 * published keyspace of 14.7M keys would otherwise cost ~1 GB of heap.
 *
 * <p>Thread-safe: any number of driver threads and event-loop callbacks use it at once.
 */
final class Workload {

    static final int KEY_BYTES = 16;
    static final int VALUE_BYTES = 200;
    private static final int INDEX_DIGITS = 10;

    private final byte[] prefix;
    private final int digits;
    private final int keyspace;
    private final double getRatio;
    private final byte[] filler = new byte[VALUE_BYTES];

    final LongAdder gets = new LongAdder();
    final LongAdder sets = new LongAdder();
    final LongAdder hits = new LongAdder();
    final LongAdder wrong = new LongAdder();
    volatile String firstWrong;

    Workload(String prefix, int keyspace, double getRatio) {
        this.prefix = prefix.getBytes(StandardCharsets.US_ASCII);
        int needed = Integer.toString(Math.max(0, keyspace - 1)).length();
        this.digits = Math.max(needed, KEY_BYTES - this.prefix.length);
        this.keyspace = keyspace;
        this.getRatio = getRatio;
        for (int i = 0; i < VALUE_BYTES; i++) {
            filler[i] = (byte) ('a' + i % 26);
        }
        filler[INDEX_DIGITS] = ':';
    }

    int keyspace() {
        return keyspace;
    }

    /** Bytes of every key (16 unless the prefix is longer than 16 minus the index digits). */
    int keyLength() {
        return prefix.length + digits;
    }

    int nextIndex() {
        return ThreadLocalRandom.current().nextInt(keyspace);
    }

    boolean nextIsGet() {
        return ThreadLocalRandom.current().nextDouble() < getRatio;
    }

    byte[] key(int index) {
        byte[] k = Arrays.copyOf(prefix, prefix.length + digits);
        writeDigits(k, prefix.length, digits, index);
        return k;
    }

    byte[] value(int index) {
        byte[] v = filler.clone();
        writeDigits(v, 0, INDEX_DIGITS, index);
        return v;
    }

    /** Counts one GET reply; null (key never set yet) is a miss, anything but the key's value is wrong. */
    void checkGet(int index, byte[] reply) {
        gets.increment();
        if (reply == null) {
            return;
        }
        if (reply.length == VALUE_BYTES && Arrays.equals(reply, INDEX_DIGITS, VALUE_BYTES, filler, INDEX_DIGITS, VALUE_BYTES)
                && parseDigits(reply, INDEX_DIGITS) == index) {
            hits.increment();
        } else {
            wrong.increment();
            if (firstWrong == null) {
                firstWrong = "GET " + new String(key(index), StandardCharsets.US_ASCII) + " returned "
                        + reply.length + " bytes starting "
                        + new String(reply, 0, Math.min(24, reply.length), StandardCharsets.ISO_8859_1);
            }
        }
    }

    void countSet() {
        sets.increment();
    }

    private static void writeDigits(byte[] b, int at, int width, int value) {
        for (int i = at + width - 1; i >= at; i--) {
            b[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    private static long parseDigits(byte[] b, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }
}
