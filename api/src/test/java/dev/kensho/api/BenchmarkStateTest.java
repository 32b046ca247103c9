package dev.kensho.api;

import dev.kensho.common.BadInput;
import dev.kensho.common.runfiles.Case;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The base state's life cycle (check before open, close at the end) and the defaults a subclass inherits. */
class BenchmarkStateTest {

    /** A benchmark state that writes down what its life cycle called. */
    public static class Probe extends BenchmarkState {

        public static final ParamRules RULES = ParamRules.of().intRange("n", 1, 3);

        final List<String> calls = new ArrayList<>();

        @Override
        protected void open(Case c) {
            calls.add("open " + c.params().get("n"));
        }

        @Override
        protected void close() {
            calls.add("close");
        }
    }

    @Test
    void aCaseIsCheckedThenOpenedAndClosedAtTheEnd() throws Exception {
        Probe p = new Probe();
        p.start(new Case("x.m", Map.of("n", "2")));
        p.tearDown();
        assertEquals(List.of("open 2", "close"), p.calls);
    }

    @Test
    void aValueTheRulesRefuseStopsTheTrialBeforeItOpens() {
        Probe p = new Probe();
        BadInput e = assertThrows(BadInput.class, () -> p.start(new Case("x.m", Map.of("n", "7"))));
        assertTrue(e.getMessage().contains("n"), e.getMessage());
        assertEquals(List.of(), p.calls, "nothing opened");
    }

    @Test
    void theRulesAreTheClassesOwn() {
        assertSame(Probe.RULES, ParamRules.declaredBy(Probe.class));
        assertNull(ParamRules.declaredBy(String.class));
    }

    @Test
    void theDefaultsAreReadThroughTheSuperclass() {
        // java.lang.reflect and JMH's generator both walk up to the base's annotations (they are @Inherited)
        assertEquals(1, Probe.class.getAnnotation(Fork.class).value());
        assertEquals(1, Probe.class.getAnnotation(Warmup.class).iterations());
        assertEquals(3, Probe.class.getAnnotation(Measurement.class).iterations());
        assertEquals(Mode.SingleShotTime, Probe.class.getAnnotation(BenchmarkMode.class).value()[0]);
        assertEquals(org.openjdk.jmh.annotations.Scope.Benchmark, Probe.class.getAnnotation(State.class).value());
    }
}
