package dev.kensho.targets.redis.info;

import redis.clients.jedis.Jedis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run records about one Redis server beside its results: the target's description, version, OS, I/O threads
 * active, the cores it may run on where known, and its whole effective configuration ({@code CONFIG GET *}) with
 * every password and auth value redacted — a managed server that refuses {@code CONFIG GET} says so instead.
 */
public final class ServerRecord {

    private ServerRecord() {
    }

    /** The record of the server {@code j} is connected to; {@code cpusAllowed} null where not known. */
    public static Map<String, Object> of(String describe, Jedis j, String cpusAllowed) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", describe);
        RedisInfo server = RedisInfo.of(j, "server");
        out.put("redis_version", server.get("redis_version"));
        out.put("os", server.get("os"));
        out.put("arch_bits", server.get("arch_bits"));
        out.put("io_threads_active", RedisInfo.of(j, "stats").get("io_threads_active"));
        if (cpusAllowed != null) {
            out.put("cpus_allowed", cpusAllowed);
        }
        Map<String, String> config = new TreeMap<>();
        try {
            config.putAll(j.configGet("*"));
            config.replaceAll((k, v) -> k.contains("pass") || k.contains("auth")
                    ? (v == null || v.isEmpty() ? v : "(redacted)") : v);
        } catch (RuntimeException e) {
            config.put("(CONFIG GET)", "unavailable: " + e.getMessage());
        }
        out.put("config", config);
        return out;
    }
}
