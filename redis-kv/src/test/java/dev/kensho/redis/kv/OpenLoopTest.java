package dev.kensho.redis.kv;

import dev.kensho.common.Setting;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.load.Round;
import dev.kensho.redis.kv.trial.SmallTrials;
import dev.kensho.redis.kv.trial.Start;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Open-loop rounds: every request is sent (none skipped), not before it is due, and timed twice — from
 * its due time and from its actual send — so the corrected latency is never below the service time; a
 * relative rate is taken of a measured closed-loop maximum; the interval logs land in the run folder and
 * HdrHistogram's own processor reads them. The tests run concurrently (as many at once as redis-kv's pom says; each
 * trial starts its own server, and stopping it, ~2 s of waiting, is most of a trial's time here), but none beside the
 * one that points the run folder ({@code kensho.runDir}, a system property every trial reads) at its own.
 */
@ExtendWith(SmallTrials.class)
@Execution(ExecutionMode.CONCURRENT)
class OpenLoopTest {

    @ParameterizedTest
    @EnumSource(Client.class)
    @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
    void everyRequestIsSentNoEarlierThanDueAndTimedFromBothEnds(Client client) {
        int requests = 3_000;
        double rate = 20_000;
        KeyValueThroughputBenchmark b = Trials.open(client, 20, 1, 0.8, 1, 1_000, Start.PRELOADED, "20000");
        try {
            assertEquals(rate, b.trial.offered());
            long get0 = Trials.calls(b.trial.target(), "get");
            long set0 = Trials.calls(b.trial.target(), "set");
            long t0 = System.nanoTime();
            b.trial.run(requests);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(requests, Trials.calls(b.trial.target(), "get") - get0 + Trials.calls(b.trial.target(), "set") - set0,
                    "every scheduled request reached the server");
            assertTrue(seconds >= (requests - 1) / rate, "the last request is due (n-1)/rate after the first: " + seconds);
            b.trial.checkAnswers();
            Histogram service = b.trial.timings().service.total();
            Histogram intended = b.trial.timings().intended.total();
            assertEquals(requests, service.getTotalCount());
            assertEquals(requests, intended.getTotalCount());
            assertEquals(requests, b.trial.timings().lag.total().getTotalCount(), "one send lag per batch of 1");
            for (double p : new double[]{50, 90, 99, 100}) {
                assertTrue(intended.getValueAtPercentile(p) >= service.getValueAtPercentile(p) * 0.999,
                        "p" + p + ": due→reply ≥ send→reply");
            }
        } finally {
            b.tearDown();
        }
    }

    /** A freed connection takes the next batch only if it is already due: the schedule is never run ahead of. */
    @Test
    void aReplyCallbackClaimsOnlyDueBatchesInOrder() {
        long t0 = 1_000_000_000L;
        Round r = new Round(10, 1, null, null, 1_000, t0); // request s due at t0 + s ms
        assertEquals(-1, r.claimDue(1, t0 - 1), "nothing is due before the schedule starts");
        assertEquals(0, r.claimDue(1, t0));
        assertEquals(-1, r.claimDue(1, t0 + 999_999), "request 1 is due at t0 + 1 ms");
        assertEquals(1, r.claimDue(2, t0 + 1_000_000));
        assertEquals(3, r.claim(1), "pacers and callbacks share one ticket counter");
        assertEquals(4, r.claimDue(1, t0 + 60_000_000));
        assertEquals(5, r.claimDue(5, t0 + 60_000_000));
        assertEquals(-1, r.claimDue(1, t0 + 60_000_000), "none left");
        Round closed = new Round(10, 1, null, null);
        assertEquals(-1, closed.claimDue(1, System.nanoTime()), "a closed loop sends from its own callbacks");
    }

