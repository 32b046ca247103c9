package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Builds sets, dictionary and bitmaps at smoke size on a real embedded redis-server for every overlap,
 * runs the import and every bitmap question once, and checks each answer equals the sets' answer.
 */
class BitmapAlgebraBenchmarkTest {

    static final long USERS = 2_000;

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.25, 0.5, 0.75, 1})
    void bitmapAnswersEqualSetAnswers(double overlap) {
        BitmapAlgebraBenchmark b = new BitmapAlgebraBenchmark();
        b.open(Smoke.apply(b, "importBitmaps", Map.of("users", Long.toString(USERS), "overlap", Double.toString(overlap),
                "batch", "300")));
        try {
            long shared = Math.round(overlap * USERS);
            b.emptyDictionary();
            assertEquals(2 * USERS - shared, b.importBitmaps(), "dictionary size = distinct users");
            b.checkAndClean();
            for (SetOp op : SetOp.values()) {
                for (BitmapAlgebraBenchmark.Reply reply : BitmapAlgebraBenchmark.Reply.values()) {
                    SetOperations.Operation o = new SetOperations.Operation();
                    o.op = op;
                    BitmapAlgebraBenchmark.ReplyMode r = new BitmapAlgebraBenchmark.ReplyMode();
                    r.reply = reply;
                    long expected = switch (op) {
                        case SINTER -> shared;
                        case SUNION -> 2 * USERS - shared;
                        case SDIFF -> USERS - shared;
                    };
                    assertEquals(expected, b.bitop(o, r), op + " " + reply);
                    b.checkAndClean(); // equals the sets' answer, sampled members' bits set, or it throws
                }
            }
        } finally {
            b.close();
        }
    }

    @Test
    void rejectsBadParamsInOneLine() {
        assertThrows(BadInput.class, () -> BitmapAlgebraBenchmark.RULES.check("overlap", "2"));
        assertThrows(BadInput.class, () -> BitmapAlgebraBenchmark.RULES.check("users", "0"));
        assertThrows(BadInput.class, () -> BitmapAlgebraBenchmark.RULES.check("batch", "0"));
        assertThrows(BadInput.class, () -> BitmapAlgebraBenchmark.RULES.check("op", "XOR"));
        assertThrows(BadInput.class, () -> BitmapAlgebraBenchmark.RULES.check("reply", "ALL"));
    }
}
