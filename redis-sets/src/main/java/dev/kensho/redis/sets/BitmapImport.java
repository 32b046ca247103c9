package dev.kensho.redis.sets;

import dev.kensho.redis.sets.data.AttributeKeys;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The write-up's "future work": each attribute as a bitmap, users as bit offsets. Random 64-byte ids
 * are not offsets, so a dictionary id → dense offset is kept in Redis (a hash, key tag {@code d}); the
 * bitmaps have key tag {@code b}. One writer hands out offsets in first-seen order.
 */
final class BitmapImport {

    private final SetData data;
    private final byte[] dictionary;

    BitmapImport(SetData data) {
        this.data = data;
        this.dictionary = AttributeKeys.bytes(data.prefix(), 'd', 0);
    }

    byte[] dictionary() {
        return dictionary;
    }

    byte[] bitmap(int attribute) {
        return AttributeKeys.bytes(data.prefix(), 'b', attribute);
    }

    /**
     * Imports every attribute: per batch of members one {@code HMGET} of their offsets, then a pipeline
     * of {@code HSET} for the new ids and one {@code SETBIT} per member. Every bitmap is then extended to
     * the dictionary's size, so {@code BITOP NOT} covers every user. Returns the dictionary size.
     */
    long load(Jedis j, int batch) {
        long next = j.hlen(dictionary);
        for (int a = 0; a < data.attributes(); a++) {
            byte[] bitmap = bitmap(a);
            for (long i = 0; i < data.users(); i += batch) {
                int n = (int) Math.min(batch, data.users() - i);
                byte[][] ids = new byte[n][];
                for (int k = 0; k < n; k++) {
                    ids[k] = data.member(a, i + k);
                }
                List<byte[]> offsets = j.hmget(dictionary, ids);
                Map<byte[], byte[]> fresh = new LinkedHashMap<>();
                Pipeline p = j.pipelined();
                for (int k = 0; k < n; k++) {
                    byte[] o = offsets.get(k);
                    long offset;
                    if (o == null) {
                        offset = next++;
                        fresh.put(ids[k], Long.toString(offset).getBytes(StandardCharsets.US_ASCII));
                    } else {
                        offset = Long.parseLong(new String(o, StandardCharsets.US_ASCII));
                    }
                    p.setbit(bitmap, offset, true);
                }
                if (!fresh.isEmpty()) {
                    p.hset(dictionary, fresh);
                }
                p.sync();
            }
        }
        for (int a = 0; a < data.attributes(); a++) {
            if (next > 0 && !j.getbit(bitmap(a), next - 1)) {
                j.setbit(bitmap(a), next - 1, false); // extends the string without setting the bit
            }
        }
        return next;
    }

    /** Offset of user id index {@code id}, or −1 if the dictionary lacks it. */
    long offset(Jedis j, long id) {
        byte[] o = j.hget(dictionary, data.ids().get(id));
        return o == null ? -1 : Long.parseLong(new String(o, StandardCharsets.US_ASCII));
    }

    /** Removes the bitmaps and the dictionary. */
    void delete(Jedis j) {
        for (int a = 0; a < data.attributes(); a++) {
            j.del(bitmap(a));
        }
        j.del(dictionary);
    }
}
