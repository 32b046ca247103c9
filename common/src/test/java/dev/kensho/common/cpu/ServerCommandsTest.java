package dev.kensho.common.cpu;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Per-command server time: each command's cores over an iteration (redis-target's RedisInfoTest parses INFO commandstats). */
class ServerCommandsTest {

    @Test
    void coresPerCommandOverTheIterationLeaveOutTheNegligible() {
        // one second of wall: GET used 0.6 s of server time, SET 0.25 s, INFO 0.001 s (below 0.005 cores)
        Map<String, Double> c = ServerCommands.cores(Map.of("get", 1_000_000L, "set", 50_000L),
                Map.of("get", 1_600_000L, "set", 300_000L, "info", 1_000L), 1_000_000_000L);
        assertEquals(Map.of("get", 0.6, "set", 0.25), c);
        assertEquals(Map.of(), ServerCommands.cores(Map.of("get", 5L), Map.of("get", 3L), 1_000_000_000L), "a restarted server counts nothing");
    }
}
