package dev.kensho.common;

import java.util.Map;
import java.util.function.Consumer;

/**
 * Value checks that a package above the settings owns, found with {@link java.util.ServiceLoader} so that the
 * settings name nothing above them: {@code kensho.shard}'s form is {@code shard.Shard}'s to know. Each check
 * throws a one-line {@link BadInput} or returns.
 */
public interface SettingCheck {

    /** The settings this package checks, each with its check. */
    Map<Setting, Consumer<String>> checks();
}
