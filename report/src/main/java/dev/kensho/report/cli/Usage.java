package dev.kensho.report.cli;

import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;

import java.util.List;
import java.util.Map;

/**
 * The suite's own part of {@code java -jar kensho-benchmarks.jar -h}, printed after JMH's help: how the jar is called,
 * its commands ({@link Commands}' usage), and the settings the launcher and the commands read — one line each, the
 * name with its default and the start of its meaning; {@code docs/settings.md} has them whole.
 */
public final class Usage {

    /** Widest line: the commands' help is as wide. */
    static final int WIDTH = 110;
    /** Where a setting's meaning starts. */
    private static final int MEANING_AT = 46;

    private Usage() {
    }

    /** The commands' usage, then the settings of every module on the class path. */
    public static String text() {
        return Commands.usage() + "\n" + settings(SettingRegistry.onClassPath().modules());
    }

    /** The settings a user gives ({@link Setting.Use#RUN}, {@link Setting.Use#RUN_AND_COMMANDS}), by module. */
    static String settings(Map<String, List<Setting>> modules) {
        StringBuilder b = new StringBuilder("Settings, with their defaults (KENSHO_* from the environment; each in full:"
                + " docs/settings.md):\n");
        modules.forEach((module, settings) -> {
            List<Setting> given = settings.stream()
                    .filter(s -> s.use() == Setting.Use.RUN || s.use() == Setting.Use.RUN_AND_COMMANDS).toList();
            if (given.isEmpty()) {
                return;
            }
            b.append("  ").append(module).append('\n');
            for (Setting s : given) {
                b.append(line(s)).append('\n');
            }
        });
        return b.toString();
    }

    /** {@code     -Dkensho.scale=default   smoke | default | …}, cut to {@link #WIDTH} with an ellipsis. */
    static String line(Setting s) {
        String def = s.documentedDefault() == null ? "" : s.documentedDefault();
        String name = "    " + (s.isEnvironment() ? s.key() : "-D" + s.key()) + "=" + (!def.contains(" ") || def.startsWith("(") ? def : "<" + def + ">");
        StringBuilder l = new StringBuilder(name);
        l.append(" ".repeat(Math.max(2, MEANING_AT - l.length()))).append(s.meaning());
        return l.length() <= WIDTH ? l.toString() : l.substring(0, WIDTH - 1).stripTrailing() + "…";
    }
}
