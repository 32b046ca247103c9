package dev.kensho.redis.pubsub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.Settings;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.report.merge.Merge;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.testing.SharedRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fan-out as two shards ({@code -Dkensho.shard=i/2}, one {@code startAt}) on one embedded Redis reached as an external
 * server: shard 0 publishes and holds 2 of the 4 subscribers, shard 1 holds the other 2. Each shard checks its own
 * subscribers got every message in order; {@link Merge} joins the folders: received messages = published × 4, the
 * received rates added per aligned iteration, the published rate shard 0's alone.
 */
@ExtendWith(SharedRedis.class)
class ShardedFanoutTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COUNTER = "receivedMessages";

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed run's folders and logs stay under target/ to be read
    Path tmp;

    @Test
    void subscribersSpreadOverTwoShardsMergeIntoEveryDelivery(RedisTarget redis) throws Exception {
        // both launchers must reach their start check before startAt: 12 s was too short once beside a loaded build
        // (shard 1 got there 15.6 s after startAt was chosen and refused a past start), so 30 s, as redis-kv's shards
        String startAt = Instant.now().plusSeconds(30).toString();
        List<Process> shards = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                shards.add(new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // C1 only, one GC thread: no score is judged here
                        "-cp", System.getProperty("java.class.path"),
                        "-Dkensho.redis.uri=redis://" + redis.host() + ":" + redis.port(),
                        "-Dkensho.shard=" + i + "/2", "-Dkensho.startAt=" + startAt, "-Dkensho.startGrid=5",
                        "-Dkensho.results=" + tmp, "-Dkensho.runId=shard" + i, "-Dkensho.scale=smoke",
                        "-Dkensho.root=" + Settings.root(), "-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("tmp" + i)),
                        PubSubFanoutBenchmark.class.getName(),
                        "-f 0 -wi 0 -i 2 -r 1 -p client=JEDIS -p mode=CLASSIC -p subscribers=4 -p messageBytes=256 -p windowBytes=65536"))
                        .redirectErrorStream(true).redirectOutput(tmp.resolve("shard" + i + ".log").toFile()).start());
            }
            for (int i = 0; i < 2; i++) {
                assertTrue(shards.get(i).waitFor(5, TimeUnit.MINUTES), "shard " + i + " ends");
            }
        } finally {
            for (Process p : shards) {
                p.destroyForcibly();
            }
        }
        for (int i = 0; i < 2; i++) {
            assertEquals(0, shards.get(i).exitValue(), Files.readString(tmp.resolve("shard0.log")) + Files.readString(tmp.resolve("shard1.log")));
        }
        Path s0 = tmp.resolve("shard0");
        Path s1 = tmp.resolve("shard1");
        Path merged = tmp.resolve("merged");
        Merge.merge(merged, List.of(s0, s1));

        double published = measured(s0, "messages_published");
        assertTrue(published > 0);
        assertEquals(0, measured(s1, "messages_published"), "shard 1 only subscribes");
        assertEquals(2 * published, measured(s0, "messages_received"), "shard 0's two subscribers got every message");
        assertEquals(2 * published, measured(s1, "messages_received"), "so did shard 1's");
        assertEquals(4 * published, measured(merged, "messages_received"), "merged: every message to every subscriber of the run");
        assertEquals(4, measured(merged, "subscribers_here"));
        assertEquals(0, measured(merged, "lost_messages"));

        JsonNode m = bench(merged);
        JsonNode a = bench(s0);
        JsonNode b = bench(s1);
        for (int i = 0; i < 2; i++) {
            assertEquals(raw(a.path("primaryMetric"), i), raw(m.path("primaryMetric"), i), "published/s: shard 0's alone");
            JsonNode ma = a.path("secondaryMetrics").path(COUNTER);
            JsonNode mb = b.path("secondaryMetrics").path(COUNTER);
            assertEquals(raw(ma, i) + raw(mb, i), raw(m.path("secondaryMetrics").path(COUNTER), i), 1e-6,
                    "received/s added per aligned iteration");
            assertTrue(raw(mb, i) > 0, "shard 1's subscribers received in iteration " + i);
        }
        assertTrue(Files.readString(merged.resolve(Recorder.NOTES_FILE)).contains("it only subscribes"));
    }

    private static double measured(Path run, String metric) {
        return Jsonl.read(run.resolve(Recorder.MEASUREMENTS_FILE)).stream()
                .filter(x -> metric.equals(x.path("metric").asText())).mapToDouble(x -> x.path("value").asDouble()).sum();
    }

    private static JsonNode bench(Path run) throws Exception {
        return JSON.readTree(run.resolve("jmh").resolve("PubSubFanoutBenchmark.json").toFile()).get(0);
    }

    private static double raw(JsonNode metric, int i) {
        return metric.path("rawData").get(0).get(i).asDouble();
    }
}
