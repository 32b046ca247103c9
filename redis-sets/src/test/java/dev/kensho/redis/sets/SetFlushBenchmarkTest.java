package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.targets.redis.RedisSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Imports at smoke scale into a real embedded redis-server, flushes once per mode and checks the keyspace is empty. */
class SetFlushBenchmarkTest {

    @ParameterizedTest
    @EnumSource(SetFlushBenchmark.FlushMode.class)
    void flushEmptiesTheImportedKeyspace(SetFlushBenchmark.FlushMode mode) throws Exception {
        SetFlushBenchmark b = new SetFlushBenchmark();
        b.open(Smoke.apply(b, "flushDb", Map.of("mode", mode.name())));
        try {
            for (int i = 0; i < 2; i++) {
                b.importEverything(); // checks every set is full
                assertEquals(b.attributes * b.users, b.flushDb());
                b.checkAndSettle(); // DBSIZE 0, background free finished, or it throws
            }
        } finally {
            b.close();
        }
    }

    @Test
    void refusedOnAnExternalTargetWithoutTheOptIn() {
        String old = System.getProperty(RedisSettings.URI.key());
        System.setProperty(RedisSettings.URI.key(), "redis://127.0.0.1:1/0");
        try {
            BadInput e = assertThrows(BadInput.class, SetFlushBenchmark::requireFlushAllowed);
            assertTrue(e.getMessage().contains(Setting.DESTRUCTIVE.key()), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(RedisSettings.URI.key());
            } else {
                System.setProperty(RedisSettings.URI.key(), old);
            }
        }
    }

    @Test
    void rejectsBadParamsInOneLine() {
        assertThrows(BadInput.class, () -> SetFlushBenchmark.RULES.check("mode", "LAZY"));
        assertThrows(BadInput.class, () -> SetFlushBenchmark.RULES.check("users", "0"));
        assertThrows(BadInput.class, () -> SetFlushBenchmark.RULES.check("attributes", "0"));
        assertThrows(BadInput.class, () -> SetFlushBenchmark.RULES.check(
                Map.of("attributes", "1000", "users", "1000000000", "memberBytes", "64")));
    }
}
