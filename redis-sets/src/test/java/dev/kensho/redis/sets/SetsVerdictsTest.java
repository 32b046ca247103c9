package dev.kensho.redis.sets;

import dev.kensho.common.export.Interval;
import dev.kensho.report.Published;
import dev.kensho.report.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The set-algebra ratios name the condition that differs (the write-up's redis-cli wrote every member of the reply):
 * it limits what their magnitude can say, never their direction.
 */
class SetsVerdictsTest {

    @Test
    void aRatioFarBelowTheClaimReproducesItsDirectionAndNamesRedisCliForItsMagnitude() {
        List<Published> published = Published.load(SetsSection.class);
        for (String key : List.of("sinter_ratio", "sunion_ratio", "sdiff_ratio")) {
            Published p = published.stream().filter(x -> x.key().equals(key)).findFirst().orElseThrow();
            String v = Verdict.of(p, 2.59, new Interval(2.33, 2.85, "delta"), new Verdict.Conditions(2, 0));
            assertTrue(v.startsWith(Verdict.DIRECTION + "; magnitude " + Verdict.NOT_REPRODUCIBLE + ": redis-cli writing the reply"), v);
            String opposite = Verdict.of(p, 0.5, new Interval(0.4, 0.6, "delta"), new Verdict.Conditions(2, 0));
            assertTrue(opposite.startsWith(Verdict.CONTRADICTED + ": opposite direction"), "the condition shields no direction: " + opposite);
        }
    }
}
