package dev.kensho.kinesis.batch;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/** kinesis-batch's settings: the cost table's sizing target, and whether its pom re-installs the emulator. */
@AutoService(SettingGroup.class)
public final class BatchSettings implements SettingGroup {

    public static final Setting TARGET_RECORDS = Setting.of("kensho.target.records", null, "user records per second to size for: kinesis-batch's cost table gives the shards needed at the per-shard limits and their cost", Setting.Use.RUN_AND_COMMANDS)
            .checked(SettingValues.NUMBER);
    public static final Setting NPM_CI = Setting.of("kensho.npmCi", "false", "true: re-run npm ci for the Kinesis emulator (kinesis-batch pom)", Setting.Use.MAVEN)
            .checked(SettingValues.BOOLEAN_CHECK);

    @Override
    public String module() {
        return "kinesis-batch";
    }

    @Override
    public List<Setting> settings() {
        return List.of(TARGET_RECORDS, NPM_CI);
    }
}
