package dev.kensho.common.shard;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingCheck;

import java.util.Map;
import java.util.function.Consumer;

/** The forms of {@code kensho.shard} and {@code kensho.startAt}, checked with every other setting before a run. */
public final class ShardSettings implements SettingCheck {

    @Override
    public Map<Setting, Consumer<String>> checks() {
        return Map.of(Setting.SHARD, Shard::parse, Setting.START_AT, StartAt::parse);
    }
}
