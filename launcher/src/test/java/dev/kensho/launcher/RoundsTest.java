package dev.kensho.launcher;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The cases of a class, and the seeded orders of its rounds. */
class RoundsTest {

    private static Plan.ClassPlan plan() {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("ioThreads", new String[]{"1", "2"});
        params.put("clients", new String[]{"10", "100"});
        params.put("size", new String[]{"64"});
        // get takes ioThreads and clients; set takes ioThreads and size
        return new Plan.ClassPlan(Object.class, List.of("get", "set"), params, List.of(), false,
                Map.of("get", Set.of("ioThreads", "clients"), "set", Set.of("ioThreads", "size")));
    }

    /**
     * A module's classes in rounds run after its other classes (each group in name order), so their rounds spend what is
     * measured to be left, not what an estimate of the later classes leaves.
     */
    @Test
    void classesInRoundsRunAfterTheOthers() {
        List<Plan.ClassPlan> byName = java.util.stream.Stream.of(Integer.class, Long.class, Short.class, String.class)
                .map(c -> new Plan.ClassPlan(c, List.of("m"), Map.of(), List.of(), false)).toList();
        Set<Class<?>> inRounds = Set.of(Long.class, Short.class);
        assertEquals(List.of(Integer.class, String.class, Long.class, Short.class),
                Plan.roundsLast(byName, inRounds::contains).stream().map(Plan.ClassPlan::cls).toList());
        assertEquals(List.of(Integer.class, Long.class, Short.class, String.class),
                Plan.roundsLast(byName, c -> true).stream().map(Plan.ClassPlan::cls).toList(), "all in rounds: by name");
    }

    @Test
    void aCaseIsAMethodWithOneValueOfEachParamItTakes() {
        List<RoundCase> cases = Rounds.cases(plan());
        assertEquals(List.of("get ioThreads=1 clients=10", "get ioThreads=1 clients=100", "get ioThreads=2 clients=10",
                "get ioThreads=2 clients=100", "set ioThreads=1 size=64", "set ioThreads=2 size=64"),
                cases.stream().map(RoundCase::toString).toList());
        assertEquals(plan().cases(), cases.size(), "as many as the plan counts");
    }

    @Test
    void everyRoundRunsEveryCaseOnceInAnOrderOfItsOwnFromTheSeed() {
        List<RoundCase> cases = Rounds.cases(plan());
        List<List<RoundCase>> orders = Rounds.orders(cases, 20, 42);
        assertEquals(20, orders.size());
        Set<List<RoundCase>> distinct = new HashSet<>();
        for (List<RoundCase> o : orders) {
            assertEquals(cases.size(), o.size());
            assertEquals(new HashSet<>(cases), new HashSet<>(o), "every case, once");
            distinct.add(o);
        }
        assertNotEquals(1, distinct.size(), "shuffled per round, not once");
        assertEquals(orders, Rounds.orders(cases, 20, 42), "the same seed gives the same orders");
        assertNotEquals(orders, Rounds.orders(cases, 20, 43));
        assertEquals(Rounds.seed("run-1", "a.B"), Rounds.seed("run-1", "a.B"));
        assertNotEquals(Rounds.seed("run-1", "a.B"), Rounds.seed("run-2", "a.B"));
    }
}
