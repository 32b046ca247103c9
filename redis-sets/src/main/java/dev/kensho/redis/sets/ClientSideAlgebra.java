package dev.kensho.redis.sets;

import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.sync.RedisSetCommands;
import io.lettuce.core.output.ValueStreamingChannel;

import java.util.Arrays;

/**
 * {@code SINTER}/{@code SUNION}/{@code SDIFF} of two sets that live on different shards of a Redis Cluster,
 * computed in the client from two {@code SSCAN}s (the server refuses the command itself: {@code CROSSSLOT}).
 * Both scans are streamed (Lettuce's {@link ValueStreamingChannel}: each member is looked at as it is decoded,
 * none is kept as a Java object); what the client holds is one open-addressing table of 64-bit fingerprints:
 * <ul>
 *   <li>SINTER: scan B into the table; scan A and emit each member found there (removed as it is emitted,
 *       so a member {@code SSCAN} returns twice is emitted once);</li>
 *   <li>SDIFF: scan B into the table; scan A and emit each member the table did not hold (then added);</li>
 *   <li>SUNION: scan A, emit and add each new member; scan B, emit and add each new member.</li>
 * </ul>
 * The table holds at most |B| (SINTER), |B| + |A−B| (SDIFF) or |A∪B| (SUNION) fingerprints in
 * {@link #capacityFor(long)} slots of 8 bytes, load ≤ ½: 16–32 B per held member, against ≈150 B or more for a
 * {@code HashSet<String>} of 64-byte members (object headers, the char/byte array, the hash node) — and the
 * member bytes are never copied out of Lettuce's decoding buffer.
 *
 * <p>Exactness: two different members share a fingerprint with probability ≈ n·m / 2^64 (≈ 10⁻⁹ at 10M × 10M);
 * such a collision would change the result's cardinality or member digest, which the benchmark checks every
 * iteration, so it cannot pass unnoticed. The fingerprint hash is independent of {@link MemberDigest}'s.
 *
 * <p>One thread uses an instance; Lettuce calls the channels on its event-loop thread while the caller waits
 * for the scan's reply, which orders the accesses.
 */
final class ClientSideAlgebra {

    /** Members asked for per {@code SSCAN} call (its {@code COUNT} hint; small sets come back whole). */
    static final int SCAN_COUNT = 1000;

    private static final long EMPTY = 0;
    private static final long REMOVED = 1;

    private final long[] table;
    private final int mask;
    private long scanned;

    /** A table for at most {@code maxEntries} fingerprints. */
    ClientSideAlgebra(long maxEntries) {
        int cap = capacityFor(maxEntries);
        table = new long[cap];
        mask = cap - 1;
    }

    /** Slots for {@code maxEntries} fingerprints at load ≤ ½ (a power of two). */
    static int capacityFor(long maxEntries) {
        long want = Math.max(16, 2 * maxEntries);
        if (want > (1L << 30)) {
            throw new IllegalArgumentException("client-side table of " + maxEntries + " members exceeds 2^29 entries");
        }
        return (int) Long.highestOneBit(want - 1) << 1;
    }

    /** Most fingerprints {@code op} makes the table hold for two sets of {@code users} members. */
    static long maxEntries(SetOp op, long users) {
        return op == SetOp.SINTER ? users : 2 * users;
    }

    /** Bytes the client holds for the answer (the table). */
    long bytes() {
        return 8L * table.length;
    }

    /** Members the two scans returned, duplicates included (after {@link #run}). */
    long scanned() {
        return scanned;
    }

    /** Computes {@code op} of {@code a} and {@code b}, streaming every result member to {@code out}. */
    void run(SetOp op, RedisSetCommands<byte[], byte[]> cmds, byte[] a, byte[] b, ValueStreamingChannel<byte[]> out) {
        Arrays.fill(table, EMPTY);
        scanned = 0;
        switch (op) {
            case SINTER -> {
                scan(cmds, b, v -> add(fingerprint(v)));
                scan(cmds, a, v -> {
                    if (remove(fingerprint(v))) {
                        out.onValue(v);
                    }
                });
            }
            case SDIFF -> {
                scan(cmds, b, v -> add(fingerprint(v)));
                scan(cmds, a, v -> {
                    if (add(fingerprint(v))) {
                        out.onValue(v);
                    }
                });
            }
            case SUNION -> {
                ValueStreamingChannel<byte[]> emitNew = v -> {
                    if (add(fingerprint(v))) {
                        out.onValue(v);
                    }
                };
                scan(cmds, a, emitNew);
                scan(cmds, b, emitNew);
            }
        }
    }

    private void scan(RedisSetCommands<byte[], byte[]> cmds, byte[] key, ValueStreamingChannel<byte[]> channel) {
        ScanArgs args = ScanArgs.Builder.limit(SCAN_COUNT);
        ValueStreamingChannel<byte[]> counting = v -> {
            scanned++;
            channel.onValue(v);
        };
        ScanCursor cursor = ScanCursor.INITIAL;
        do {
            cursor = cmds.sscan(counting, key, cursor, args);
        } while (!cursor.isFinished());
    }

    /** Adds a fingerprint; true if it was not there. */
    private boolean add(long fp) {
        int i = (int) fp & mask;
        while (true) {
            long t = table[i];
            if (t == fp) {
                return false;
            }
            if (t == EMPTY) {
                table[i] = fp;
                return true;
            }
            i = (i + 1) & mask; // REMOVED slots are passed over: only SINTER removes, and it never adds after
        }
    }

    /** Removes a fingerprint; true if it was there. */
    private boolean remove(long fp) {
        int i = (int) fp & mask;
        while (true) {
            long t = table[i];
            if (t == fp) {
                table[i] = REMOVED;
                return true;
            }
            if (t == EMPTY) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /** A 64-bit hash of the member (never EMPTY or REMOVED), unrelated to {@link MemberDigest}'s FNV-1a. */
    static long fingerprint(byte[] v) {
        long h = 0x243F6A8885A308D3L ^ v.length;
        for (byte x : v) {
            h = (h ^ (x & 0xff)) * 0xFF51AFD7ED558CCDL;
            h ^= h >>> 29;
        }
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return h == EMPTY || h == REMOVED ? 2 : h;
    }
}
