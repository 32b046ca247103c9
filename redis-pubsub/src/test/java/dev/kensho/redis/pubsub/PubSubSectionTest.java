package dev.kensho.redis.pubsub;

import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.report.Ratios;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.common.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The section's names exist in this module, and against a small run folder every chart and figure draws. */
class PubSubSectionTest {

    private static final String P = "dev.kensho.redis.pubsub.";

    @Test
    void namesExistAndEveryChartAndFigureDraws(@TempDir Path tmp) throws Exception {
        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        // Redis before TCP: the ratio must not depend on the order the cases ran in
        for (String t : new String[]{"JEDIS", "TCP"}) {
            for (String size : new String[]{"16", "1024"}) {
                double mbit = (t.equals("TCP") ? 2000 : 500) * Integer.parseInt(size) / 1024.0;
                f.jmh(P + "PubSubThroughputBenchmark.publish", Map.of("transport", t, "messageBytes", size, "windowBytes", "8388608"),
                                "thrpt", "ops/s", 1e5, 1e4)
                        .secondary("receivedMessages", "ops/s", 1e5, 1e4)
                        .secondary("receivedMbits", "ops/s", mbit, mbit / 10);
            }
        }
        f.jmh(P + "PubSubFanoutBenchmark.publishFanout", Map.of("client", "JEDIS", "mode", "PUBLISH", "subscribers", "4"),
                "thrpt", "ops/s", 5e4, 1e3).secondary("receivedMessages", "ops/s", 2e5, 1e4);
        for (String s : new String[]{"NGEM_1500B_1KHZ", "PSD_680B_3300HZ"}) {
            Map<String, String> p = Map.of("stream", s, "client", "JEDIS");
            f.jmh(P + "PubSubStreamLatencyBenchmark.publishAtStreamRate", p, "thrpt", "ops/s", 1000, 1)
                    .secondary("receivedMbits", "ops/s", 13, 0.1)
                    .measurement(P + "PubSubStreamLatencyBenchmark.publishAtStreamRate", p, "latency_p50", 80, "us")
                    .measurement(P + "PubSubStreamLatencyBenchmark.publishAtStreamRate", p, "latency_p99", 300, "us");
        }
        f.series("redis-pubsub", P + "PubSubSlowSubscriberBenchmark.floodSlowSubscriber", Map.of("client", "JEDIS"),
                PubSubSlowSubscriberBenchmark.OMEM_SERIES,
                Map.of("limit_hard_bytes", 8 << 20, "t_ms", List.of(0, 100, 200), "omem_bytes", List.of(0, 4 << 20, 8 << 20)));
        for (String m : new String[]{"PUBLISH", "SPUBLISH"}) {
            Map<String, String> p = Map.of("mode", m, "nodes", "3");
            f.jmh(P + "ClusterPublishBenchmark.publish", p, "thrpt", "ops/s", 5e4, 1e3).secondary("receivedMessages", "ops/s", 5e4, 1e3)
                    .measurement(P + "ClusterPublishBenchmark.publish", p, "owner_cpu_us_per_message", 10, "us")
                    .measurement(P + "ClusterPublishBenchmark.publish", p, "other_nodes_cpu_us_per_message", 2, "us");
        }
        List<Results.Row> rows = f.rows();
        SectionCheck.check(new PubSubSection(), "dev.kensho.redis.pubsub", rows);

        Results.Row ratio = new PubSubSection().derived(rows).stream().filter(r -> "16".equals(r.param("messageBytes")))
                .findFirst().orElseThrow();
        assertEquals(0.25, ratio.score(), 1e-12);
        assertEquals("transport=TCP", ratio.param("over"));
        assertEquals("lower", Ratios.reading(ratio));

        RunFolder.at(f.dir()).export();
        String md = Files.readString(f.dir().resolve("report.md"));
        for (var c : new PubSubSection().charts()) {
            assertTrue(md.contains("(charts/" + c.id() + ".png)"), c.id());
        }
        assertTrue(md.contains("(charts/pubsub-omem.png)"), "the omem series from series.jsonl");
        assertTrue(md.contains("| reproduced (ours 0.250"), md);
    }
}
