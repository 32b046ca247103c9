package dev.kensho.redis.pubsub;

import dev.kensho.common.bench.Case;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sanity: both named streams, both clients, half a second each: every message received in order, never faster than the stream's rate. */
class PubSubStreamLatencyBenchmarkTest {

    @Test
    void namedStreamsAreReceivedCompleteAtTheirRate() {
        for (StreamSpec s : new StreamSpec[]{StreamSpec.NGEM, StreamSpec.PSD}) {
            for (Client c : Client.values()) {
                PubSubStreamLatencyBenchmark b = new PubSubStreamLatencyBenchmark();
                b.stream = s.name();
                b.client = c;
                b.open(new Case(PubSubStreamLatencyBenchmark.class.getName() + ".publishAtStreamRate",
                        Map.of("stream", s.name(), "client", c.name())));
                try {
                    ReceivedCounters counters = new ReceivedCounters();
                    b.startIteration(false); // warm-up: class loading and JIT, not checked for rate
                    for (int i = 0; i < 200; i++) {
                        b.publishAtStreamRate(counters);
                    }
                    b.endIteration();
                    long warm = b.receiver().count();
                    int n = (int) (s.rateHz() / 2);
                    long t0 = System.nanoTime();
                    b.startIteration(true);
                    for (int i = 0; i < n; i++) {
                        b.publishAtStreamRate(counters);
                    }
                    double secs = (System.nanoTime() - t0) / 1e9;
                    b.endIteration();
                    assertEquals(warm + n, b.receiver().count(), s + " " + c);
                    assertEquals(0, b.receiver().missing() + b.receiver().outOfOrder(), s + " " + c);
                    Histogram h = b.latencies().total();
                    assertEquals(n, h.getTotalCount(), "one latency per message");
                    double rate = n / secs;
                    // the pacer must never publish faster than the stream; whether this machine kept up is a
                    // measurement (keptUp, in the benchmark's results), not something a test can demand
                    assertTrue(rate < s.rateHz() * 1.1, s + " " + c + " published at " + rate + " Hz");
                    System.out.printf("%-16s %-8s %,.0f Hz, %.1f Mbit/s, p50 %.0f µs, p99 %.0f µs, kept up %s%n", s.name(), c, rate,
                            PubSubParams.mbit((long) n * s.messageBytes()) / secs, h.getValueAtPercentile(50) / 1e3,
                            h.getValueAtPercentile(99) / 1e3, b.keptUp());
                } finally {
                    b.close();
                }
            }
        }
    }
}
