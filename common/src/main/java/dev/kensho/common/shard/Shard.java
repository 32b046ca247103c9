package dev.kensho.common.shard;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;

/**
 * Which part of a run this process is: shard {@code index} of {@code count} ({@code -Dkensho.shard=i/N},
 * default {@code 0/1}, the whole run). A sharded benchmark takes {@link #share(int)} of its connections
 * (publishers, producers), works on {@link #range(int)} of its keys under its own {@link #keyPrefix(String)},
 * and draws from {@link #seed(long)}: so N client machines together offer the load of one, never touch
 * each other's keys, and each can still check its own answers. {@code Merge} puts the N run folders
 * back together.
 *
 * <p>{@code N} shards of a total {@code t}: shard {@code i} gets {@code t/N}, plus one if
 * {@code i < t mod N} — the shares sum to {@code t} exactly, and ranges are consecutive and disjoint.
 */
public record Shard(int index, int count) {

    /** The whole run, unsharded. */
    public static final Shard WHOLE = new Shard(0, 1);
    /** The most shards a run may be cut into. */
    public static final int MAX_COUNT = 1_000;
    private static final String FORM = "i/N with 0 ≤ i < N ≤ " + MAX_COUNT + " (e.g. 0/2, 1/2)";

    public Shard {
        if (count < 1 || count > MAX_COUNT || index < 0 || index >= count) {
            throw BadInput.of(ShardSettings.SHARD.key(), index + "/" + count, FORM);
        }
    }

    /** The shard of this process from {@code kensho.shard}; {@link #WHOLE} when unset. */
    public static Shard current() {
        String v = ShardSettings.SHARD.get();
        return v == null ? WHOLE : parse(v);
    }

    /**
     * The key prefix of this process: {@code kensho.keyPrefix}, plus {@code i:} for shard i of a sharded run
     * ({@code kensho.shard}), so shards never share keys.
     */
    public static String runKeyPrefix() {
        return current().keyPrefix(Settings.baseKeyPrefix());
    }

    /** {@code "i/N"}, or a one-line {@link BadInput} naming the setting and the allowed form. */
    public static Shard parse(String value) {
        String v = value.trim();
        if (!v.matches("\\d{1,4}/\\d{1,4}")) {
            throw BadInput.of(ShardSettings.SHARD.key(), value, FORM);
        }
        int slash = v.indexOf('/');
        int i = Integer.parseInt(v.substring(0, slash));
        int n = Integer.parseInt(v.substring(slash + 1));
        if (n < 1 || n > MAX_COUNT || i >= n) {
            throw BadInput.of(ShardSettings.SHARD.key(), value, FORM);
        }
        return new Shard(i, n);
    }

    public boolean sharded() {
        return count > 1;
    }

    /**
     * This shard's part of {@code total} (connections, publishers): {@code total/N}, one more for the first
     * {@code total mod N} shards. A part of 0 is refused (a shard with nothing to do measures nothing).
     */
    public int share(int total) {
        int part = total / count + (index < total % count ? 1 : 0);
        if (part == 0) {
            throw new BadInput(ShardSettings.SHARD.key() + "=" + this + " leaves shard " + index + " nothing of " + total
                    + " (allowed: at most " + total + " shards of it)");
        }
        return part;
    }

    /** This shard's consecutive, disjoint part {@code [first, end)} of {@code 0 … total-1}, of size {@link #share}. */
    public Range range(int total) {
        int first = index * (total / count) + Math.min(index, total % count);
        return new Range(first, first + share(total));
    }

    /** A key range. */
    public record Range(int first, int end) {
        public int size() {
            return end - first;
        }
    }

    /**
     * A seed for this shard derived from the run's {@code seed} and the index (SplitMix64 of both):
     * distinct shards draw distinct streams, the same shard the same stream every time, and the whole run
     * ({@link #WHOLE}) keeps {@code seed} itself.
     */
    public long seed(long seed) {
        if (!sharded()) {
            return seed;
        }
        long z = seed + 0x9E3779B97F4A7C15L * (index + 1L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The key prefix of this shard: {@code base} itself unsharded, else {@code base + index + ":"}, so the
     * shards' keys never overlap and a shard's clean-up ({@code SCAN MATCH prefix*}) removes only its own.
     */
    public String keyPrefix(String base) {
        return sharded() ? base + index + ":" : base;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
