package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loads one set at smoke size into a real embedded redis-server and checks the memory per member is plausible. */
class SetMemoryBenchmarkTest {

    @ParameterizedTest
    @CsvSource({"2000,16", "2000,64", "2000,256"})
    void memoryPerMemberIsAtLeastTheMemberBytes(long users, int memberBytes) {
        SetMemoryBenchmark b = new SetMemoryBenchmark();
        // the smoke case at 2,000 members: the bounds below are for that many
        b.open(Smoke.apply(b, "loadSet", Map.of("users", Long.toString(users), "memberBytes", Integer.toString(memberBytes))));
        try {
            b.emptyKeyspace();
            assertEquals(users, b.loadSet());
            b.checkAndMeasure(); // SCARD and sampled members, or it throws
            // a member costs at least its bytes, and under 4× + 200 B (at 2,000 members the fixed costs
            // in used_memory — client buffers, the key — are spread thin; at 100 they are not)
            assertTrue(b.lastPerMember >= memberBytes * 0.9, "per member " + b.lastPerMember);
            assertTrue(b.lastPerMember < memberBytes * 4 + 200, "per member " + b.lastPerMember);
        } finally {
            b.close();
        }
    }

    @Test
    void rejectsBadParamsInOneLine() {
        assertThrows(BadInput.class, () -> SetMemoryBenchmark.RULES.check("users", "0"));
        assertThrows(BadInput.class, () -> SetMemoryBenchmark.RULES.check("memberBytes", "5000"));
        assertThrows(BadInput.class, () -> SetMemoryBenchmark.RULES.check(Map.of("users", "1000000000", "memberBytes", "4096")));
    }
}
