package dev.kensho.redis.sets;

/**
 * A conservative estimate of what Redis needs for {@code records} set members, used only to refuse a
 * size the machine cannot hold before loading it. Per member: the member's sds (3-byte header + bytes
 * + NUL) rounded up to jemalloc's size class, a 24-byte dict entry (32-byte class) and the bucket
 * array (≤ 16 B at Redis's load factor). 64-byte members: ≈128 B; the write-up measured ≈161 B
 * (15 GiB / 100M on Redis 2.8) and our runs record the real figure.
 */
final class SetMemory {

    private SetMemory() {
    }

    static long estimate(long records, int memberBytes) {
        return records * (sizeClass(memberBytes + 4) + 32 + 16);
    }

    private static long sizeClass(long n) {
        if (n <= 8) {
            return 8;
        }
        if (n <= 128) {
            return (n + 15) / 16 * 16;
        }
        long pow = Long.highestOneBit(n - 1) << 1;
        long step = pow / 8;
        return (n + step - 1) / step * step;
    }
}
