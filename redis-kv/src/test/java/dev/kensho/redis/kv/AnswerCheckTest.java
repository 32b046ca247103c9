package dev.kensho.redis.kv;

import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.trial.KvTrial;
import dev.kensho.redis.kv.trial.Start;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The answer check can fail: keys deleted or overwritten behind the benchmark's back make
 * {@link KvTrial#checkAnswers()} throw (which fails the JMH run), for both clients and
 * both start modes — a nil GET is a miss only while no SET of its key has been acknowledged. The tests run
 * concurrently (as many at once as redis-kv's pom says): each trial starts its own server, and stopping it (~2 s
 * of waiting) is most of a trial's time here.
 */
@Execution(ExecutionMode.CONCURRENT)
class AnswerCheckTest {

    @ParameterizedTest
    @EnumSource(Client.class)
    void preloadedKeysDeletedBehindItsBackFailTheRun(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 20, 1, 0.8, 1, 1_000, Start.PRELOADED);
        try {
            b.trial.run(2_000);
            b.trial.checkAnswers(); // all well so far: every GET hit
            assertEquals(b.trial.workload().gets.sum(), b.trial.workload().hits.sum());
            try (Jedis j = b.trial.target().jedis()) {
                j.flushDB();
            }
            b.trial.run(2_000);
            IllegalStateException e = assertThrows(IllegalStateException.class, b.trial::checkAnswers);
            assertTrue(e.getMessage().contains("lost writes"), e.getMessage());
            assertTrue(b.trial.workload().lost.sum() > 0);
        } finally {
            forget(b);
            b.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void writtenKeysDeletedBehindItsBackFailAnEmptyStartToo(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 20, 1, 0.5, 1, 200, Start.EMPTY);
        try {
            b.trial.run(4_000); // 2,000 SETs over 200 keys: practically every key is written
            b.trial.checkAnswers();
            assertTrue(b.trial.workload().writtenKeys() > 150, "keys acknowledged: " + b.trial.workload().writtenKeys());
            assertTrue(b.trial.workload().hits.sum() > 0);
            try (Jedis j = b.trial.target().jedis()) {
                j.flushDB();
            }
            b.trial.run(4_000);
            IllegalStateException e = assertThrows(IllegalStateException.class, b.trial::checkAnswers);
            assertTrue(e.getMessage().contains("lost writes"), e.getMessage());
        } finally {
            forget(b);
            b.tearDown();
        }
    }

    @ParameterizedTest
    @EnumSource(Client.class)
    void aValueOverwrittenBehindItsBackFailsTheRun(Client client) {
        KeyValueThroughputBenchmark b = Trials.open(client, 10, 1, 1.0, 1, 50, Start.PRELOADED);
        try {
            try (Jedis j = b.trial.target().jedis()) {
                for (int i = 0; i < 50; i++) {
                    j.set(b.trial.workload().key(i), "not the value the suite SET".getBytes());
                }
            }
            b.trial.run(500);
            IllegalStateException e = assertThrows(IllegalStateException.class, b.trial::checkAnswers);
            assertTrue(e.getMessage().contains("wrong replies"), e.getMessage());
            assertEquals(0, b.trial.workload().hits.sum());
        } finally {
            forget(b);
            b.tearDown();
        }
    }

    /** Lets the teardown close the trial without failing again on the answers the test spoiled. */
    private static void forget(KeyValueThroughputBenchmark b) {
        b.trial.workload().wrong.reset();
        b.trial.workload().lost.reset();
        b.trial.workload().gets.reset();
        b.trial.workload().hits.reset();
    }
}
