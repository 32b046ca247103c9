package dev.kensho.launcher;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The launcher's command line: JMH's flags, as Maven, a class's main or the jar hand them over. */
final class LaunchArgs {

    private LaunchArgs() {
    }

    /**
     * JMH's command line takes benchmark regexes as plain arguments, but the launcher selects by
     * {@code kensho.bench} (one class per JMH run, the scale's choices applied): a plain argument becomes that
     * setting (several: any of them) and the flags are returned without it; {@code args} itself when there is
     * none. Given both ways, the run stops with one line.
     */
    static String[] positionalRegex(String[] args) {
        String[] flags = split(args);
        List<String> regexes;
        try {
            regexes = new CommandLineOptions(flags).getIncludes();
        } catch (CommandLineOptionException e) {
            return args; // plan() says what is wrong with them
        }
        if (regexes.isEmpty()) {
            return args;
        }
        String regex = regexes.size() == 1 ? regexes.get(0) : "(" + String.join(")|(", regexes) + ")";
        if (Setting.BENCH.get() != null) {
            throw new BadInput("the benchmark regex is given twice, as the argument " + regex + " and as -D"
                    + Setting.BENCH.key() + "=" + Setting.BENCH.get() + ": give one");
        }
        System.setProperty(Setting.BENCH.key(), regex); // forks get it with the other kensho.* settings
        List<String> rest = new ArrayList<>(List.of(flags));
        rest.removeAll(regexes);
        return rest.toArray(String[]::new);
    }

    /** Maven passes all JMH flags as one argument; split it on whitespace (quotes not needed for JMH flags). */
    static String[] split(String[] args) {
        return Arrays.stream(args).flatMap(a -> Arrays.stream(a.trim().split("\\s+")))
                .filter(s -> !s.isEmpty()).collect(Collectors.toList()).toArray(String[]::new);
    }
}
