package dev.kensho.redis.pubsub.client;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The one message layout every transport carries: bytes 0–7 the sequence number, bytes 8–15 the
 * publisher's {@link System#nanoTime()} at send (publisher and subscriber share this JVM, so the
 * difference is the publish→receive latency), the rest a fixed filler. Hence the smallest message is
 * {@value #HEADER_BYTES} bytes.
 */
public final class Messages {

    /** Sequence number + send timestamp. */
    public static final int HEADER_BYTES = 16;
    /** Redis's {@code proto-max-bulk-len} default: no larger message can be published. */
    public static final int MAX_BYTES = 512 * 1024 * 1024;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Messages() {
    }

    /** A message template of {@code size} bytes: header zero, filler a repeating printable pattern. */
    public static byte[] template(int size) {
        if (size < HEADER_BYTES || size > MAX_BYTES) {
            throw new IllegalArgumentException("message size " + size + " outside " + HEADER_BYTES + " … " + MAX_BYTES);
        }
        byte[] m = new byte[size];
        for (int i = HEADER_BYTES; i < size; i++) {
            m[i] = (byte) ('a' + i % 26);
        }
        return m;
    }

    /** Writes the header into {@code m} (in place) and returns it. */
    public static byte[] stamp(byte[] m, long seq, long sentNanos) {
        LONG.set(m, 0, seq);
        LONG.set(m, 8, sentNanos);
        return m;
    }

    /** A stamped copy of the template (for clients that encode the array after {@code publish} returns). */
    public static byte[] copy(byte[] template, long seq, long sentNanos) {
        return stamp(Arrays.copyOf(template, template.length), seq, sentNanos);
    }

    public static long seq(byte[] m) {
        return (long) LONG.get(m, 0);
    }

    public static long sentNanos(byte[] m) {
        return (long) LONG.get(m, 8);
    }

    /** Payload megabits (10^6 bits): the write-up's unit. */
    public static double mbit(long bytes) {
        return bytes * 8 / 1e6;
    }
}
