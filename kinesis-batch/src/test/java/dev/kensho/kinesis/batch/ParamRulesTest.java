package dev.kensho.kinesis.batch;

import dev.kensho.targets.kinesis.KinesisSettings;
import dev.kensho.common.BadInput;
import dev.kensho.api.ParamRules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every param of both benchmarks is checked before anything starts; each failure is one line. */
class ParamRulesTest {

    @ParameterizedTest(name = "{0}.{1}={2}")
    @CsvSource({
            "sweep, batchSize, 0",
            "sweep, batchSize, 501",
            "sweep, batchSize, ten",
            "sweep, recordBytes, 1048576",
            "sweep, recordBytes, 15",
            "sweep, roundTripMs, -1",
            "sweep, roundTripMs, 1e9",
            "sweep, roundTripMs, fast",
            "sweep, shards, 0",
            "sweep, threads, 0",
            "sweep, calls, 0",
            "case, records, 0",
            "case, recordBytes, 2000000",
            "case, roundTripMs, -320",
            "case, connection, TLS",
            "case, putRecordCalls, 0",
    })
    void badParamIsOneLine(String cls, String param, String value) {
        ParamRules rules = cls.equals("sweep") ? BatchSweepBenchmark.RULES : PutRecordVsPutRecordsBenchmark.RULES;
        BadInput e = assertThrows(BadInput.class, () -> rules.check(param, value));
        assertTrue(e.getMessage().startsWith(param + "=" + value + " is not allowed; allowed: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void unknownRegionFailsThePreflight() {
        System.setProperty(KinesisSettings.REGION.key(), "tokyo");
        try {
            BadInput e = assertThrows(BadInput.class, BatchSweepBenchmark.RULES::preflight);
            assertTrue(e.getMessage().startsWith(KinesisSettings.REGION.key() + "=tokyo is not allowed"), e.getMessage());
        } finally {
            System.clearProperty(KinesisSettings.REGION.key());
        }
    }

    @Test
    void goodValuesPass() {
        BatchSweepBenchmark.RULES.check("batchSize", "500");
        BatchSweepBenchmark.RULES.check("roundTripMs", "320");
        BatchSweepBenchmark.RULES.check("recordBytes", "25600");
        BatchSweepBenchmark.RULES.preflight();
    }
}
