package dev.kensho.launcher;

import dev.kensho.api.ParamRules;
import dev.kensho.common.targets.ClassServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A class's shared server: started before its forks, visible to them, stopped after, whatever happens;
 * kept for the next class only when both declare the same key and the class before did not fail.
 */
class ClassServerTest {

    private static final String KEY = "kensho.hbase.attach";

    private final List<String> events = new ArrayList<>();
    private int started;

    private ParamRules rules(String shareKey) {
        java.util.function.Supplier<ClassServer> start = () -> {
            int n = ++started;
            events.add("start " + n);
            return new ClassServer() {
                @Override
                public Map<String, String> attach() {
                    return Map.of(KEY, "server-" + n);
                }

                @Override
                public void close() {
                    events.add("close " + n);
                }
            };
        };
        return shareKey == null ? ParamRules.of().classServer(start) : ParamRules.of().classServer(shareKey, start);
    }

    private String runClass(ClassServers servers, ParamRules rules, String failure) {
        return servers.run(rules, attach -> {
            events.add("run " + attach + " " + System.getProperty(KEY));
            return failure;
        });
    }

    @Test
    void theForksAndThisJvmSeeTheServerWhileTheClassRuns() {
        try (ClassServers servers = new ClassServers()) {
            assertNull(runClass(servers, rules(null), null));
            assertNull(System.getProperty(KEY), "cleared after the class");
        }
        assertEquals(List.of("start 1", "run {" + KEY + "=server-1} server-1", "close 1"), events);
    }

    @Test
    void classesWithTheSameKeyShareOneServerUntilTheRunEnds() {
        try (ClassServers servers = new ClassServers()) {
            runClass(servers, rules("hbase"), null);
            runClass(servers, rules("hbase"), null);
            assertEquals("server-1", System.getProperty(KEY), "kept for the next class");
            runClass(servers, rules("other"), null);
            runClass(servers, ParamRules.of(), null);
            assertNull(System.getProperty(KEY));
            runClass(servers, rules("hbase"), null);
        }
        assertNull(System.getProperty(KEY), "cleared when the run ends");
        assertEquals(List.of("start 1", "run {" + KEY + "=server-1} server-1", "run {" + KEY + "=server-1} server-1",
                "close 1", "start 2", "run {" + KEY + "=server-2} server-2", "close 2", "run {} null",
                "start 3", "run {" + KEY + "=server-3} server-3", "close 3"), events);
    }

    @Test
    void aFailingClassStillStopsItsServerAndTheNextStartsAfreshOne() {
        try (ClassServers servers = new ClassServers()) {
            assertThrows(IllegalStateException.class, () -> servers.run(rules("hbase"), attach -> {
                throw new IllegalStateException("fork failed");
            }));
            assertNull(System.getProperty(KEY));
            assertEquals("failed", runClass(servers, rules("hbase"), "failed"));
            assertNull(System.getProperty(KEY));
            runClass(servers, rules("hbase"), null);
        }
        assertEquals(List.of("start 1", "close 1", "start 2", "run {" + KEY + "=server-2} server-2", "close 2",
                "start 3", "run {" + KEY + "=server-3} server-3", "close 3"), events);
    }

    @Test
    void noServerMeansNoProperties() {
        try (ClassServers servers = new ClassServers()) {
            assertEquals("{}", servers.run(ParamRules.of(), Map::toString));
            assertEquals("{}", servers.run(null, Map::toString));
        }
    }
}
