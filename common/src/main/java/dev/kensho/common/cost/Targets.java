package dev.kensho.common.cost;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingValues;
import dev.kensho.common.Settings;

import java.util.OptionalDouble;

/**
 * The sizing targets a user gives the report: {@code kensho.target.rps} (redis-kv: requests/s),
 * {@code kensho.target.members} (redis-sets: set members), {@code kensho.target.records} (kinesis-batch: user
 * records per second). Each is checked as {@link SettingValues} checks it (a number ≥ 0, members a whole one; one line otherwise);
 * unset means the report sizes only the write-up's own figures.
 */
public final class Targets {

    /** Hours in a month as AWS prices monthly figures (730 = 8,760 ÷ 12); set by the suite. */
    public static final int HOURS_PER_MONTH = 730;

    private Targets() {
    }

    /** The target of {@code s}, when set. */
    public static OptionalDouble get(Setting s) {
        String v = Settings.get(s.key(), "");
        if (v.isBlank()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(s == Setting.TARGET_MEMBERS ? SettingValues.wholeTarget(s.key(), v) : SettingValues.target(s.key(), v));
    }
}
