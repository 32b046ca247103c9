package dev.kensho.common;

import java.util.List;

/**
 * The settings one module declares, found with {@link java.util.ServiceLoader}: a module marks its class
 * {@code @AutoService(SettingGroup.class)} (the build writes {@code META-INF/services}), so {@code common} names no
 * module and a module that is not on the class path adds nothing. {@link SettingSources} reads the same declarations from the
 * sources of a module that is not compiled yet (a later module of a Maven build), which is why a group's class holds
 * its keys as string literals, and no other whole literal that starts with {@code kensho.} or {@code KENSHO_}.
 */
public interface SettingGroup {

    /** The folder of the module that declares these settings ({@code redis-target}); {@code docs/settings.md} groups by it. */
    String module();

    /** Its settings, in the order the docs list them. */
    List<Setting> settings();
}
