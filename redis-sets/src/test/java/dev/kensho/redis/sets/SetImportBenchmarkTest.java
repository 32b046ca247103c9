package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.sets.calibration.Tools;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the import once per client at smoke scale on a real embedded redis-server and checks the answer. */
class SetImportBenchmarkTest {

    /** The smoke case with this client and connection count, 100 members per request. */
    private static void runOnce(SetImportBenchmark.Client client, int connections) throws Exception {
        SetImportBenchmark b = new SetImportBenchmark();
        b.open(Smoke.apply(b, "importSets", Map.of("client", client.name(), "connections", Integer.toString(connections),
                "batch", "100")));
        try {
            b.emptyKeyspace();
            assertEquals(b.attributes * b.users, b.importSets());
            b.checkAndMeasure(); // SCARD of every set and sampled members, or it throws
        } finally {
            b.close();
        }
    }

    @ParameterizedTest
    @CsvSource({"JEDIS,1", "JEDIS,3", "LETTUCE,1", "LETTUCE,3"})
    void importsEveryMemberOfEverySet(SetImportBenchmark.Client client, int connections) throws Exception {
        runOnce(client, connections);
    }

    @ParameterizedTest
    @EnumSource(value = SetImportBenchmark.Client.class, names = "REDIS_CLI")
    void redisCliPipeCalibrationLoadsTheSameData(SetImportBenchmark.Client client) throws Exception {
        Assumptions.assumeTrue(Tools.find(SetsSettings.REDIS_CLI).isPresent(), "redis-cli not installed: calibration row skipped");
        runOnce(client, 1);
        runOnce(client, 2);
    }

    @Test
    void wireBytesMatchTheRespEncoding() {
        SetData d = SetData.of("kensho:", 1, 1, 0, 64);
        // *3 $4 SADD $16 <16-byte key> $64 <64-byte member>, every line CRLF-terminated
        assertEquals(4 + 4 + 6 + 5 + 18 + 5 + 66, d.commandBytes(0));
        assertEquals(16, d.key(0).length);
    }

    @Test
    void rejectsBadParamsInOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> SetImportBenchmark.RULES.check("batch", "0"));
        assertTrue(e.getMessage().startsWith("batch=0"), e.getMessage());
        assertThrows(BadInput.class, () -> SetImportBenchmark.RULES.check("users", "-5"));
        assertThrows(BadInput.class, () -> SetImportBenchmark.RULES.check("client", "REDISSON"));
        assertThrows(BadInput.class, () -> SetImportBenchmark.RULES.check(
                Map.of("attributes", "1000", "users", "1000000000", "memberBytes", "64")));
    }
}
