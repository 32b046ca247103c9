package dev.kensho.redis.kv;

import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Jedis;

import java.util.Map;

/**
 * The server's own count of what an external tool made it do: {@code INFO commandstats} GET and SET calls and
 * {@code INFO stats} keyspace hits and misses, read before and after a tool's run. The calibrations
 * ({@link RedisBenchmarkCalibration}, {@link MemtierCalibration}) check a tool's report against the deltas, so a tool
 * that claims requests the server never executed fails the trial.
 */
record ServerCounts(long gets, long sets, long hits, long misses) {

    /** The counts now. */
    static ServerCounts of(RedisTarget target) {
        try (Jedis j = target.jedis()) {
            Map<String, String> cmd = target.info(j, "commandstats");
            Map<String, String> s = target.info(j, "stats");
            return new ServerCounts(calls(cmd.get("cmdstat_get")), calls(cmd.get("cmdstat_set")),
                    Long.parseLong(s.getOrDefault("keyspace_hits", "0")), Long.parseLong(s.getOrDefault("keyspace_misses", "0")));
        }
    }

    /** What happened between {@code before} and these counts. */
    ServerCounts since(ServerCounts before) {
        return new ServerCounts(gets - before.gets, sets - before.sets, hits - before.hits, misses - before.misses);
    }

    /** The {@code calls=} field of an INFO commandstats value ({@code calls=5,usec=…}); 0 for a command never called (no line). */
    static long calls(String cmdstat) {
        if (cmdstat == null) {
            return 0;
        }
        for (String f : cmdstat.split(",")) {
            if (f.startsWith("calls=")) {
                return Long.parseLong(f.substring(6));
            }
        }
        throw new IllegalStateException("INFO commandstats value without calls=: " + cmdstat);
    }
}
