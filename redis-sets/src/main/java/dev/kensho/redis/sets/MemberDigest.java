package dev.kensho.redis.sets;

import io.lettuce.core.output.ValueStreamingChannel;

/**
 * Consumes a set reply one member at a time, as Lettuce decodes it (nothing of the reply is kept):
 * counts the members and sums a 64-bit hash of each, an order-independent digest that equals the
 * expected one only if the server returned exactly the expected members. Lettuce calls it on its
 * event-loop thread; the values are read after the command's future completed, which publishes them.
 */
final class MemberDigest implements ValueStreamingChannel<byte[]> {

    private long count;
    private long digest;
    private long bytes;

    @Override
    public void onValue(byte[] value) {
        long h = 0xcbf29ce484222325L; // FNV-1a, then a SplitMix finaliser so sums do not cancel
        for (byte b : value) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        h = (h ^ (h >>> 30)) * 0xBF58476D1CE4E5B9L;
        h = (h ^ (h >>> 27)) * 0x94D049BB133111EBL;
        digest += h ^ (h >>> 31);
        bytes += value.length;
        count++;
    }

    long count() {
        return count;
    }

    long digest() {
        return digest;
    }

    long bytes() {
        return bytes;
    }
}
