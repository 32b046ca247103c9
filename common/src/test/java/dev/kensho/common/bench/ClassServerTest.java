package dev.kensho.common.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A class's shared server: started before its forks, visible to them, stopped after, whatever happens. */
class ClassServerTest {

    private static final String KEY = "kensho.hbase.attach";

    private final List<String> events = new ArrayList<>();

    private ParamRules rules() {
        return ParamRules.of().classServer(() -> {
            events.add("start");
            return new ClassServer() {
                @Override
                public Map<String, String> attach() {
                    return Map.of(KEY, "1,2,3");
                }

                @Override
                public void close() {
                    events.add("close");
                }
            };
        });
    }

    @Test
    void theForksAndThisJvmSeeTheServerWhileTheClassRuns() {
        String out = Bench.withClassServer(rules(), attach -> {
            events.add("run " + attach + " " + System.getProperty(KEY));
            return "done";
        });
        assertEquals("done", out);
        assertEquals(List.of("start", "run {" + KEY + "=1,2,3} 1,2,3", "close"), events);
        assertNull(System.getProperty(KEY), "cleared after the class");
    }

    @Test
    void aFailingClassStillStopsItsServer() {
        assertThrows(IllegalStateException.class, () -> Bench.withClassServer(rules(), attach -> {
            throw new IllegalStateException("fork failed");
        }));
        assertEquals(List.of("start", "close"), events);
        assertNull(System.getProperty(KEY));
    }

    @Test
    void noServerMeansNoProperties() {
        assertEquals("{}", Bench.withClassServer(ParamRules.of(), Map::toString));
        assertEquals("{}", Bench.withClassServer(null, Map::toString));
    }
}
