package dev.kensho.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How big every benchmark is. {@code smoke}: the sanity tests (seconds). {@code default}: fits a 2-core,
 * 24 GiB machine; the whole run within an hour there, so each grid holds the cases the write-ups' claims
 * stand on. {@code full}: the default sizes with every case of every grid (the cases beyond the write-ups
 * too; a few hours). {@code seed}: the published sizes of the write-ups.
 * The sizes of each benchmark class for each scale live in its module's {@code kensho-scale.properties};
 * any one of them can still be overridden with JMH's {@code -p name=value}.
 */
public enum Scale {
    SMOKE, DEFAULT, FULL, SEED;

    /** The scale whose sizes this one takes where its own table says nothing ({@code full} extends {@code default}), or null. */
    public Scale fallback() {
        return this == FULL ? DEFAULT : null;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Scale parse(String value) {
        for (Scale s : values()) {
            if (s.id().equalsIgnoreCase(value.trim())) {
                return s;
            }
        }
        throw BadInput.of(Setting.SCALE.key(), value,
                Arrays.stream(values()).map(Scale::id).collect(Collectors.joining(", ")));
    }

    public static Scale current() {
        return parse(Setting.SCALE.get(Settings.SCALE_DEFAULT));
    }
}