    @Test
    @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
    void theScheduleRunsOnAcrossTheRoundsOfAnIteration() throws InterruptedException {
        KeyValueThroughputBenchmark b = Trials.open(Client.LETTUCE, 20, 1, 0.8, 1, 1_000, Start.PRELOADED, "20000");
        try {
            b.iterationStart();
            b.trial.run(1_000); // due over 50 ms
            // a generator stalled between rounds: the next round's requests were due meanwhile, so they leave
            // late and count it, instead of the schedule starting over
            Thread.sleep(100);
            b.trial.run(1_000);
            b.trial.checkAnswers();
            Histogram lag = b.trial.timings().lag.total();
            assertEquals(2_000, lag.getTotalCount());
            assertTrue(lag.getMaxValue() >= 100_000_000L * 0.999, "the second round's first send is ≥ 100 ms late: "
                    + lag.getMaxValue());
            assertTrue(b.trial.timings().intended.total().getMaxValue() >= lag.getMaxValue() * 0.999);
            b.iterationStart(); // a new iteration starts a new schedule
            b.trial.run(1_000);
            b.trial.checkAnswers();
        } finally {
            b.tearDown();
        }
    }

    @Test
    @ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
    void aRelativeRateIsAFractionOfTheMeasuredClosedLoopMaximum() {
        KeyValueThroughputBenchmark b = Trials.open(Client.LETTUCE, 20, 1, 0.8, 1, 1_000, Start.PRELOADED, "0.5x");
        try {
            assertTrue(b.trial.closedLoopMax() > 0);
            assertEquals(0.5 * b.trial.closedLoopMax(), b.trial.offered(), 1e-6);
            assertEquals(0, b.trial.timings().service.total().getTotalCount(), "the probe's requests are not in the results");
            b.trial.run(1_000);
            b.trial.checkAnswers();
            assertEquals(1_000, b.trial.timings().intended.total().getTotalCount());
        } finally {
            b.tearDown();
        }
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void intervalLogsLandInTheRunFolderAndHistogramLogProcessorReadsThem(@TempDir Path run) throws Exception {
        String before = System.getProperty(Setting.RUN_DIR.key());
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        try {
            KeyValueThroughputBenchmark b = Trials.open(Client.JEDIS, 10, 1, 0.8, 1, 1_000, Start.PRELOADED, "10000");
            try {
                for (int i = 0; i < 2; i++) { // two "iterations"
                    b.trial.timings().iterationStarted();
                    b.trial.run(1_000);
                    b.trial.timings().interval();
                }
            } finally {
                b.tearDown();
            }
            List<Path> logs;
            try (Stream<Path> s = Files.list(run.resolve(IntervalLog.DIR))) {
                logs = s.sorted().toList();
            }
            assertEquals(2, logs.size(), logs.toString());
            assertTrue(logs.stream().anyMatch(p -> p.getFileName().toString().contains("-intended-")), logs.toString());
            assertTrue(logs.stream().anyMatch(p -> p.getFileName().toString().contains("-service-")), logs.toString());
            for (Path log : logs) {
                Path out = run.resolve(log.getFileName() + ".out");
                new HistogramLogProcessor(new String[]{"-v", "-i", log.toString(), "-o", out.toString()}).run();
                String hgrm = Files.readString(Path.of(out + ".hgrm"), StandardCharsets.UTF_8);
                assertTrue(hgrm.matches("(?s).*Total count\\s*=\\s*2000\\D.*"), log + ": " + hgrm);
            }
            String measurements = Files.readString(run.resolve("measurements.jsonl"), StandardCharsets.UTF_8);
            for (String metric : List.of("rate_offered", "rate_achieved", "latency_intended_p99", "latency_p99",
                    "schedule_behind", "schedule_lag_p99", "jedis_threads")) {
                assertTrue(measurements.contains("\"metric\":\"" + metric + "\""), metric + " recorded");
            }
        } finally {
            if (before == null) {
                System.clearProperty(Setting.RUN_DIR.key());
            } else {
                System.setProperty(Setting.RUN_DIR.key(), before);
            }
        }
    }
}
