package dev.kensho.redis.kv;

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
record ToolKeyspace(String prefix, int digits, long first, int count) {

    /** Key length in bytes. */
    int keyBytes() {
        return prefix.length() + digits;
    }

    /** SETs every key with a 200-byte value, pipelined. */
    void preload(RedisTarget target) {
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
}
