package dev.kensho.redis.kv;

import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity of {@link KeyValueThroughputBenchmark} at smoke size against real embedded servers: the
 * server really saw the requested GET/SET mix (INFO commandstats deltas), every GET of a key that was
 * SET returned its value, every connection was real, every request was timed. The tests run concurrently (as
 * many at once as redis-kv's pom says): each trial starts its own server, and stopping it (~2 s of waiting for its
 * processes) is most of a trial's time here.
 */
@Execution(ExecutionMode.CONCURRENT)
class KeyValueThroughputBenchmarkTest {

    /** Requests per trial: the GET share's 5 sd is then 0.028 at 0.8, the hottest key's share's 0.021 at zipf:0.99. */
    static final int REQUESTS = 5_000;
    /** Zipf draws of the distinct-keys check: its 5% tolerance is over 5 sd of the count here (2.7 at 5,000). */
    static final int DRAWS = 20_000;

    @ParameterizedTest
    @CsvSource({
            "LETTUCE, 100, 1, 0.8, 1, PRELOADED",
            "JEDIS,   100, 1, 0.8, 1, PRELOADED",
            "LETTUCE, 100, 2, 0.5, 4, EMPTY",
            "JEDIS,   100, 4, 0.5, 4, EMPTY",
            "LETTUCE, 100, 1, 1.0, 1, PRELOADED",
            "JEDIS,   100, 1, 0.0, 1, EMPTY",
    })
    void mixIsTheRequestedRatioAndGetsReturnTheirValues(Client client, int clients, int ioThreads, double ratio,
                                                        int pipeline, Start start) {
        KeyValueThroughputBenchmark b = Trials.open(client, clients, ioThreads, ratio, pipeline, 10_000, start);
        try {
            RedisTarget t = b.trial.target();
            long get0 = Trials.calls(t, "get");
            long set0 = Trials.calls(t, "set");
            long hits = b.trial.run(REQUESTS);
            long gets = Trials.calls(t, "get") - get0;
            long sets = Trials.calls(t, "set") - set0;

            assertEquals(REQUESTS, gets + sets, "the server executed exactly the requests sent");
            assertEquals(gets, b.trial.workload().gets.sum(), "every GET the server saw was answered and checked");
            assertEquals(sets, b.trial.workload().sets.sum());
            double sd = Math.sqrt(ratio * (1 - ratio) / REQUESTS);
            assertEquals(ratio, (double) gets / REQUESTS, 5 * sd + 1e-9, "GET share seen by the server");
            assertEquals(0, b.trial.workload().wrong.sum(), () -> "wrong GET reply: " + b.trial.workload().firstWrong);
            if (start == Start.PRELOADED) {
                assertEquals(gets, hits, "every key was SET before the run, so every GET returns its value");
            }
            b.trial.checkAnswers();
            assertEquals(REQUESTS, b.trial.timings().service.total().getTotalCount(), "one latency per request");
            try (Jedis j = t.jedis()) {
                String io = t.readConfig(List.of("io-threads")).get("io-threads");
                assertEquals(Integer.toString(ioThreads), io, "io-threads set at start on the embedded server");
                assertTrue(Integer.parseInt(RedisInfo.of(j, "clients").get("connected_clients")) > clients,
                        "every client is a real connection");
            }
        } finally {
            b.tearDown();
        }
    }

    /**
     * zipf:0.99 on a preloaded keyspace: every GET hits (the draws choose keys, never ones outside the preloaded
     * range), answers check, and the hottest key took its exact share of the draws (within 5 sd).
     */
    @ParameterizedTest
    @EnumSource(Client.class)
    void zipfPreloadedEveryGetHitsAndTheHottestKeyTakesItsShare(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 100, 0.8, 10_000, Start.PRELOADED, "zipf:0.99");
        try {
            long get0 = Trials.calls(b.trial.target(), "get");
            long set0 = Trials.calls(b.trial.target(), "set");
            long hits = b.trial.run(REQUESTS);
            long gets = Trials.calls(b.trial.target(), "get") - get0;
            assertEquals(REQUESTS, gets + Trials.calls(b.trial.target(), "set") - set0, "the server executed exactly the requests sent");
            assertEquals(gets, hits, "every key was SET before the run, so every GET returns its value");
            b.trial.checkAnswers();
            KeyDistribution d = b.trial.workload().keys();
            double p1 = 1 / KeyDistribution.harmonic(10_000, 0.99); // 0.0978
            assertEquals(p1, d.hottestShare(), 1e-12);
            assertEquals(p1, d.hottestShareObserved(), 5 * Math.sqrt(p1 * (1 - p1) / REQUESTS));
        } finally {
            b.tearDown();
        }
    }

    /**
     * zipf:0.99, SETs only, from empty: the server holds as many distinct keys as Zipf draws give (Σ 1-(1-p_k)^N,
     * ~4,400 of 10,000 for 20,000 draws; uniform would give ~8,650), and the hottest key is among them.
     */
    @Test
    void zipfSkewIsWhatTheServerSees() {
        int n = 10_000;
        KeyValueThroughputBenchmark b = Trials.open(Client.LETTUCE, 100, 0.0, n, Start.EMPTY, "zipf:0.99");
        try {
            b.trial.run(DRAWS);
            b.trial.checkAnswers();
            double h = KeyDistribution.harmonic(n, 0.99);
            double expected = 0;
            for (int k = 1; k <= n; k++) {
                expected += 1 - Math.pow(1 - Math.pow(k, -0.99) / h, DRAWS);
            }
            try (Jedis j = b.trial.target().jedis()) {
                long keys = j.keys(b.trial.target().keyPrefix() + "*").size();
                assertEquals(expected, keys, 0.05 * expected, "distinct keys SET");
                KeyDistribution.Zipf z = (KeyDistribution.Zipf) b.trial.workload().keys();
                assertTrue(j.exists(b.trial.workload().key(z.keyOfRank(1))), "the hottest key was SET");
            }
        } finally {
            b.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void eightHundredConnectionsEachWithARequestInFlight(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 800, 1, 0.8, 1, 10_000, Start.EMPTY);
        try {
            assertEquals(800, b.trial.load().connections());
            long get0 = Trials.calls(b.trial.target(), "get");
            long set0 = Trials.calls(b.trial.target(), "set");
            b.trial.run(4_000); // 5 per connection
            assertEquals(4_000, Trials.calls(b.trial.target(), "get") - get0 + Trials.calls(b.trial.target(), "set") - set0);
            try (Jedis j = b.trial.target().jedis()) {
                assertTrue(Integer.parseInt(RedisInfo.of(j, "clients").get("connected_clients")) > 800);
            }
            b.trial.checkAnswers();
        } finally {
            b.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void keysAreSixteenBytesUnderThePrefixAndTheDatabaseIsCleanedAfter(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 10, 1, 0.0, 1, 1_000, Start.EMPTY);
        RedisTarget t = b.trial.target();
        try {
            b.trial.run(2_000);
            try (Jedis j = t.jedis()) {
                var keys = j.keys("*");
                assertTrue(!keys.isEmpty());
                for (String k : keys) {
                    assertTrue(k.startsWith(t.keyPrefix()), k);
                    assertEquals(Workload.KEY_BYTES, k.length(), k);
                    assertEquals(Workload.VALUE_BYTES, j.get(k).length());
                }
            }
        } finally {
            b.tearDown();
        }
    }
}
