package dev.kensho.common.shard;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/**
 * {@code kensho.shard}, {@code kensho.startAt}, {@code kensho.startGrid} and {@code kensho.trialGap}: run-wide settings whose forms this package
 * knows, declared here (and found with the other groups) so that the settings name nothing above them.
 */
@AutoService(SettingGroup.class)
public final class ShardSettings implements SettingGroup {

    public static final Setting SHARD = Setting.run("kensho.shard", "0/1", "run shard i of N (0 ≤ i < N): its share of connections, keys and seed; Merge joins the N run folders")
            .checked((k, v) -> Shard.parse(v));
    public static final Setting START_AT = Setting.run("kensho.startAt", "(start at once)", "ISO-8601 instant or epoch ms: trials and their iterations start on a grid of kensho.startGrid seconds from it, on the target's clock (shards start together)")
            .checked((k, v) -> StartAt.parse(v));
    public static final Setting TRIAL_GAP = Setting.run("kensho.trialGap", "20", "seconds from a trial's last iteration start to the next trial's start under kensho.startAt (1 … 3600): shards ready by then start it on one boundary")
            .checked(SettingValues.range(1, 3600));
    public static final Setting START_GRID = Setting.run("kensho.startGrid", "10", "seconds between the boundaries kensho.startAt aligns trials and iterations to (1 … 3600)")
            .checked(SettingValues.range(1, 3600));

    @Override
    public String module() {
        return "common";
    }

    @Override
    public List<Setting> settings() {
        return List.of(SHARD, START_AT, START_GRID, TRIAL_GAP);
    }
}
