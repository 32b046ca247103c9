package dev.kensho.report.cli;

import dev.kensho.common.BadInput;
import dev.kensho.common.MisplacedSetting;
import dev.kensho.report.Compare;
import dev.kensho.report.Docs;
import dev.kensho.report.Report;
import dev.kensho.report.merge.Merge;
import dev.kensho.report.merge.Pool;
import dev.kensho.report.profile.ProfiledRuns;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code java -jar kensho-benchmarks.jar <command> …}: the tools that read run folders, as commands. Without a command
 * the jar runs benchmarks ({@code JarMain} decides by the first argument, {@link #NAMES}). Each command has
 * {@code --help}; a wrong argument is one line naming it and pointing at that help, status 2; the commands' own
 * refusals are their one {@code kensho:} line. Relative folders are read from the checkout (or the working directory).
 */
@Command(name = Commands.JAR, subcommands = {Commands.CompareCommand.class, Commands.ReportCommand.class,
        Commands.MergeCommand.class, Commands.PoolCommand.class, Commands.DocsCommand.class},
        synopsisHeading = "Usage: ", customSynopsis = {
                Commands.JAR + " [regex] [JMH flags]",
                "       " + Commands.JAR + " <command> [--help] <folder>…",
                "       " + Commands.JAR + " -h | --help | --version"},
        description = {"Without a command the jar runs benchmarks (-h: JMH's flags, then this; -l: the benchmarks);"
                + " a command reads run folders; --version: the suite's version and commit."},
        commandListHeading = "%nCommands:%n",
        footer = "%nSettings go before -jar as -Dkensho.*=… (docs/settings.md); e.g. -Dkensho.prices=<file> for report.")
public final class Commands implements Callable<Integer> {

    static final String JAR = "java -jar kensho-benchmarks.jar";
    /** The first arguments that make the jar run a command instead of benchmarks. */
    public static final Set<String> NAMES = Set.of("compare", "report", "merge", "pool", "docs", "--help");

    @Option(names = "--help", usageHelp = true, description = "this help")
    boolean help;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(new CommandLine(this), "name a command: compare, report, merge, pool or docs");
    }

    /** The usage {@code --help} prints (the commands), for the jar's {@code -h} ({@link Usage}). */
    static String usage() {
        return new CommandLine(new Commands(System.out, System.err)).setUsageHelpWidth(Usage.WIDTH)
                .getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    /** {@code java -jar … compare …}: prints and exits with the command's status. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command line; returns its exit status (0, 1 something moved for compare, 2 bad input). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            MisplacedSetting.refuse(args, MisplacedSetting.Entry.JAR); // -Dkensho.prices=… after -jar reaches nothing
        } catch (BadInput e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        }
        CommandLine cl = new CommandLine(new Commands(out, err)).setUsageHelpWidth(Usage.WIDTH);
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setParameterExceptionHandler((e, a) -> {
            String name = e.getCommandLine().getCommandName().equals(JAR) ? "" : e.getCommandLine().getCommandName() + " ";
            err.println("kensho: " + name.strip() + (name.isEmpty() ? "" : ": ") + e.getMessage().lines().findFirst().orElse("")
                    + "; " + JAR + " " + name + "--help shows what it takes");
            return 2;
        });
        cl.setExecutionExceptionHandler((e, c, parsed) -> {
            BadInput bad = BadInput.in(e);
            err.println("kensho: " + (bad != null ? bad.getMessage() : c.getCommandName() + " failed: " + e));
            return bad != null ? 2 : 1;
        });
        return cl.execute(args);
    }

    private final PrintStream out;
    private final PrintStream err;

    Commands(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** What every command has: {@code --help}, and the streams of {@link #run}. */
    abstract static class Sub implements Callable<Integer> {
        @CommandLine.ParentCommand
        Commands top;
        @Option(names = "--help", usageHelp = true, description = "this help")
        boolean help;
    }

    @Command(name = "compare", description = "What moved between two runs: every number, with its interval and the noise"
            + " floor; writes compare-<before>.md into <after>. Exit 1 when something moved.",
            customSynopsis = JAR + " compare [--mix-profiled] [--noise <A/A run 1> <A/A run 2> | --noise <noise-floor.json>] <before> <after>")
    static final class CompareCommand extends Sub {
        @Option(names = ProfiledRuns.FLAG, description = "compare a profiled run with a plain one all the same")
        boolean mixProfiled;
        @Option(names = "--noise", description = "the noise floor: two A/A run folders of one commit (the first folders"
                + " given), or the noise-floor.json a pair wrote")
        boolean noise;
        @Parameters(arity = "2..4", paramLabel = "<folder>…", hideParamSyntax = true,
                description = "[the A/A runs or noise file] <before> <after>")
        List<String> folders;

        @Override
        public Integer call() {
            List<String> args = new ArrayList<>();
            if (mixProfiled) {
                args.add(ProfiledRuns.FLAG);
            }
            if (noise) {
                args.add("--noise");
            }
            args.addAll(folders);
            return Compare.run(args.toArray(String[]::new), top.out, top.err);
        }
    }

    @Command(name = "report", description = "Re-renders a run folder's report.md and report.html from its files (after a"
            + " new -Dkensho.prices, or a newer suite).")
    static final class ReportCommand extends Sub {
        @Parameters(paramLabel = "<run folder>", description = "e.g. target/kensho-runs/20261122-101500")
        String folder;

        @Override
        public Integer call() {
            return Report.run(folder, top.err);
        }
    }

    @Command(name = "merge", description = "Joins the shards of one sharded run (-Dkensho.shard=i/N) into one run folder"
            + " (docs/sharding.md).")
    static final class MergeCommand extends Sub {
        @Parameters(index = "0", paramLabel = "<merged folder>", description = "the folder to write")
        String into;
        @Parameters(index = "1..*", arity = "1..*", paramLabel = "<shard folder>", description = "every shard's run folder")
        List<String> shards;

        @Override
        public Integer call() {
            return Merge.run(into, shards, top.err);
        }
    }

    @Command(name = "pool", description = "Joins N runs of one commit so each verdict rests on all of them.")
    static final class PoolCommand extends Sub {
        @Option(names = ProfiledRuns.FLAG, description = "pool profiled runs with plain ones all the same")
        boolean mixProfiled;
        @Parameters(index = "0", paramLabel = "<pooled folder>", description = "the folder to write")
        String into;
        @Parameters(index = "1..*", arity = "2..*", paramLabel = "<run folder>", description = "two or more run folders")
        List<String> runs;

        @Override
        public Integer call() {
            return Pool.run(into, runs, mixProfiled, top.err);
        }
    }

    @Command(name = "docs", description = "Publishes a run into the docs: its ledger into docs/<experiment>.md, its charts"
            + " and tables into docs/runs/<run>/.")
    static final class DocsCommand extends Sub {
        @Parameters(index = "0", paramLabel = "<run folder>", description = "the run to publish")
        String folder;
        @Parameters(index = "1", arity = "0..1", paramLabel = "<docs folder>", description = "default: the checkout's docs")
        String docs;

        @Override
        public Integer call() {
            return Docs.run(folder, docs, top.err);
        }
    }
}
