package dev.kensho.redis.kv;

import dev.kensho.common.TargetFailure;
import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A server killed mid-round (closed or open loop): the round fails within seconds with one line naming the target, no hang. */
class ServerDeathTest {

    @ParameterizedTest
    @CsvSource({"LETTUCE, 0", "JEDIS, 0", "LETTUCE, 5000", "JEDIS, 5000"})
    void killedServerFailsTheRoundQuickly(Client client, String rate) throws Exception {
        KeyValueThroughputBenchmark b = Trials.open(client, 100, 1, 0.8, 1, 10_000, Start.EMPTY, rate);
        try {
            EmbeddedRedis server = (EmbeddedRedis) b.trial.target();
            String name = server.describe();
            CompletableFuture<Long> round = CompletableFuture.supplyAsync(() -> b.trial.run(Integer.MAX_VALUE));
            assertThrows(TimeoutException.class, () -> round.get(300, TimeUnit.MILLISECONDS),
                    "the round is still running when the server is killed");
            server.process().handles().stream().skip(1).forEach(ProcessHandle::destroyForcibly);
            ExecutionException e = assertThrows(ExecutionException.class, () -> round.get(10, TimeUnit.SECONDS));
            TargetFailure f = assertInstanceOf(TargetFailure.class, e.getCause());
            assertTrue(f.getMessage().startsWith(name), f.getMessage());
            assertTrue(f.getMessage().lines().count() == 1, f.getMessage());
            assertTrue(server.process().exitedWithin(Duration.ofSeconds(5)), "the killed server is reaped");
        } finally {
            b.tearDown();
        }
    }
}
