package dev.kensho.redis.kv.tool;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;

/**
 * The server's own count of what an external tool made it do: {@code INFO commandstats} GET and SET calls and
 * {@code INFO stats} keyspace hits and misses, read before and after a tool's run. The calibrations
 * ({@code RedisBenchmarkCalibration}, {@code MemtierCalibration}) check a tool's report against the deltas, so a tool
 * that claims requests the server never executed fails the trial.
 */
public record ServerCounts(long gets, long sets, long hits, long misses) {

    /** The counts now. */
    public static ServerCounts of(RedisTarget target) {
        try (Jedis j = target.jedis()) {
            RedisInfo cmd = RedisInfo.of(j, "commandstats");
            RedisInfo s = RedisInfo.of(j, "stats");
            return new ServerCounts(cmd.calls("get"), cmd.calls("set"), s.count("keyspace_hits"), s.count("keyspace_misses"));
        }
    }

    /** What happened between {@code before} and these counts. */
    public ServerCounts since(ServerCounts before) {
        return new ServerCounts(gets - before.gets, sets - before.sets, hits - before.hits, misses - before.misses);
    }
}
