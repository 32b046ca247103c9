package dev.kensho.redis.kv.tool;

import dev.kensho.redis.kv.load.Workload;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The keys an external load tool names: {@code <prefix><number>}, the number written with {@code digits} decimal
 * digits ({@code redis-benchmark}'s {@code __rand_int__} is 12 zero-padded digits; {@code memtier_benchmark} writes its
 * key numbers unpadded, so its range is chosen with all numbers of one width), numbers {@code first …
 * first + count - 1}. {@link #preload} SETs every one with a 200-byte value so the tool's GETs hit, as the suite's own
 * GETs do in a PRELOADED trial.
 */
public record ToolKeyspace(String prefix, int digits, long first, int count) {

    /** Key length in bytes. */
    public int keyBytes() {
        return prefix.length() + digits;
    }

    /** SETs every key with a 200-byte value, pipelined. */
    public void preload(RedisTarget target) {
        byte[] value = "x".repeat(Workload.VALUE_BYTES).getBytes(StandardCharsets.US_ASCII);
        String format = "%s%0" + digits + "d";
        try (Jedis j = target.jedis()) {
            Pipeline p = j.pipelined();
            for (int i = 0; i < count; i++) {
                p.set(String.format(Locale.ROOT, format, prefix, first + i).getBytes(StandardCharsets.US_ASCII), value);
                if (i % 10_000 == 9_999) {
                    p.sync();
                }
            }
            p.sync();
        }
    }

    /**
     * memtier's keys: the suite's prefix and a number of {@code keyLength - prefix} digits — the suite's own width, so
     * both send keys of the same length — from the top of that width's range ({@code 10^w - keyspace} up), which the
     * suite's indexes ({@code 0 … keyspace - 1}) never reach; one digit more when the keyspace fills half the width.
     */
    public static ToolKeyspace forMemtier(String prefix, int keyLength, int keyspace) {
        int w = keyLength - prefix.length();
        long top = pow10(w);
        if (2L * keyspace > top) {
            w++;
            top = pow10(w);
        }
        return new ToolKeyspace(prefix, w, top - keyspace, keyspace);
    }

    private static long pow10(int digits) {
        long p = 1;
        for (int i = 0; i < digits; i++) {
            p *= 10;
        }
        return p;
    }
}
