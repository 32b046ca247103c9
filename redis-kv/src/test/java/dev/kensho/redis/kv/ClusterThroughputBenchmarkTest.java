package dev.kensho.redis.kv;

import dev.kensho.common.BadInput;
import dev.kensho.common.runfiles.Case;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity of {@link ClusterThroughputBenchmark} at smoke size against a real embedded 3-master cluster: the
 * masters together executed exactly the requests sent (INFO commandstats deltas), every master took a share,
 * every GET returned its key's value (preloaded: every GET hit), every request was timed; and the 1-shard
 * baseline is the single server. The tests run concurrently (as many at once as redis-kv's pom says): each trial
 * starts its own servers, and forming a cluster and stopping its nodes (~2 s of waiting each) is most of a trial's
 * time here. They read the target settings, so a class that sets them (an external URI) does not run beside them.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
class ClusterThroughputBenchmarkTest {

    /** Requests per trial: each master's expected third (1,667) is far above the share it must exceed (833). */
    static final int REQUESTS = 5_000;

    @ParameterizedTest
    @EnumSource(LoadGenerator.Client.class)
    void threeShardsExecuteExactlyTheRequestsAndEveryGetHits(LoadGenerator.Client client) {
        ClusterThroughputBenchmark b = new ClusterThroughputBenchmark();
        Case c = Smoke.apply(b, "getSetMix", Map.of("client", client.name()));
        assertEquals(3, b.shards, "smoke runs 3 shards");
        ServerStarts.one(() -> b.open(c));
        try {
            RedisCluster cluster = (RedisCluster) b.trial.target();
            assertEquals(3, cluster.masters().size());
            long[] before = b.shardCounters.calls();
            b.iterationStart();
            long hits0 = b.trial.workload().hits.sum();
            long gets0 = b.trial.workload().gets.sum();
            long sets0 = b.trial.workload().sets.sum();
            b.trial.run(REQUESTS);
            long[] after = b.shardCounters.calls();
            long total = 0;
            for (int i = 0; i < after.length; i++) {
                long d = after[i] - before[i];
                assertTrue(d > REQUESTS / 6, "master " + (i + 1) + " served its share of the slots' keys: " + d);
                total += d;
            }
            assertEquals(REQUESTS, total, "the masters together executed exactly the requests sent");
            assertEquals(REQUESTS, b.trial.workload().gets.sum() - gets0 + b.trial.workload().sets.sum() - sets0,
                    "every reply was counted and checked");
            assertEquals(b.trial.workload().gets.sum() - gets0, b.trial.workload().hits.sum() - hits0, "preloaded: every GET hits");
            double share = (double) (b.trial.workload().gets.sum() - gets0) / REQUESTS;
            assertEquals(b.getRatio, share, 5 * Math.sqrt(b.getRatio * (1 - b.getRatio) / REQUESTS), "GET share");
            assertEquals(REQUESTS, b.trial.timings().service.total().getTotalCount(), "one latency per request");
            b.trial.checkAnswers();
        } finally {
            b.tearDown();
        }
    }

    @Test
    void oneShardIsTheSingleServer() {
        ClusterThroughputBenchmark b = new ClusterThroughputBenchmark();
        Case c = Smoke.apply(b, "getSetMix", Map.of("client", "LETTUCE", "shards", "1"));
        ServerStarts.one(() -> b.open(c));
        try {
            RedisTarget t = b.trial.target();
            assertTrue(!(t instanceof RedisCluster));
            try (Jedis j = t.jedis()) {
                assertEquals("0", RedisInfo.of(j, "cluster").get("cluster_enabled"));
            }
            long before = b.shardCounters.calls()[0];
            b.trial.run(REQUESTS);
            assertEquals(REQUESTS, b.shardCounters.calls()[0] - before);
            b.trial.checkAnswers();
        } finally {
            b.tearDown();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "2", "65", "x"})
    void aShardCountOutsideTheAllowedIsOneLine(String shards) {
        BadInput e = assertThrows(BadInput.class, () -> ClusterThroughputBenchmark.RULES.check("shards", shards));
        assertEquals("shards=" + shards + " is not allowed; allowed: 1 (the single server) or 3 … 64 (cluster masters)",
                e.getMessage());
    }
}
