package dev.kensho.redis.kv.settings;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/** redis-kv's settings: the Jedis load generator's threads, the calibration tools' paths, and the cost table's sizing target. */
@AutoService(SettingGroup.class)
public final class KvSettings implements SettingGroup {

    public static final Setting JEDIS_THREADS = Setting.run("kensho.kv.jedisThreads", "clients (a thread per connection)", "driver threads of the Jedis kv load generator; fewer than clients puts the driver's wait into its latencies")
            .checked(SettingValues.range(1, 10_000));
    public static final Setting REDIS_BENCHMARK = Setting.run("kensho.redis.benchmark", "redis-benchmark on the PATH", "path of redis-benchmark (kv calibration)");
    public static final Setting MEMTIER = Setting.run("kensho.tool.memtier", "memtier_benchmark on the PATH", "path of memtier_benchmark (kv calibration, MemtierCalibration); one that is not memtier_benchmark or that fails leaves that calibration not measured and the run goes on");
    public static final Setting TARGET_RPS = Setting.of("kensho.target.rps", null, "requests/s to size for: redis-kv's cost table gives the ElastiCache nodes needed (a range, from the measured per-node capacity's interval) and their cost", Setting.Use.RUN_AND_COMMANDS)
            .checked(SettingValues.NUMBER);

    @Override
    public String module() {
        return "redis-kv";
    }

    @Override
    public List<Setting> settings() {
        return List.of(JEDIS_THREADS, REDIS_BENCHMARK, MEMTIER, TARGET_RPS);
    }
}
