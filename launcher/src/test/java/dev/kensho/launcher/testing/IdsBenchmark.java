package dev.kensho.launcher.testing;

import dev.kensho.launcher.Bench;
import dev.kensho.api.ParamRules;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The launcher's server-free fixture: writes {@code memberBytes}-byte decimal ids into a buffer, as ids/s. It
 * lets common's tests run the real launcher (forks, rounds, run folder, bad {@code -p}) without an experiment
 * module; its JMH list stays out of common's test jar.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class IdsBenchmark {

    static final int BATCH = 256;

    public static final ParamRules RULES = ParamRules.of().intRange("memberBytes", 1, 4096);

    @Param({"16", "64", "256"})
    int memberBytes;

    private byte[] buffer;
    private long next;

    @Setup
    public void setup() {
        RULES.check("memberBytes", Integer.toString(memberBytes));
        buffer = new byte[BATCH * memberBytes];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public byte[] generateIds() {
        for (int i = 0; i < BATCH; i++) {
            long id = next++;
            int end = (i + 1) * memberBytes;
            for (int p = end - 1; p >= i * memberBytes; p--) {
                buffer[p] = (byte) ('0' + id % 10);
                id /= 10;
            }
        }
        return buffer;
    }

    public static void main(String[] args) {
        Bench.main(IdsBenchmark.class, args);
    }
}
