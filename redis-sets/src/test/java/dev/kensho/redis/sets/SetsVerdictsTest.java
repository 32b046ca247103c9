package dev.kensho.redis.sets;

import dev.kensho.common.export.Interval;
import dev.kensho.report.Published;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The set-algebra claims in redis-cli's regime are described so that the rules decide them: the direction is a check
 * (a reply of |A| members against an empty one) that needs only the side of 1, the magnitude a factor-of-2 range
 * whose condition (the reply's path) explains ours anywhere between 1 and the range, never an interval that straddles
 * it. Intervals here are hand-picked, not taken from the code.
 */
class SetsVerdictsTest {

    private static final Verdict.Conditions HERE = new Verdict.Conditions(2, 0);

    private static Published claim(String key) {
        return Published.load(SetsSection.class).stream().filter(x -> x.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void aDirectionIsDecidedBySideOfOneAlone() {
        for (String op : List.of("sinter", "sunion", "sdiff")) {
            Published p = claim(op + "_direction");
            assertTrue(p.condition().isEmpty(), op + ": a direction claim names no condition");
            assertEquals(Published.Kind.CHECK, p.kind(), op + ": its answer follows from the data the suite built");
            assertTrue(Verdict.of(p, 2.5, new Interval(2.2, 2.9, "t"), HERE).startsWith(Verdict.REPRODUCED), op);
            assertTrue(Verdict.of(p, 0.6, new Interval(0.5, 0.7, "t"), HERE).startsWith(Verdict.CONTRADICTED), op);
            assertTrue(Verdict.of(p, 1.1, new Interval(0.9, 1.3, "t"), HERE).startsWith(Verdict.NOT_RESOLVED), op);
        }
    }

    @Test
    void aMagnitudeIsAFactorOfTwoAroundThePublishedRatio() {
        // the write-up's table: 102.45 / 4.85, 408.03 / 122.33, 116.84 / 2.31
        double[][] expect = {{10.56, 42.25}, {1.668, 6.671}, {25.29, 101.2}};
        String[] ops = {"sinter", "sunion", "sdiff"};
        for (int i = 0; i < 3; i++) {
            Published p = claim(ops[i] + "_magnitude");
            assertEquals(expect[i][0], p.range().low(), 0.01 * expect[i][0], ops[i]);
            assertEquals(expect[i][1], p.range().high(), 0.01 * expect[i][1], ops[i]);
            double mid = Math.sqrt(p.range().low() * p.range().high());
            assertTrue(Verdict.of(p, mid, new Interval(mid * 0.9, mid * 1.1, "t"), HERE).startsWith(Verdict.REPRODUCED), ops[i]);
            // below the range, above 1: a cheaper path for the reply explains it
            String v = Verdict.of(p, 1.2, new Interval(1.1, 1.3, "t"), HERE);
            assertTrue(v.startsWith(Verdict.DIRECTION + "; magnitude " + Verdict.NOT_REPRODUCIBLE + ": the write-up's reply crossed"), v);
            assertTrue(!p.condition().contains("held 10M members"), ops[i] + ": set size, which the suite's 10M run rules out, is no condition");
            // straddling the range's edge: open, whatever the condition
            String open = Verdict.of(p, p.range().low(), new Interval(p.range().low() * 0.8, p.range().low() * 1.2, "t"), HERE);
            assertTrue(open.startsWith(Verdict.NOT_RESOLVED), open);
        }
    }
}
