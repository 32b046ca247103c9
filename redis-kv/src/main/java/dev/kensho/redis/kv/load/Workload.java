package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.ClusterPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.PipelineBase;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The request stream of the experiment: random keys {@code <prefix><zero-padded index>} (16 bytes with the
 * default {@code kensho:} prefix, as redis-benchmark's {@code key:__rand_int__}), uniform or Zipf-skewed
 * ({@link KeyDistribution}),
 * 200-byte values derived from the key index so that every GET reply can be checked, and a GET ratio.
 *
 * <p>What was written is tracked: one bit per key, set when a SET's reply ({@code OK}) has arrived (or
 * when the key was preloaded). A GET captures its key's bit when it is sent; Redis executes the commands
 * of all connections one at a time, so a SET acknowledged before a GET was sent is visible to it. A nil
 * reply to a GET whose key was already acknowledged is therefore a <em>lost write</em> (the key was
 * deleted, evicted or never stored), counted in {@link #lost} and failing the run like a wrong value —
 * never taken for a miss. In a PRELOADED trial every key is marked, so every GET must hit.
 * Keys and values are built per request (a few hundred bytes of garbage) rather than precomputed: the
 * published keyspace of 14.7M keys would otherwise cost ~1 GB of heap.
 *
 * <p>Thread-safe: any number of driver threads and event-loop callbacks use it at once.
 */
public final class Workload {

    public static final int KEY_BYTES = 16;
    public static final int VALUE_BYTES = 200;
    private static final int INDEX_DIGITS = 10;

    private final byte[] prefix;
    private final int digits;
    private final int keyspace;
    private final double getRatio;
    private final KeyDistribution keys;
    private final byte[] filler = new byte[VALUE_BYTES];

    public final LongAdder gets = new LongAdder();
    public final LongAdder sets = new LongAdder();
    public final LongAdder hits = new LongAdder();
    public final LongAdder wrong = new LongAdder();
    /** GETs that returned nil for a key whose SET had been acknowledged before the GET was sent. */
    public final LongAdder lost = new LongAdder();
    public volatile String firstWrong;
    private final AtomicLongArray written;

    Workload(String prefix, int keyspace, double getRatio) {
        this(prefix, keyspace, getRatio, KeyDistribution.uniform(keyspace));
    }

    public Workload(String prefix, int keyspace, double getRatio, KeyDistribution keys) {
        if (keys.keyspace != keyspace) {
            throw new IllegalArgumentException("a distribution over " + keys.keyspace + " keys for a keyspace of " + keyspace);
        }
        this.keys = keys;
        this.prefix = prefix.getBytes(StandardCharsets.US_ASCII);
        int needed = Integer.toString(Math.max(0, keyspace - 1)).length();
        this.digits = Math.max(needed, KEY_BYTES - this.prefix.length);
        this.keyspace = keyspace;
        this.getRatio = getRatio;
        this.written = new AtomicLongArray((keyspace + 63) / 64);
        for (int i = 0; i < VALUE_BYTES; i++) {
            filler[i] = (byte) ('a' + i % 26);
        }
        filler[INDEX_DIGITS] = ':';
    }

    int keyspace() {
        return keyspace;
    }

    /** Bytes of every key (16 unless the prefix is longer than 16 minus the index digits). */
    public int keyLength() {
        return prefix.length + digits;
    }

    /** Which keys requests draw (uniform: {@code ThreadLocalRandom.nextInt(keyspace)}, as always). */
    public KeyDistribution keys() {
        return keys;
    }

    int nextIndex() {
        return keys.nextIndex();
    }

    boolean nextIsGet() {
        return ThreadLocalRandom.current().nextDouble() < getRatio;
    }

    public byte[] key(int index) {
        byte[] k = Arrays.copyOf(prefix, prefix.length + digits);
        writeDigits(k, prefix.length, digits, index);
        return k;
    }

    public byte[] value(int index) {
        byte[] v = filler.clone();
        writeDigits(v, 0, INDEX_DIGITS, index);
        return v;
    }

    /** Whether a SET of key {@code index} has been acknowledged (capture it when sending a GET). */
    boolean written(int index) {
        return (written.get(index >>> 6) & (1L << index)) != 0;
    }

    /**
     * Throws (failing the run) if a GET returned a wrong value or lost a write, or — {@code preloaded}: every key was
     * SET before the trial — a GET missed.
     */
    public void checkAnswers(boolean preloaded) {
        long w = wrong.sum();
        long l = lost.sum();
        if (w > 0 || l > 0) {
            throw new IllegalStateException("redis-kv answers are wrong: " + w + " wrong replies, " + l
                    + " GETs returned nil for keys whose SET had been acknowledged (lost writes), e.g. " + firstWrong);
        }
        long g = gets.sum();
        long h = hits.sum();
        if (preloaded && h != g) {
            throw new IllegalStateException("redis-kv: every key was preloaded, yet only " + h + " of " + g + " GETs hit");
        }
    }

    /**
     * SETs every key of the keyspace with its value, pipelined (per node on a cluster), before a trial; then every key
     * counts as written.
     */
    public void preload(RedisTarget target) {
        if (target instanceof RedisCluster rc) {
            try (JedisCluster jc = rc.jedisCluster(2); ClusterPipeline p = jc.pipelined()) {
                setAll(p);
            }
        } else {
            try (Jedis j = target.jedis()) {
                setAll(j.pipelined());
            }
        }
        markAllWritten();
    }

    private void setAll(PipelineBase p) {
        for (int i = 0; i < keyspace; i++) {
            p.set(key(i), value(i));
            if (i % 10_000 == 9_999) {
                p.sync();
            }
        }
        p.sync();
    }

    /** Marks every key as written (after a preload that SET them all). */
    private void markAllWritten() {
        for (int i = 0; i < keyspace; i++) {
            markWritten(i);
        }
    }

    private void markWritten(int index) {
        long bit = 1L << index;
        int w = index >>> 6;
        long v;
        while (((v = written.get(w)) & bit) == 0 && !written.compareAndSet(w, v, v | bit)) {
            Thread.onSpinWait();
        }
    }

    /** Keys marked written (SET acknowledged or preloaded). */
    public long writtenKeys() {
        long n = 0;
        for (int i = 0; i < written.length(); i++) {
            n += Long.bitCount(written.get(i));
        }
        return n;
    }

    /**
     * Counts one GET reply. Nil is a miss only if the key's SET had not been acknowledged when the GET was
     * sent ({@code writtenAtSend}), else a lost write; anything but the key's value is wrong.
     */
    void checkGet(int index, byte[] reply, boolean writtenAtSend) {
        gets.increment();
        if (reply == null) {
            if (writtenAtSend) {
                lost.increment();
                if (firstWrong == null) {
                    firstWrong = "GET " + new String(key(index), StandardCharsets.US_ASCII)
                            + " returned nil although its SET had been acknowledged before the GET was sent";
                }
            }
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

    /** Counts one SET reply; {@code OK} marks the key written, anything else is wrong. */
    void countSet(int index, boolean ok) {
        sets.increment();
        if (ok) {
            markWritten(index);
        } else {
            wrong.increment();
            if (firstWrong == null) {
                firstWrong = "SET " + new String(key(index), StandardCharsets.US_ASCII) + " was not answered OK";
            }
        }
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
