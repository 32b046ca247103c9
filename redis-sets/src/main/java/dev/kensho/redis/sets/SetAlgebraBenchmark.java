package dev.kensho.redis.sets;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import org.openjdk.jmh.annotations.Measurement;

/**
 * What do {@code SINTER}, {@code SUNION} and {@code SDIFF} of two attribute sets cost, how does the
 * cost move between the write-up's two extremes (A=B, A≠B) as the sets' overlap changes, and how much
 * of it is the server's work rather than moving the reply? Experiment 1's set-operation table
 * (published, |A| = 10M, full reply written by redis-cli: SINTER 102.45 / 4.85 s, SUNION 122.33 /
 * 408.03 s, SDIFF 2.31 / 116.84 s for A=B / A≠B — {@code docs/redis-sets.md}).
 *
 * <p>Cases: {@code op} = SINTER, SUNION, SDIFF; {@code overlap} = 0 (A≠B), 0.25, 0.5, 0.75, 1 (A=B);
 * method = {@code fullReply} (result streamed to the client), {@code serverOnly} (the {@code …STORE}
 * variant) or {@code sintercard} ({@code SINTERCARD}, no op param); {@code users} = |A| = |B|.
 * The sets are built once per trial (variadic {@code SADD}, not timed); see {@link SetOperations} for
 * the checks and the recorded metrics ({@code work}, {@code result_cardinality} members,
 * {@code used_memory_sets} B, {@code used_memory_per_member} B).
 *
 * <p>Score: seconds per operation, single shot, 1 warm-up + 10 measured as the write-up's "11 runs,
 * first discarded"; the export derives members/s and MiB/s of reply.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetAlgebra} or this class's {@code main};
 * {@code -Dkensho.args="-p users=10000000 -p overlap=0,1"} for the write-up's size.
 */
@Measurement(iterations = 10)
public class SetAlgebraBenchmark extends SetOperations {

    public static final ParamRules RULES = SetOperations.rules();

    public static void main(String[] args) {
        Kensho.main(SetAlgebraBenchmark.class, args);
    }
}
