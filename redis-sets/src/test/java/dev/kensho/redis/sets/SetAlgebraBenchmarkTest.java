package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.sets.data.SetLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Builds A and B at smoke size on a real embedded redis-server for every overlap, runs each measured
 * method once per op and checks the answer (the benchmark's own check, plus the formulas here).
 */
class SetAlgebraBenchmarkTest {

    static final long USERS = 2_000;

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.25, 0.5, 0.75, 1})
    void everyOperationAnswersTheLayoutsFormula(double overlap) {
        runEveryMethod(new SetAlgebraBenchmark(), overlap);
    }

    @Test
    void growthRunsTheSameMethods() {
        runEveryMethod(new SetGrowthBenchmark(), 0.5);
    }

    static void runEveryMethod(SetOperations bench, double overlap) {
        bench.open(Smoke.apply(bench, "fullReply", Map.of("users", Long.toString(USERS), "overlap", Double.toString(overlap))));
        try {
            SetLayout l = new SetLayout(USERS, overlap);
            long shared = Math.round(overlap * USERS);
            for (SetOp op : SetOp.values()) {
                SetOperations.Operation o = new SetOperations.Operation();
                o.op = op;
                long expected = switch (op) {
                    case SINTER -> shared;
                    case SUNION -> 2 * USERS - shared;
                    case SDIFF -> USERS - shared;
                };
                assertEquals(expected, op.expected(l));
                assertEquals(expected, bench.fullReply(o), op + " full reply");
                bench.checkAndClean(); // count + digest of the streamed members, or it throws
                assertEquals(expected, bench.serverOnly(o), op + " server only");
                bench.checkAndClean(); // SCARD of the stored result, then removed
            }
            assertEquals(shared, bench.sintercard());
            bench.checkAndClean();
        } finally {
            bench.close();
        }
    }

    @Test
    void rejectsBadParamsInOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("overlap", "1.5"));
        assertTrue(e.getMessage().startsWith("overlap=1.5"), e.getMessage());
        assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("overlap", "-0.1"));
        assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("overlap", "half"));
        assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("users", "0"));
        assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("memberBytes", "0"));
        assertThrows(BadInput.class, () -> SetAlgebraBenchmark.RULES.check("op", "SMOVE"));
        assertThrows(BadInput.class, () -> SetGrowthBenchmark.RULES.check("users", "-10"));
        // 500M members per set cannot fit in this machine's memory: refused before anything starts
        assertThrows(BadInput.class, () -> SetGrowthBenchmark.RULES.check(Map.of("users", "500000000", "memberBytes", "64")));
    }
}
