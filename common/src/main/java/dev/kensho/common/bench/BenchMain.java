package dev.kensho.common.bench;

/**
 * {@code mvn verify -Pbench} entry point: runs every benchmark of the module on the classpath that
 * matches {@code kensho.bench}, through the same launcher as each class's {@code main}. Arguments are
 * JMH flags ({@code -Dkensho.args="-p users=5000"} in Maven).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(Bench.run(null, args, false, System.err));
    }
}
