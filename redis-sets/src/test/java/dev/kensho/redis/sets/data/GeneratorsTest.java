package dev.kensho.redis.sets.data;

import dev.kensho.common.BadInput;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratorsTest {

    @Test
    void userIdsAreDeterministicFixedWidthAndDistinct() {
        UserIds a = new UserIds(7);
        UserIds b = new UserIds(7);
        assertArrayEquals(a.get(123), b.get(123));
        assertNotEquals(new UserIds(8).string(123), a.string(123));
        assertEquals(64, a.get(0).length);
        Set<String> seen = new HashSet<>();
        for (long i = 0; i < 100_000; i++) {
            assertTrue(seen.add(a.string(i)), "duplicate id at " + i);
        }
        assertTrue(a.string(0).matches("[0-9a-f]{64}"));
        assertEquals(16, new UserIds(1, 16).get(5).length);
    }

    @Test
    void layoutExpectationsGeneraliseTheWriteUpFormulas() {
        // A=B
        SetLayout same = new SetLayout(1000, 1.0);
        assertEquals(1000, same.intersection());
        assertEquals(1000, same.union());
        assertEquals(0, same.difference());
        // A≠B
        SetLayout disjoint = new SetLayout(1000, 0.0);
        assertEquals(0, disjoint.intersection());
        assertEquals(2000, disjoint.union());
        assertEquals(1000, disjoint.difference());
        // half
        SetLayout half = new SetLayout(1000, 0.5);
        assertEquals(500, half.intersection());
        assertEquals(1500, half.union());
        assertEquals(500, half.difference());
        assertEquals(500, half.start(1));
        // and the layout really produces those sets
        UserIds ids = new UserIds(1, 16);
        Set<String> a = new HashSet<>();
        Set<String> b = new HashSet<>();
        SetLayout q = new SetLayout(400, 0.25);
        for (long i = 0; i < 400; i++) {
            a.add(ids.string(q.start(0) + i));
            b.add(ids.string(q.start(1) + i));
        }
        Set<String> inter = new HashSet<>(a);
        inter.retainAll(b);
        assertEquals(q.intersection(), inter.size());
    }

    @Test
    void badLayoutsAreOneLineErrors() {
        assertThrows(BadInput.class, () -> new SetLayout(0, 0.5));
        BadInput e = assertThrows(BadInput.class, () -> new SetLayout(10, 1.5));
        assertTrue(e.getMessage().startsWith("overlap=1.5"), e.getMessage());
    }

    @Test
    void attributeKeysAre16BytesWithTheDefaultPrefix() {
        assertEquals("kensho:s:0000003", AttributeKeys.key("kensho:", 's', 3));
        assertEquals(16, AttributeKeys.bytes("kensho:", 's', 12345).length);
        assertTrue(AttributeKeys.key("longer-prefix:", 'b', 1).startsWith("longer-prefix:b:"));
    }
}
