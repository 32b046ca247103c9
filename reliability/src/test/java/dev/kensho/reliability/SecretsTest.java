package dev.kensho.reliability;

import dev.kensho.common.Setting;
import dev.kensho.targets.redis.RedisSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run against a password-protected embedded Redis (password from KENSHO_REDIS_PASSWORD, as a user
 * would give it) in a real child JVM with JMH forks: the run succeeds — so the password was used —
 * and not one file of the run folder, nor the console output, contains it.
 */
class SecretsTest {

    @Test
    void thePasswordNeverReachesTheRunFolderOrTheLog(@TempDir Path work) throws Exception {
        String password = "pw-" + UUID.randomUUID();
        try (ChildRun run = ChildRun.start(work,
                Map.of(Setting.SCALE.key(), "smoke", Setting.BENCH.key(), "SetImportBenchmark",
                        Setting.RUN_ID.key(), "secret"),
                Map.of(RedisSettings.PASSWORD.key(), password),
                "-p", "client=JEDIS,LETTUCE")) {
            assertTrue(run.process.waitFor(180, TimeUnit.SECONDS), "run finished");
            String out = run.output();
            assertEquals(0, run.process.exitValue(), out);
            assertTrue(!out.contains(password), "console output holds the password");
            Path folder = work.resolve("runs/secret");
            assertTrue(Files.readString(folder.resolve("status.json")).contains("complete"));
            assertTrue(Files.readString(folder.resolve("env.json")).contains("(redacted)"), "requirepass recorded as redacted");
            List<Path> files;
            try (Stream<Path> s = Files.walk(folder)) {
                files = s.filter(Files::isRegularFile).toList();
            }
            assertTrue(files.size() >= 5, "run folder written: " + files);
            for (Path f : files) {
                String content = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                assertTrue(!content.contains(password), "the password is in " + f);
            }
        }
    }
}
