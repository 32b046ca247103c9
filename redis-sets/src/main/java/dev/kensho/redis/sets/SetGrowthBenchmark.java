package dev.kensho.redis.sets;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import org.openjdk.jmh.annotations.Measurement;

/**
 * How does each set operation's time grow with the set size N, so a user can extrapolate to the
 * write-up's 10M (plotted on log axes: N against seconds)? The same measured methods, checks and
 * records as {@link SetAlgebraBenchmark} (see {@link SetOperations}), swept over {@code users} at one
 * overlap (0.5 by the scale file: half the members shared, so every operation has real work on both
 * paths); {@code used_memory_per_member} (B) per N comes with it.
 *
 * <p>Cases: {@code users} = N per set (scale file: 10k, 100k, 1M by default; 10M at seed);
 * {@code op} × method as in {@link SetAlgebraBenchmark}.
 *
 * <p>Score: seconds per operation, single shot, 1 warm-up + 10 measured.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetGrowth} or this class's {@code main};
 * {@code -Dkensho.args="-p users=10000,100000,1000000,10000000"} to go to the published size.
 */
@Measurement(iterations = 10)
public class SetGrowthBenchmark extends SetOperations {

    public static final ParamRules RULES = SetOperations.rules();

    public static void main(String[] args) {
        Kensho.main(SetGrowthBenchmark.class, args);
    }
}
