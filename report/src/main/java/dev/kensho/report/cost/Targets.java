package dev.kensho.report.cost;

import dev.kensho.common.Setting;

import java.util.OptionalDouble;

/**
 * The sizing targets a user gives the report: {@code kensho.target.rps} (redis-kv: requests/s),
 * {@code kensho.target.members} (redis-sets: set members), {@code kensho.target.records} (kinesis-batch: user
 * records per second), each declared by its module. Each is checked by its declaration (a number ≥ 0, members a
 * whole one; one line otherwise); unset means the report sizes only the write-up's own figures.
 */
public final class Targets {

    /** Hours in a month as AWS prices monthly figures (730 = 8,760 ÷ 12); set by the suite. */
    public static final int HOURS_PER_MONTH = 730;

    private Targets() {
    }

    /** The target of {@code s}, when set. */
    public static OptionalDouble get(Setting s) {
        String v = s.get();
        if (v == null) {
            return OptionalDouble.empty();
        }
        s.check(v);
        return OptionalDouble.of(Double.parseDouble(v));
    }
}
