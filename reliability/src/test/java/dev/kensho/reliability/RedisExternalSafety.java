package dev.kensho.reliability;

import dev.kensho.common.Setting;
import dev.kensho.launcher.Bench;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every Redis benchmark of every module, at smoke scale, against a Redis that holds someone else's data
 * and is addressed as an external target: afterwards every unrelated key (in db 0 and db 1, with and
 * without TTL, of every type, including names that merely resemble the prefix) is intact — value and absolute
 * expiry time, compared exactly — and nothing of the suite's is left. A benchmark that needs a destructive command
 * may refuse — with the opt-in named — but may not run it. A benchmark that needs a tool this machine lacks
 * (redis-cli) may stop in one line saying so ("not measured here: needs …"), and that stop must touch nothing: no
 * connection to the server, every key of every database as it was, no run folder.
 *
 * <p>One subclass per module ({@link SetsExternalSafetyTest}, {@link KvExternalSafetyTest},
 * {@link PubSubExternalSafetyTest}), so that the three run in parallel test JVMs; each seeds its own foreign Redis.
 */
abstract class RedisExternalSafety {

    private final String modulePackage;
    private final int atLeastRun;

    /** How a benchmark says it stops for a tool this machine lacks (the ledger's "not measured here"). */
    static final String MISSING_TOOL = "not measured here: needs ";

    /**
     * The Redis benchmarks under {@code modulePackage} (e.g. "dev.kensho.redis.kv."); at least {@code atLeastRun} of
     * them must run on the external target or stop for a missing tool (the others refuse naming the opt-in, or that it
     * is not a cluster).
     */
    RedisExternalSafety(String modulePackage, int atLeastRun) {
        this.modulePackage = modulePackage;
        this.atLeastRun = atLeastRun;
    }

    /**
     * Smoke cases narrowed to what this test checks, the server's keys (not any score): a case that only differs from
     * another in a step that case also runs, on the same keys, is left out; each iteration is 100 ms.
     * <ul>
     *   <li>kv: a zipf trial draws other keys of the same keyspace, under the same names, as a uniform one. The
     *       closed loop (rate 0) and the open loop send the same GETs and SETs on the same keys, drawn by the same
     *       workload whichever client sends them: the throughput class runs the closed loop with both clients, the
     *       curve its closed-loop point and one open-loop point (0.5x; 1.0x differs only in the rate) with Lettuce.
     *       A relative rate in the throughput class first probes the closed-loop maximum with 200,000 requests (0.5x
     *       there was 29 of this test's 47 s), and each client of the curve settles for 5 s first.</li>
     *   <li>sets: the overlap and the number of users change the members of the same two sets, not their names; at
     *       overlap 0 the three stores write an empty result (SINTERSTORE), one of 2n members (SUNIONSTORE) and one of n
     *       (SDIFFSTORE), so overlap 0 alone writes every kind of result overlap 1 does. Growth runs its smaller size.</li>
     *   <li>pub/sub throughput: the TCP baseline never connects to Redis.</li>
     *   <li>the slow subscriber: on an external server the hard limit is the server's own (32 MiB here), so the time
     *       to the cut-off is the limit over the publish rate; 10,000 messages/s instead of 2,000 reach it in under
     *       2 s instead of about 5 (measured 1.6 and 4.9 s), the same flood and cut.</li>
     * </ul>
     */
    private static final Map<String, List<String>> NARROWED = Map.of(
            "KeyValueThroughputBenchmark", List.of("-p", "rate=0", "-p", "distribution=uniform"),
            "KeyValueThroughputLatencyBenchmark",
            List.of("-p", "rate=0,0.5x", "-p", "distribution=uniform", "-p", "client=LETTUCE"),
            "SetAlgebraBenchmark", List.of("-p", "overlap=0"),
            "SetAlgebraCliBenchmark", List.of("-p", "overlap=0"),
            "SetGrowthBenchmark", List.of("-p", "users=1000"),
            "PubSubThroughputBenchmark", List.of("-p", "transport=JEDIS,LETTUCE"),
            "PubSubSlowSubscriberBenchmark", List.of("-p", "publishRate=10000"));

