package dev.kensho.redis.pubsub;

import dev.kensho.common.Setting;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.launcher.testing.Smoke;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.Messages;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.StreamSpec;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sanity: both named streams, both clients, half a second each: every message received in order, never
 * faster than the stream's rate, and timed twice — from its intended send time and from its actual send —
 * so the intended-time latency is never below the service time; an impossible rate is counted as behind
 * schedule; the interval logs land in the run folder and HdrHistogram's reader reads them back.
 */
class PubSubStreamLatencyBenchmarkTest {

    private static final double[] PERCENTILES = {0, 50, 90, 99, 99.9, 100};

    static PubSubStreamLatencyBenchmark open(String stream, Client c) {
        PubSubStreamLatencyBenchmark b = new PubSubStreamLatencyBenchmark();
        b.open(Smoke.apply(b, "publishAtStreamRate", Map.of("stream", stream, "client", c.name())));
        return b;
    }

    /** One iteration of {@code n} messages through the benchmark method, as JMH would run it. */
    static void iteration(PubSubStreamLatencyBenchmark b, boolean measurement, int n) {
        ReceivedCounters counters = new ReceivedCounters();
        b.startIteration(measurement);
        for (int i = 0; i < n; i++) {
            b.publishAtStreamRate(counters);
        }
        b.endIteration();
    }

    @Test
    void namedStreamsAreReceivedCompleteAtTheirRate() {
        for (StreamSpec s : new StreamSpec[]{StreamSpec.NGEM, StreamSpec.PSD}) {
            for (Client c : Client.values()) {
                PubSubStreamLatencyBenchmark b = open(s.name(), c);
                try {
                    iteration(b, false, 200); // warm-up: class loading and JIT, not checked for rate
                    long warm = b.receiver().count();
                    int n = (int) (s.rateHz() / 2);
                    long t0 = System.nanoTime();
                    iteration(b, true, n);
                    double secs = (System.nanoTime() - t0) / 1e9;
                    assertEquals(warm + n, b.receiver().count(), s + " " + c);
                    assertEquals(0, b.receiver().missing() + b.receiver().outOfOrder(), s + " " + c);
                    Histogram service = b.timings().service.total();
                    Histogram intended = b.timings().intended.total();
                    assertEquals(n, service.getTotalCount(), "one service latency per message");
                    assertEquals(n, intended.getTotalCount(), "one intended-time latency per message");
                    for (double q : PERCENTILES) {
                        assertTrue(intended.getValueAtPercentile(q) >= service.getValueAtPercentile(q),
                                s + " " + c + ": p" + q + " from the intended time is below the service time");
                    }
                    double rate = n / secs;
                    // the pacer must never publish faster than the stream; whether this machine kept up is a
                    // measurement (keptUp, in the benchmark's results), not something a test can demand
                    assertTrue(rate < s.rateHz() * 1.1, s + " " + c + " published at " + rate + " Hz");
                    System.out.printf("%-16s %-8s %,.0f Hz, %.1f Mbit/s, p50 %.0f / %.0f µs, p99 %.0f / %.0f µs (intended / service),"
                                    + " behind %d, kept up %s%n", s.name(), c, rate,
                            Messages.mbit((long) n * s.messageBytes()) / secs,
                            intended.getValueAtPercentile(50) / 1e3, service.getValueAtPercentile(50) / 1e3,
                            intended.getValueAtPercentile(99) / 1e3, service.getValueAtPercentile(99) / 1e3,
                            b.timings().behind(), b.keptUp());
                } finally {
                    b.close();
                }
            }
        }
    }

    /** 1 MHz with a reply read after every message cannot be kept on one connection: the schedule falls behind and says so. */
    @Test
    void anImpossibleRateIsCountedBehindSchedule() {
        for (Client c : Client.values()) {
            PubSubStreamLatencyBenchmark b = open("16B@1000000Hz", c);
            try {
                iteration(b, true, 2_000);
                assertEquals(2_000, b.receiver().count(), c + ": every message still sent and received");
                assertTrue(b.timings().behind() > 0, c + ": behind schedule " + b.timings().behind());
                assertTrue(!b.keptUp() || b.timings().behind() == 0, c + ": a schedule that fell behind did not keep up");
                System.out.printf("%-8s 16B@1MHz: %d of 2,000 messages behind schedule%n", c, b.timings().behind());
            } finally {
                b.close();
            }
        }
    }

    @Test
    void intervalLogsHoldOneIntervalPerMeasurementIterationAndEveryMessage(@TempDir Path run) throws Exception {
        String before = System.getProperty(Setting.RUN_DIR.key());
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        long received;
        try {
            PubSubStreamLatencyBenchmark b = open(StreamSpec.PSD.name(), Client.JEDIS);
            try {
                iteration(b, false, 300); // warm-up: not logged
                long warm = b.receiver().count();
                iteration(b, true, 500);
                iteration(b, true, 700);
                received = b.receiver().count() - warm;
            } finally {
                b.close();
            }
        } finally {
            if (before == null) {
                System.clearProperty(Setting.RUN_DIR.key());
            } else {
                System.setProperty(Setting.RUN_DIR.key(), before);
            }
        }
        assertEquals(1_200, received);
        List<Path> logs;
        try (Stream<Path> s = Files.list(run.resolve(IntervalLog.DIR))) {
            logs = s.sorted().toList();
        }
        assertEquals(2, logs.size(), logs.toString());
        assertTrue(logs.stream().anyMatch(p -> p.getFileName().toString().contains("-intended-")), logs.toString());
        assertTrue(logs.stream().anyMatch(p -> p.getFileName().toString().contains("-service-")), logs.toString());
        for (Path log : logs) {
            long count = 0;
            int intervals = 0;
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            try {
                EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    count += ((Histogram) h).getTotalCount();
                    intervals++;
                    assertTrue(h.getStartTimeStamp() > 0 && h.getEndTimeStamp() >= h.getStartTimeStamp(), "wall-clock tagged");
                }
            } finally {
                reader.close();
            }
            assertEquals(2, intervals, log + ": one interval per measurement iteration");
            assertEquals(received, count, log + ": every received message once");
        }
        String measurements = Files.readString(run.resolve("measurements.jsonl"), StandardCharsets.UTF_8);
        for (String metric : List.of("latency_intended_p50", "latency_intended_p99", "latency_intended_p999", "latency_p99",
                "schedule_behind", "kept_up", "publisher_late_max")) {
            assertTrue(measurements.contains("\"metric\":\"" + metric + "\""), metric + " recorded");
        }
    }
}
