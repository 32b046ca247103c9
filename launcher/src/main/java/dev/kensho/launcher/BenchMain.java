package dev.kensho.launcher;

import dev.kensho.common.BadInput;

/**
 * {@code mvn verify -Pbench} entry point: runs every benchmark of the module on the classpath that
 * matches {@code kensho.bench}, through the same launcher as each class's {@code main}. Arguments are
 * JMH flags ({@code -Dkensho.args="-p users=5000"} in Maven); a plain argument is the benchmark regex, as on
 * JMH's own command line ({@link LaunchArgs#positionalRegex}).
 *
 * <p>{@link #standalone} is the entry of {@code benchmarks/target/kensho-benchmarks.jar} (every module in one
 * jar): the same, except that a regex matching nothing there is bad input rather than another module's turn.
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

    private static int launch(String[] args, boolean requireMatch) {
        String[] flags;
        try {
            flags = LaunchArgs.positionalRegex(args);
        } catch (BadInput e) {
            System.err.println("kensho: " + e.getMessage());
            return 2;
        }
        // a regex the user typed must match something, wherever the launcher runs
        return Bench.run(null, flags, requireMatch || flags != args, System.err);
    }
}
