package dev.kensho.hbase.meter;

import dev.kensho.common.BadInput;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.hbase.Codecs;
import dev.kensho.targets.hbase.EmbeddedHBase;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HBaseTargets;

import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** What every benchmark of this module shares (its fork: {@link AbstractMeterBenchmark}): the target, param rules, thread pools. */
final class MeterBench {

    /** Seed of every data set: the same rows in every run. */
    static final long SEED = 20170706L;

    private static volatile boolean serverRecorded;

    private MeterBench() {
    }

    /**
     * Rules every class shares: the schema params, the target properties, and one embedded cluster per class
     * that its forks attach to (started by the launcher).
     */
    static ParamRules schemaRules() {
        return ParamRules.of()
                .rule("encoding", v -> Codecs.encoding("encoding", v))
                .rule("codec", v -> Codecs.codec("codec", v))
                .intRange("saltBuckets", 0, MeterRowKey.MAX_SALT_BUCKETS)
                .preflight(HBaseTargets::preflight)
                .classServer(HBaseTargets.SHARE_KEY, HBaseTargets::forClass);
    }

    /**
     * The JVM's shared target (in a JMH fork: the class's child cluster, started by the launcher); its version
     * and config are recorded once per JVM, and the seconds a cluster this JVM started took are printed.
     */
    static HBaseTarget target() {
        HBaseTarget t = HBaseTargets.shared();
        if (!serverRecorded) {
            serverRecorded = true;
            t.record();
            if (t instanceof EmbeddedHBase e && !e.attached()) {
                System.err.printf(Locale.ROOT, "kensho: embedded HBase child JVM (pid %d) ready in %.1f s (%.1f CPU s)%n",
                        e.pid(), e.startupSeconds(), e.startupCpuSeconds());
            }
        }
        t.ensureNamespace();
        return t;
    }

    static void require(boolean ok, String param, Object value, String allowed) {
        if (!ok) {
            throw BadInput.of(param, value, allowed);
        }
    }

    static ExecutorService pool(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory f = r -> {
            Thread t = new Thread(r, "kensho-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return Executors.newFixedThreadPool(threads, f);
    }

    static void shutdown(ExecutorService pool) {
        if (pool != null) {
            pool.shutdownNow();
            try {
                pool.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void measurement(Case c, String metric, double value, String unit) {
        Recorder.measurement(c.benchmark(), c.params(), metric, value, unit);
    }
}
