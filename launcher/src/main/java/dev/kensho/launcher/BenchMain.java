package dev.kensho.launcher;

import dev.kensho.common.BadInput;
import dev.kensho.common.MisplacedSetting;
import dev.kensho.report.cli.Usage;

/**
 * {@code mvn verify -Pbench} entry point: runs every benchmark of the module on the classpath that
 * matches {@code kensho.bench}, through the same launcher as each class's {@code main}. Arguments are
 * JMH flags ({@code -Dkensho.args="-p users=5000"} in Maven); a plain argument is the benchmark regex, as on
 * JMH's own command line ({@link LaunchArgs#positionalRegex}).
 *
 * <p>{@link #standalone} is the entry of {@code benchmarks/target/kensho-benchmarks.jar} (every module in one
 * jar): the same, except that a regex matching nothing there is bad input rather than another module's turn, and
 * {@code -h} prints the suite's own usage (its commands and settings, {@link Usage}) after JMH's help.
 *
 * <p>A {@code -D} setting among the arguments (after {@code -jar}, inside {@code kensho.args}) would reach no system
 * property: it stops the run in one line saying where it goes ({@link MisplacedSetting}).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(launch(args, false));
    }

    /** {@code java -jar kensho-benchmarks.jar [regex] [JMH flags]} (through the jar's Java-version check). */
    public static void standalone(String[] args) {
        System.exit(launch(args, true));
    }

    static int launch(String[] args, boolean standalone) {
        String[] flags;
        try {
            MisplacedSetting.refuse(LaunchArgs.split(args), standalone ? MisplacedSetting.Entry.JAR : MisplacedSetting.Entry.MAVEN);
            if (standalone && JmhFlags.parse(args).shouldHelp()) {
                JmhFlags.inform(args, null); // JMH's own help first, as java -jar benchmarks.jar -h prints it
                System.out.println();
                System.out.print(Usage.text());
                System.out.flush();
                return 0;
            }
            flags = LaunchArgs.positionalRegex(args);
        } catch (BadInput e) {
            System.err.println("kensho: " + e.getMessage());
            return 2;
        }
        // a regex the user typed must match something, wherever the launcher runs
        return Bench.run(null, flags, standalone || flags != args, System.err);
    }
}
