package dev.kensho.redis.sets;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/** redis-sets' settings: the import calibration's redis-cli, and the cost table's sizing target. */
@AutoService(SettingGroup.class)
public final class SetsSettings implements SettingGroup {

    public static final Setting REDIS_CLI = Setting.run("kensho.tool.redis-cli", "redis-cli on the PATH", "path of redis-cli (import calibration; set algebra: client=REDIS_CLI)");
    public static final Setting TARGET_MEMBERS = Setting.of("kensho.target.members", null, "set members to size for: redis-sets' cost table gives their memory and the smallest listed node that holds them", Setting.Use.RUN_AND_COMMANDS)
            .checked(SettingValues.WHOLE_NUMBER);

    @Override
    public String module() {
        return "redis-sets";
    }

    @Override
    public List<Setting> settings() {
        return List.of(REDIS_CLI, TARGET_MEMBERS);
    }
}
