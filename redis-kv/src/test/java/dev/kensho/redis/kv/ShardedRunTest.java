package dev.kensho.redis.kv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.Settings;
import dev.kensho.common.export.Results;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.report.merge.Merge;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.testing.SharedRedis;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two shard processes (the real launcher, {@code -Dkensho.shard=i/2}, one {@code startAt}) drive one
 * embedded Redis on loopback; {@link Merge} joins their run folders: the merged request count is the sum,
 * the merged interval logs hold exactly the samples of both shards, the scores add up per iteration.
 */
@ExtendWith(SharedRedis.class)
class ShardedRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /**
     * Iterations of 1 s on a 6 s grid, no warm-up: an iteration runs whole invocations of 40,000 requests, sent in
     * pipelines of 16: one took 1.2-2.1 s at a load average of 30 on this 2-core machine (one request at a time, as
     * before: 5.6-6.8 s at that load, 1.6-2.2 s quiet), so one shard's iteration can be an invocation longer than
     * the other's. The grid starts both shards' second iteration on the same boundary as long
     * as their first ones end within 6 s of it: 3.1 s at most at that load. Only the measured iterations are merged,
     * so none warms up. The shards start 30 s ahead of {@code startAt}: two launchers started together took about
     * 4 s on a quiet machine from their JVMs' start to their trials' start, over 10 s beside two busy loops, 17 s for
     * one launcher at a load average of 30.
     */
    @Test
    void twoShardsMergeIntoOneRun(RedisTarget redis) throws Exception {
        String startAt = Instant.now().plusSeconds(30).toString(); // both launchers are up well before it, busy or not
        List<Process> shards = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            shards.add(new ProcessBuilder(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", // C1 only, one GC thread: no score is judged
                    "-cp", System.getProperty("java.class.path"),
                    "-Dkensho.redis.uri=redis://" + redis.host() + ":" + redis.port(),
                    "-Dkensho.shard=" + i + "/2", "-Dkensho.startAt=" + startAt, "-Dkensho.startGrid=6",
                    "-Dkensho.results=" + tmp, "-Dkensho.runId=shard" + i, "-Dkensho.scale=smoke",
                    "-Dkensho.root=" + Settings.root(), "-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("tmp" + i)), // JMH's lock is per tmpdir
                    KeyValueThroughputBenchmark.class.getName(),
                    "-f 0 -wi 0 -i 2 -r 1 -p client=JEDIS -p clients=8 -p pipeline=16 -p keyspace=2000 -p start=PRELOADED -p rate=0 -p ioThreads=1 -p distribution=uniform"))
                    .redirectErrorStream(true).redirectOutput(tmp.resolve("shard" + i + ".log").toFile()).start());
        }
        for (int i = 0; i < 2; i++) {
            assertTrue(shards.get(i).waitFor(10, TimeUnit.MINUTES), "shard " + i + " ends");
            assertEquals(0, shards.get(i).exitValue(), () -> read(tmp.resolve("shard0.log")) + read(tmp.resolve("shard1.log")));
        }
        Path merged = tmp.resolve("merged");
        Merge.merge(merged, List.of(tmp.resolve("shard0"), tmp.resolve("shard1")));

        double sumCounts = 0;
        Histogram shardSamples = new Histogram(3);
        for (int i = 0; i < 2; i++) {
            Path d = tmp.resolve("shard" + i);
            sumCounts += metric(Results.load(d), "latency_count");
            shardSamples.add(allSamples(d));
            JsonNode env = JSON.readTree(d.resolve("env.json").toFile());
            assertEquals(i, env.path("shard").path("index").asInt());
            assertEquals(startAt, env.path("shard").path("startAt").asText());
            assertTrue(env.path("shard").path("trials").get(0).has("offset_us"), "each trial records its clock offset");
        }
        List<Results.Row> rows = Results.load(merged);
        assertEquals(sumCounts, metric(rows, "latency_count"), "merged request count = the shards' sum");
        assertEquals(shardSamples, allSamples(merged), "merged histogram = the histogram of every shard's samples");
        double s0 = primary(tmp.resolve("shard0"));
        double s1 = primary(tmp.resolve("shard1"));
        assertEquals(s0 + s1, primary(merged), 1e-6 * (s0 + s1), "iteration sums average to the sum of the means");
        assertTrue(Files.exists(merged.resolve("report.md")));
    }

    private static double primary(Path run) throws Exception {
        return JSON.readTree(run.resolve("jmh").resolve("KeyValueThroughputBenchmark.json").toFile())
                .get(0).path("primaryMetric").path("score").asDouble();
    }

    private static double metric(List<Results.Row> rows, String metric) {
        return rows.stream().filter(r -> r.metric().equals(metric)).mapToDouble(r -> r.score() * r.samples()).sum();
    }

    private static Histogram allSamples(Path run) throws Exception {
        Histogram all = new Histogram(3);
        try (var files = Files.list(run.resolve(IntervalLog.DIR))) {
            for (Path f : files.filter(p -> p.toString().contains("-service-")).toList()) {
                HistogramLogReader r = new HistogramLogReader(f.toFile());
                Object h;
                while ((h = r.nextIntervalHistogram()) != null) {
                    all.add((Histogram) h);
                }
            }
        }
        return all;
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            return "";
        }
    }
}
