package dev.kensho.common.shard;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShardTest {

    @AfterEach
    void clear() {
        System.clearProperty("kensho.shard");
        System.clearProperty("kensho.startAt");
        System.clearProperty("kensho.startGrid");
        System.clearProperty("kensho.trialGap");
    }

    @Test
    void sharesSumToTheTotalAndRangesTileIt() {
        for (int n = 1; n <= 7; n++) {
            for (int total : new int[]{7, 100, 801, 1_000_000}) {
                int sum = 0;
                int next = 0;
                for (int i = 0; i < n; i++) {
                    Shard s = new Shard(i, n);
                    sum += s.share(total);
                    Shard.Range r = s.range(total);
                    assertEquals(next, r.first(), "ranges are consecutive");
                    assertEquals(s.share(total), r.size());
                    next = r.end();
                }
                assertEquals(total, sum);
                assertEquals(total, next);
            }
        }
        assertEquals(34, new Shard(0, 3).share(100));
        assertEquals(33, new Shard(2, 3).share(100));
    }

    @Test
    void badShardsAreOneLineNamingTheSetting() {
        for (String bad : new String[]{"3/2", "0/0", "x", "2/2", "-1/2", "1/", "1/2/3"}) {
            BadInput e = assertThrows(BadInput.class, () -> Shard.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("kensho.shard=" + bad), e.getMessage());
            assertTrue(e.getMessage().contains("i/N"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
        assertThrows(BadInput.class, () -> new Shard(2, 3).share(2), "a shard with nothing to do");
    }

    @Test
    void seedsDifferPerShardAndTheWholeRunKeepsItsSeed() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 16; i++) {
            assertTrue(seen.add(new Shard(i, 16).seed(42)));
            assertEquals(new Shard(i, 16).seed(42), new Shard(i, 16).seed(42));
        }
        assertEquals(42, Shard.WHOLE.seed(42));
    }

    @Test
    void shardsGetTheirOwnKeyPrefix() {
        assertEquals("kensho:", Shard.runKeyPrefix());
        System.setProperty("kensho.shard", "1/2");
        assertEquals("kensho:1:", Shard.runKeyPrefix());
        assertEquals(new Shard(1, 2), Shard.current());
    }

    @Test
    void startAtMustBeAnInstantInTheFuture() {
        assertNull(StartAt.current(true));
        System.setProperty("kensho.startAt", "2001-01-01T00:00:00Z");
        BadInput past = assertThrows(BadInput.class, () -> StartAt.current(true));
        assertTrue(past.getMessage().startsWith("kensho.startAt=2001-01-01T00:00:00Z"), past.getMessage());
        assertEquals(Instant.parse("2001-01-01T00:00:00Z"), StartAt.current(false));
        System.setProperty("kensho.startAt", "tomorrow");
        assertThrows(BadInput.class, () -> StartAt.current(false));
        long future = System.currentTimeMillis() + 3_600_000;
        System.setProperty("kensho.startAt", Long.toString(future));
        assertEquals(Instant.ofEpochMilli(future), StartAt.current(true));
    }

    @Test
    void theOffsetIsTheTargetClockMinusOursWithinHalfTheRoundTrip() {
        long skew = 3_000_000; // the target's clock runs 3 s ahead
        AtomicLong calls = new AtomicLong();
        StartAt.Offset o = StartAt.offset(() -> {
            calls.incrementAndGet();
            Instant n = Instant.now();
            return n.getEpochSecond() * 1_000_000 + n.getNano() / 1000 + skew;
        });
        assertEquals(StartAt.SAMPLES, calls.get());
        assertTrue(Math.abs(o.offsetMicros() - skew) <= o.uncertaintyMicros() + 1, o.toString());
    }

    /**
     * A later trial starts on the first boundary at least {@code kensho.trialGap} after the boundary the trial before
     * it started its last iteration on, not on the first one after its own set-up: every shard knows that boundary.
     */
    @Test
    void aLaterTrialStartsTheGapAfterTheLastIterationsBoundary() throws InterruptedException {
        System.setProperty("kensho.startAt", Instant.now().toString());
        System.setProperty("kensho.startGrid", "1");
        System.setProperty("kensho.trialGap", "2");
        java.util.function.LongSupplier clock = () -> {
            Instant n = Instant.now();
            return n.getEpochSecond() * 1_000_000 + n.getNano() / 1000;
        };
        Instant first = StartAt.beginTrial("test clock", clock);
        StartAt.beginIteration(); // the trial's first iteration: on the trial's boundary
        Thread.sleep(200); // the iteration's work (a boundary up to 100 ms past counts as this one)
        StartAt.beginIteration(); // its second: the next boundary, 1 s later
        Instant second = StartAt.beginTrial("test clock", clock); // set up at once, yet it waits for the gap
        long ms = second.toEpochMilli() - first.toEpochMilli();
        assertTrue(Math.abs(ms - 3_000) <= 5, "last iteration at +1 s, the next trial 2 s after it: +" + ms + " ms");
    }
}
