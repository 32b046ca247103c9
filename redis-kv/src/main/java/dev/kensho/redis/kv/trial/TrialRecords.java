package dev.kensho.redis.kv.trial;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.kv.load.JedisLoad;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.load.VirtualThreads;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.targets.redis.RedisTarget;

import java.util.ArrayList;
import java.util.Map;

/** What a kv trial ({@link KvTrial}) records about its server, cores and client threads. */
public final class TrialRecords {

    private TrialRecords() {
    }

    /** {@code server_io_threads} as read back, {@code cores_client|server}, and notes where they differ from the case. */
    public static void serverAndCores(Case cse, RedisTarget target, Map<String, String> asked, int ioThreads) {
        Map<String, String> actual = target.readConfig(new ArrayList<>(asked.keySet()));
        String io = actual.getOrDefault("io-threads", "?");
        if (io.matches("\\d+")) {
            Recorder.measurement(cse.benchmark(), cse.params(), "server_io_threads", Integer.parseInt(io), "threads");
        }
        if (!target.owned() && !io.equals(Integer.toString(ioThreads))) {
            Recorder.note("redis-kv", "ioThreads=" + ioThreads + " was asked for but the external server runs io-threads="
                    + io + " (read back, not changed): those cases measured the server as it is");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        Recorder.measurement(cse.benchmark(), cse.params(), "cores_client", cores, "cores");
        if (target.kind() == RedisTarget.Kind.EMBEDDED) {
            Recorder.measurement(cse.benchmark(), cse.params(), "cores_server", cores, "cores");
            Recorder.note("redis-kv cores", "embedded redis-server and the load generator shared the same " + cores
                    + " cores (Runtime.availableProcessors); the published figures had the server alone on 4–96 vCPUs");
        } else {
            Recorder.note("redis-kv cores", "the load generator had " + cores + " cores; the cores of "
                    + target.describe() + " are not known to the suite");
        }
    }

    /**
     * {@code get_hit_ratio}; {@code hot_key_share}: the exact share of requests that go to the hottest key ({@code 1/H(n,s)} for zipf,
     * {@code 1/n} uniform); for zipf also {@code hot_key_share_observed}, the share of the trial's draws that did.
     */
    static void hitsAndHotKey(Case cse, Workload w) {
        long gets = w.gets.sum();
        if (gets > 0) {
            Recorder.measurement(cse.benchmark(), cse.params(), "get_hit_ratio", (double) w.hits.sum() / gets, "ratio");
        }
        KeyDistribution d = w.keys();
        Recorder.measurement(cse.benchmark(), cse.params(), "hot_key_share", d.hottestShare(), "ratio");
        double observed = d.hottestShareObserved();
        if (!Double.isNaN(observed)) {
            Recorder.measurement(cse.benchmark(), cse.params(), "hot_key_share_observed", observed, "ratio");
        }
    }

    /**
     * {@code jedis_threads}, {@code jedis_virtual_threads} (1 or 0), {@code jedis_carriers} (the virtual threads' carrier
     * threads) and {@code jvm_feature}; a note when Jedis connections
     * share driver threads (percentiles include that wait), and when {@code JEDIS} fell back to platform threads.
     */
    public static void clientThreads(Case cse, LoadGenerator load, int clients) {
        if (load instanceof JedisLoad j) {
            Recorder.measurement(cse.benchmark(), cse.params(), "jedis_threads", j.threads(), "threads");
            Recorder.measurement(cse.benchmark(), cse.params(), "jedis_virtual_threads", j.virtual() ? 1 : 0, "boolean");
            Recorder.measurement(cse.benchmark(), cse.params(), "jvm_feature", VirtualThreads.jvmFeature(), "release");
            if (j.virtual()) {
                Recorder.measurement(cse.benchmark(), cse.params(), "jedis_carriers", VirtualThreads.carriers(), "threads");
            }
            if (j.threads() < clients) {
                Recorder.note("redis-kv jedis", "JEDIS ran " + j.threads() + " driver threads for " + clients
                        + " connections (-D" + KvSettings.JEDIS_THREADS.key() + "): its latency percentiles include the wait"
                        + " for the shared driver's round-robin, and are not comparable with LETTUCE's");
            }
            if (!j.virtual() && LoadGenerator.Client.JEDIS.name().equals(cse.params().get("client"))) {
                Recorder.note("redis-kv jedis", platformThreadsWhy(j.threads(), VirtualThreads.jvmFeature()));
            }
        }
    }

    /** Why a JEDIS case ran on platform threads, and what it costs: the note, and the bottleneck line's addition. */
    public static String platformThreadsWhy(long threads, long jvmFeature) {
        return "JEDIS drove its connections with " + threads + " platform threads because this JVM (Java " + jvmFeature
                + ") has no virtual threads: every blocked read is a kernel thread switch on cores the server shares, so it"
                + " spends more client CPU per request than on Java 21+ (JMH -jvm <a Java 21+ java> runs the forks there)";
    }
}
