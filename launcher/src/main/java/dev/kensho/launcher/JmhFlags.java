package dev.kensho.launcher;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * JMH's own flags that do not run a benchmark, taken as {@code org.openjdk.jmh.Main} takes them, and the result flags
 * the launcher cannot honour.
 *
 * <p>{@code -h}, {@code -l}, {@code -lp}, {@code -lprof}, {@code -lrf}: JMH's own text, exit 0, before any setting
 * is acted on — no run folder, no server. {@code -l} and {@code -lp} list what the launcher would select: the
 * {@code kensho.bench} regex (or a plain argument), within the class of a {@code main}.
 *
 * <p>{@code -rf}, {@code -rff}, {@code -o} are refused in one line (only {@code -rf json} passes: that is what the
 * suite writes). Why not honour them: the launcher runs one JMH {@link Runner} per class (with rounds, one per case
 * per round) into {@code jmh/<Class>.json}; a single {@code -rff} file would be re-written by every class and hold
 * only the last, and {@code -o} would take the console lines the launcher reads for its progress. Every number is
 * in the run folder already — every class's JMH JSON joined in {@code jmh-result.json}, as CSV too
 * ({@code results.csv}) — and JMH's console of each class in {@code jmh/<Class>.log}.
 */
final class JmhFlags {

    private JmhFlags() {
    }

    /** JMH's options from the launcher's arguments, or one line. */
    static CommandLineOptions parse(String[] args) {
        try {
            return new CommandLineOptions(LaunchArgs.split(args));
        } catch (CommandLineOptionException e) {
            throw new BadInput("JMH arguments " + String.join(" ", args) + ": " + e.getMessage());
        }
    }

    /** True when {@code cli} asks only for help or a listing (nothing is to run). */
    static boolean informational(CommandLineOptions cli) {
        return cli.shouldHelp() || cli.shouldList() || cli.shouldListWithParams() || cli.shouldListProfilers()
                || cli.shouldListResultFormats();
    }

    /** Help or a list only, as JMH's own {@code Main} orders them: printed on stdout. */
    static void inform(String[] args, Set<String> only) {
        CommandLineOptions cli = parse(args);
        try {
            if (cli.shouldHelp()) {
                cli.showHelp();
            } else if (cli.shouldList() || cli.shouldListWithParams()) {
                List<String> withRegex = new ArrayList<>(List.of(LaunchArgs.split(args)));
                withRegex.add(selection(only));
                CommandLineOptions listed = parse(withRegex.toArray(String[]::new));
                Runner runner = new Runner(listed);
                if (cli.shouldList()) {
                    runner.list();
                } else {
                    runner.listWithParams(listed);
                }
            } else if (cli.shouldListProfilers()) {
                cli.listProfilers();
            } else if (cli.shouldListResultFormats()) {
                cli.listResultFormats();
            }
        } catch (IOException e) {
            throw new BadInput("JMH's help: " + e.getMessage());
        }
        System.out.flush();
    }

    /**
     * The benchmarks a run would select, as one JMH include: the {@code kensho.bench} regex, and with {@code only} (a
     * class's {@code main}) within those classes. JMH matches an include with {@code find()}, so lookaheads at the
     * start require both.
     */
    private static String selection(Set<String> only) {
        String regex = Setting.BENCH.get(Settings.BENCH_DEFAULT);
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw BadInput.of(Setting.BENCH.key(), regex, "a Java regular expression (" + e.getDescription() + ")");
        }
        String classes = only == null ? "" : "(?=(?:" + String.join("|", only.stream().map(c -> Pattern.quote(c) + "\\.").toList()) + "))";
        return "^" + classes + "(?=.*(?:" + regex + "))";
    }

    /** {@code -rf} other than json, {@code -rff}, {@code -o}: one line saying where the suite puts them instead. */
    static void refuseResultFlags(CommandLineOptions cli) {
        if (cli.getResultFormat().hasValue() && cli.getResultFormat().get() != ResultFormatType.JSON) {
            throw BadInput.of("-rf", cli.getResultFormat().get().toString().toLowerCase(Locale.ROOT),
                    "json or leave it out: kensho writes JMH's JSON per class (jmh/<Class>.json) and every number as CSV"
                            + " (results.csv) in the run folder");
        }
        if (cli.getResult().hasValue()) {
            throw BadInput.of("-rff", cli.getResult().get(), "leave it out: kensho runs one JMH run per class, each into"
                    + " jmh/<Class>.json of the run folder, and joins them in its jmh-result.json (-Dkensho.results and"
                    + " -Dkensho.runId choose the folder)");
        }
        if (cli.getOutput().hasValue()) {
            throw BadInput.of("-o", cli.getOutput().get(), "leave it out: JMH's output of each class is in jmh/<Class>.log"
                    + " of the run folder (-Dkensho.verbose=true shows it here)");
        }
    }
}
