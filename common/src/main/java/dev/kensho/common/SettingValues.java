package dev.kensho.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The value checks settings are declared with ({@link Setting#checked}): each refusal is one {@link BadInput} line
 * naming the setting, the value and what is allowed. A setting whose value has a form of its own (a Redis cluster's
 * size, a shard) keeps that check beside its declaration, in its module.
 */
public final class SettingValues {

    /** The allowed values of a boolean setting. */
    public static final String BOOLEAN = "true or false";
    /** {@code true} or {@code false}, any case. */
    public static final Setting.Check BOOLEAN_CHECK = SettingValues::bool;
    /** A Java regular expression. */
    public static final Setting.Check REGEX = SettingValues::regex;
    /** A finite number ≥ 0 ({@code 1e9} allowed): a sizing target. */
    public static final Setting.Check NUMBER = SettingValues::number;
    /** A whole number ≥ 0 ({@code 1e8} allowed): a sizing target that counts things. */
    public static final Setting.Check WHOLE_NUMBER = (k, v) -> {
        double d = number(k, v);
        if (d != Math.rint(d)) {
            throw BadInput.of(k, v, "a whole number ≥ 0 (1e8 allowed)");
        }
    };

    private SettingValues() {
    }

    /** An integer in [min, max]. */
    public static Setting.Check range(long min, long max) {
        return (k, v) -> Settings.range(k, v, min, max);
    }

    /** One of {@code allowed}, any case. */
    public static Setting.Check oneOf(String... allowed) {
        return (k, v) -> {
            for (String a : allowed) {
                if (a.equalsIgnoreCase(v)) {
                    return;
                }
            }
            throw BadInput.of(k, v, String.join(" or ", allowed));
        };
    }

    /** A value matching {@code pattern}, described to the user as {@code allowed}. */
    public static Setting.Check pattern(String pattern, String allowed) {
        Pattern p = Pattern.compile(pattern);
        return (k, v) -> {
            if (!p.matcher(v).matches()) {
                throw BadInput.of(k, v, allowed);
            }
        };
    }

    /** {@code true} or {@code false} (any case); {@code yes}, {@code 1}, {@code on} are refused. */
    public static boolean bool(String name, String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("true")) {
            return true;
        }
        if (v.equalsIgnoreCase("false")) {
            return false;
        }
        throw BadInput.of(name, value, BOOLEAN);
    }

    /** A finite number ≥ 0 ({@code 1e9} allowed), or a one-line {@link BadInput}. */
    public static double number(String name, String value) {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of(name, value, "a number ≥ 0");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw BadInput.of(name, value, "a number ≥ 0");
        }
        return v;
    }

    private static void regex(String name, String value) {
        try {
            Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(name, value, "a Java regular expression (" + e.getDescription() + ")");
        }
    }

    /**
     * The JFR configuration {@code kensho.jfr.settings} names — one this JDK ships ({@code profile}, {@code default}) or
     * a {@code .jfc} file — or a one-line {@link BadInput} listing the names there are.
     */
    public static jdk.jfr.Configuration jfrConfiguration(String v) {
        try {
            if (v.endsWith(".jfc") || v.contains("/")) {
                Path p = Path.of(v);
                if (Files.isRegularFile(p)) {
                    return jdk.jfr.Configuration.create(p);
                }
            } else {
                return jdk.jfr.Configuration.getConfiguration(v);
            }
        } catch (IOException | ParseException e) {
            // named below
        }
        String names = jdk.jfr.Configuration.getConfigurations().stream().map(jdk.jfr.Configuration::getName).sorted()
                .collect(Collectors.joining(", "));
        throw BadInput.of(Setting.JFR_SETTINGS.key(), v, "a JFR configuration this JDK has (" + names + ") or the path of a .jfc file");
    }
}
