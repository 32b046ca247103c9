package dev.kensho.redis.sets;

import dev.kensho.redis.sets.data.AttributeKeys;
import dev.kensho.redis.sets.data.SetLayout;
import dev.kensho.redis.sets.data.UserIds;

/**
 * The experiment-1 data set: {@code attributes} sets of {@code users} members each, laid out by
 * {@link SetLayout} (neighbouring sets share {@code overlap·users} members), members from
 * {@link UserIds} with a fixed seed, keys from {@link AttributeKeys}. Everything a benchmark needs to
 * write it and to check what the server holds.
 */
public record SetData(String prefix, int attributes, SetLayout layout, UserIds ids) {

    public static final long SEED = 0x6B656E73686FL; // "kensho"

    public static SetData of(String prefix, int attributes, long users, double overlap, int memberBytes) {
        return new SetData(prefix, attributes, new SetLayout(users, overlap), new UserIds(SEED, memberBytes));
    }

    public long users() {
        return layout.n();
    }

    public long records() {
        return attributes * layout.n();
    }

    public byte[] key(int attribute) {
        return AttributeKeys.bytes(prefix, 's', attribute);
    }

    public String keyString(int attribute) {
        return AttributeKeys.key(prefix, 's', attribute);
    }

    /** Member {@code i} (0 ≤ i < users) of set {@code attribute}. */
    public byte[] member(int attribute, long i) {
        return ids.get(layout.start(attribute) + i);
    }

    /** Bytes of one {@code SADD key member} command as RESP on the wire. */
    public long commandBytes(int attribute) {
        int k = key(attribute).length;
        int m = ids.length();
        return 4 + 4 + 6 + (1 + digits(k) + 2) + k + 2 + (1 + digits(m) + 2) + m + 2;
    }

    /** Raw key + member bytes of the whole data set (100M × 64 B = 5.96 GiB at the write-up's size, not its ≈12 GiB). */
    public long rawBytes() {
        long b = 0;
        for (int a = 0; a < attributes; a++) {
            b += key(a).length + users() * ids.length();
        }
        return b;
    }

    public long wireBytes() {
        long b = 0;
        for (int a = 0; a < attributes; a++) {
            b += commandBytes(a) * users();
        }
        return b;
    }

    private static int digits(int n) {
        return Integer.toString(n).length();
    }
}
