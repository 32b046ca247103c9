package dev.kensho.report.profile;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The merged tree of two sides' stacks, as shares of each side's own samples, and the colour of a change. */
class DiffFlameGraphTest {

    @Test
    void eachSideIsCountedAsSharesOfItsOwnSamples() {
        // the denominator has ten times the samples: shares, not counts, are set against each other
        DiffFlameGraph.Node root = DiffFlameGraph.tree(Map.of("main;a", 3L, "main;b", 1L), Map.of("main;a", 10L, "main;c", 30L));
        DiffFlameGraph.Node main = root.children.get("main");
        assertEquals(1.0, main.a, 1e-9);
        assertEquals(1.0, main.b, 1e-9);
        DiffFlameGraph.Node a = main.children.get("a");
        assertEquals(0.75, a.a, 1e-9);
        assertEquals(0.25, a.b, 1e-9);
        assertEquals(0.5, a.width(), 1e-9);
        DiffFlameGraph.Node c = main.children.get("c");
        assertEquals(0.0, c.a, 1e-9, "a frame only the denominator has");
        assertEquals(0.375, c.width(), 1e-9, "still drawn, half as wide as its share there");
    }

    @Test
    void redForMoreBlueForLessWhiteForTheSame() {
        assertEquals("rgb(255,0,0)", DiffFlameGraph.colour(1));
        assertEquals("rgb(0,0,255)", DiffFlameGraph.colour(-1));
        assertEquals("rgb(255,255,255)", DiffFlameGraph.colour(0));
        assertEquals("rgb(255,128,128)", DiffFlameGraph.colour(0.5));
    }
}
