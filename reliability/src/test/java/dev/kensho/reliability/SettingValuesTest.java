package dev.kensho.reliability;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every set value is checked, read or not, by the check its module declares: one line naming the setting, the value
 * and what is allowed. Here, where every module is on the class path (as in the jar).
 */
class SettingValuesTest {

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "kensho.destructive     | yes      | true or false",
            "kensho.jfr             | maybe    | true or false",
            "kensho.redis.container | 1        | true or false",
            "kensho.kinesis.cbor    | on       | true or false",
            "kensho.verbose         | no       | true or false",
            "kensho.keyPrefix       | ''       | a value",
            "kensho.bench           | ''       | a value",
            "kensho.startGrid       | 0        | 1 … 3600",
            "kensho.startGrid       | 3601     | 1 … 3600",
            "kensho.trialGap        | 0        | 1 … 3600",
            "kensho.hbase.regionServers | 9    | 1 … 8",
            "kensho.kv.jedisThreads | 0        | 1 … 10000",
            "kensho.redis.cluster   | 2        | 3 … 64",
            "kensho.pin             | both     | off or split",
            "kensho.forkJdk         | newest   | auto, build, or a Java home",
            "kensho.forkJdk         | /nonexistent/jdk | auto, build, or a Java home",
            "kensho.shard           | 2/2      | i/N",
            "kensho.startAt         | tomorrow | ISO-8601",
            "kensho.keyPrefix       | a b      | 1 … 32 characters",
            "kensho.scale           | huge     | smoke",
            "kensho.runId           | a/b      | letters, digits",
            "kensho.rounds          | 0        | 1 … 1000",
            "kensho.rounds          | 1001     | 1 … 1000",
            "kensho.rounds          | two      | 1 … 1000",
            "kensho.target.rps      | -1       | a number ≥ 0",
            "kensho.target.members  | 100M     | a number ≥ 0",
            "kensho.target.members  | 1.5      | a whole number ≥ 0",
            "kensho.target.records  | lots     | a number ≥ 0",
            "kensho.target.records  | Infinity | a number ≥ 0",
            "kensho.target.rps      | NaN      | a number ≥ 0",
    })
    void aValueThatWouldMeanNothingIsRefusedInOneLine(String key, String value, String allowed) {
        Properties p = new Properties();
        p.setProperty(key, value);
        BadInput e = assertThrows(BadInput.class, () -> SettingRegistry.onClassPath().check(p));
        assertTrue(e.getMessage().startsWith(key + "="), e.getMessage());
        assertTrue(e.getMessage().contains(allowed), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void meaningfulValuesPass() {
        Properties p = new Properties();
        p.setProperty("kensho.destructive", "TRUE");
        p.setProperty("kensho.jfr", "false");
        p.setProperty("kensho.startGrid", "10");
        p.setProperty("kensho.trialGap", "30");
        p.setProperty("kensho.rounds", "20");
        p.setProperty("kensho.forkJdk", "build");
        p.setProperty("kensho.redis.cluster", "3");
        p.setProperty("kensho.shard", "1/2");
        p.setProperty("kensho.keyPrefix", "app-bench:");
        p.setProperty("kensho.args", ""); // no JMH flags: the pom's own default
        p.setProperty("kensho.redis.uri", "redis://h:1/0"); // free text: checked against the server
        p.setProperty("kensho.target.rps", "1e6");
        p.setProperty("kensho.target.members", "1e8");
        p.setProperty("kensho.target.records", "0");
        assertDoesNotThrow(() -> SettingRegistry.onClassPath().check(p));
    }

    @Test
    void aBooleanReadLaterIsAsStrictAsTheCheck() {
        System.setProperty(Setting.DESTRUCTIVE.key(), "yes");
        try {
            assertThrows(BadInput.class, Settings::destructiveAllowed);
        } finally {
            System.clearProperty(Setting.DESTRUCTIVE.key());
        }
    }
}
