package dev.kensho.redis.sets;

import dev.kensho.common.runfiles.Case;
import dev.kensho.api.BenchmarkState;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.redis.sets.data.UserIds;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;


/**
 * Is data generation ever the bottleneck? Rate of {@link UserIds} writing ids into a buffer, as ids/s.
 * The foundation's goal: at least 5× the fastest import rate measured by {@code SetImportBenchmark}
 * (≈520k records/s for {@code redis-cli --pipe} here), i.e. ≥ 2.6M ids/s for 64-byte ids.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=UserIdGenerator}, or this class's {@code main}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class UserIdGeneratorBenchmark extends BenchmarkState {

    static final int BATCH = 1024;

    public static final ParamRules RULES = ParamRules.of().intRange("memberBytes", 1, 4096);

    @Param({"16", "64", "256"})
    int memberBytes;

    private UserIds ids;
    private byte[] buffer;
    private long next;

    @Override
    protected void open(Case c) {
        ids = new UserIds(42, memberBytes);
        buffer = new byte[BATCH * memberBytes];
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public byte[] generateIds() {
        for (int i = 0; i < BATCH; i++) {
            ids.write(next++, buffer, i * memberBytes);
        }
        return buffer;
    }

    public static void main(String[] args) {
        Kensho.main(UserIdGeneratorBenchmark.class, args);
    }
}