    @Test
    void unrelatedDataSurvivesEveryRedisBenchmark(@TempDir Path results) throws Exception {
        Set<String> classes = AllBenchmarks.in(modulePackage);
        assertTrue(classes.size() >= atLeastRun, "Redis benchmarks found under " + modulePackage + ": " + classes);
        for (String narrowed : NARROWED.keySet()) {
            assertTrue(AllBenchmarks.in("dev.kensho.redis.").stream().anyMatch(c -> c.endsWith("." + narrowed)),
                    narrowed + " is still a Redis benchmark");
        }
        try (RedisTarget owner = RedisTargets.open(Map.of()); Jedis j = owner.jedis()) {
            seed(j);
            Map<String, String> before = snapshot(j);
            String uri = "redis://127.0.0.1:" + owner.port() + "/0";
            int ran = 0;
            int stoppedForTool = 0;
            for (String cls : classes) {
                String runId = cls.substring(cls.lastIndexOf('.') + 1);
                Map<String, String> props = Map.of(RedisSettings.URI.key(), uri, Setting.SCALE.key(), "smoke",
                        Setting.RESULTS.key(), results.toString(), Setting.RUN_ID.key(), runId);
                Map<String, String> server = everything(j);
                long connections = connectionsReceived(j);
                props.forEach(System::setProperty);
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                int status;
                try {
                    List<String> argList = new java.util.ArrayList<>(List.of("-f", "0", "-wi", "0", "-i", "1", "-r", "100ms"));
                    argList.addAll(NARROWED.getOrDefault(runId, List.of()));
                    String[] args = argList.toArray(String[]::new);
                    status = Bench.run(Set.of(cls), args, true,
                            new PrintStream(err, true, StandardCharsets.UTF_8));
                } finally {
                    props.keySet().forEach(System::clearProperty);
                }
                String out = err.toString(StandardCharsets.UTF_8);
                if (status == 2) {
                    // refused before anything started: only acceptable as a refusal that names the opt-in, a cluster
                    // benchmark saying that this single node is not a cluster, or a stop for a tool this machine lacks
                    boolean missingTool = out.contains(MISSING_TOOL);
                    assertTrue(out.contains(Setting.DESTRUCTIVE.key()) || out.contains("needs a Redis Cluster") || missingTool,
                            runId + " refused without naming the opt-in or a missing tool: " + out);
                    assertFalse(Files.exists(results.resolve(runId)), "a refused run leaves no folder");
                    if (missingTool) {
                        assertEquals(1, out.lines().count(), runId + ": a stop for a missing tool is one line: " + out);
                        assertEquals(connections, connectionsReceived(j), runId + " stopped for a missing tool after connecting to the server");
                        assertEquals(server, everything(j), runId + " stopped for a missing tool and changed the server's keys");
                        stoppedForTool++;
                    }
                    continue;
                }
                // a failure inside the run is acceptable only as such a refusal too
                for (String line : out.lines().filter(l -> l.contains(" failed: ")).toList()) {
                    assertTrue(line.contains(Setting.DESTRUCTIVE.key()), "a benchmark failed on the external target: " + line);
                }
                ran++;
            }
            assertTrue(ran + stoppedForTool >= atLeastRun, ran + " of " + classes + " ran against an external target and "
                    + stoppedForTool + " stopped for a missing tool; expected at least " + atLeastRun + " in all");

            j.select(0);
            assertEquals(before, snapshot(j), "unrelated keys, values and expiry times are intact");
            assertEquals("still here", j.get("kensho"), "a key equal to the prefix without its colon is not the suite's");
            assertTrue(before.get("0/session:9").contains(" expires at "), "TTL kept: " + before.get("0/session:9"));
            assertTrue(before.get("1/db1:ttl").contains(" expires at "), "TTL kept in db 1: " + before.get("1/db1:ttl"));
            j.select(0);
            assertTrue(j.keys(owner.keyPrefix() + "*").isEmpty(), "the suite cleaned up its own keys");
        }
    }

    private static void seed(Jedis j) {
        j.select(0);
        j.set("user:1", "alice");
        j.setex("session:9", 7200, "token");
        j.hset("profile:1", Map.of("name", "alice", "plan", "pro"));
        j.sadd("segment:sports", "u1", "u2", "u3");
        j.rpush("queue:jobs", "a", "b");
        j.zadd("board", Map.of("x", 1.0, "y", 2.0));
        j.set("kensho", "still here");
        j.set("kensho-other:1", "not ours either");
        j.select(1);
        j.set("db1:key", "other database");
        j.setex("db1:ttl", 7200, "x");
        j.select(0);
    }

    /** type, value and absolute expiry time (PEXPIRETIME: no clock in the comparison), of every key in db 0 and db 1 but the suite's. */
    private static Map<String, String> snapshot(Jedis j) {
        Map<String, String> m = keys(j, false);
        assertFalse(m.isEmpty());
        return m;
    }

    /** The same of every key of every database, the suite's prefix included. */
    static Map<String, String> everything(Jedis j) {
        return keys(j, true);
    }

    /** Connections the server has accepted since it started (INFO stats). */
    static long connectionsReceived(Jedis j) {
        return Long.parseLong(RedisInfo.of(j, "stats").get("total_connections_received"));
    }

    private static Map<String, String> keys(Jedis j, boolean suitesToo) {
        Map<String, String> m = new HashMap<>();
        int databases = suitesToo ? Integer.parseInt(j.configGet("databases").get("databases")) : 2;
        for (int db = 0; db < databases; db++) {
            j.select(db);
            for (String k : j.keys("*")) {
                if (!suitesToo && k.startsWith("kensho:")) {
                    continue;
                }
                String type = j.type(k);
                String value = switch (type) {
                    case "string" -> j.get(k);
                    case "hash" -> new java.util.TreeMap<>(j.hgetAll(k)).toString();
                    case "set" -> new java.util.TreeSet<>(j.smembers(k)).toString();
                    case "list" -> j.lrange(k, 0, -1).toString();
                    case "zset" -> j.zrangeWithScores(k, 0, -1).toString();
                    default -> type;
                };
                long at = j.pexpireTime(k);
                m.put(db + "/" + k, type + "=" + value + (at < 0 ? " ttl=" + at : " expires at " + at));
            }
        }
        j.select(0);
        return m;
    }
}
