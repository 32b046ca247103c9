package dev.kensho.common.cpu;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Per-command server time: INFO commandstats parsed, and each command's cores over an iteration. */
class ServerCommandsTest {

    @Test
    void commandStatsAreParsedToMicrosPerCommand() {
        String info = "# Commandstats\r\ncmdstat_get:calls=800,usec=4000,usec_per_call=5.00,rejected_calls=0,failed_calls=0\r\n"
                + "cmdstat_set:calls=200,usec=1600,usec_per_call=8.00\r\ncmdstat_config|get:calls=2,usec=30,usec_per_call=15.00\r\n";
        assertEquals(Map.of("get", 4000L, "set", 1600L, "config.get", 30L), ServerCommands.parseRedisCommandStats(info));
    }

    @Test
    void coresPerCommandOverTheIterationLeaveOutTheNegligible() {
        // one second of wall: GET used 0.6 s of server time, SET 0.25 s, INFO 0.001 s (below 0.005 cores)
        Map<String, Double> c = ServerCommands.cores(Map.of("get", 1_000_000L, "set", 50_000L),
                Map.of("get", 1_600_000L, "set", 300_000L, "info", 1_000L), 1_000_000_000L);
        assertEquals(Map.of("get", 0.6, "set", 0.25), c);
        assertEquals(Map.of(), ServerCommands.cores(Map.of("get", 5L), Map.of("get", 3L), 1_000_000_000L), "a restarted server counts nothing");
    }
}
