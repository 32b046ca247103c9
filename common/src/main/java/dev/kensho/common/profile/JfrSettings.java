package dev.kensho.common.profile;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingValues;
import jdk.jfr.Configuration;

/**
 * {@code -Dkensho.jfr.settings}: the JFR configuration of every recording of a profiled run, the benchmark JVM's
 * and the HBase server's alike — a name this JDK ships ({@code profile}, the default: method samples every 10 ms,
 * allocation samples, GC phases; {@code default}: the always-on 1% configuration) or the path of a {@code .jfc}
 * file. A name the JDK does not have stops the run in one line before the first case.
 */
public final class JfrSettings {
    public static final String DEFAULT = "profile";

    private JfrSettings() {
    }

    /** The value given (or the default), as {@code jcmd JFR.start settings=} takes it too. */
    public static String value() {
        return Setting.JFR_SETTINGS.get(DEFAULT).trim();
    }

    /** The configuration {@link #value()} names, or a one-line {@link BadInput}. */
    public static Configuration configuration() {
        return configuration(value());
    }

    static Configuration configuration(String v) {
        return SettingValues.jfrConfiguration(v);
    }
}
