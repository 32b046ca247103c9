package dev.kensho.redis.sets.data;

import java.nio.charset.StandardCharsets;

/**
 * Experiment 1's attribute keys: the suite's key prefix, a kind tag and a zero-padded number, 16 bytes
 * with the default prefix {@code kensho:} ({@code kensho:s:0000003}) as in the write-up. A longer
 * prefix makes longer keys; the prefix is never dropped, since it is what keeps the suite's keys apart
 * from a user's on an external server.
 */
public final class AttributeKeys {

    private AttributeKeys() {
    }

    /** Key {@code index} of kind {@code tag} (one letter: s = set, b = bitmap, …). */
    public static String key(String prefix, char tag, long index) {
        String head = prefix + tag + ":";
        int digits = Math.max(16 - head.length(), Long.toString(index).length());
        return head + String.format("%0" + digits + "d", index);
    }

    public static byte[] bytes(String prefix, char tag, long index) {
        return key(prefix, tag, index).getBytes(StandardCharsets.US_ASCII);
    }
}
