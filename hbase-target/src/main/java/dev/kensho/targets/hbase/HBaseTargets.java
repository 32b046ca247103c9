package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.targets.ClassServer;
import dev.kensho.common.targets.Target;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Chooses the HBase target, the suite's one rule: an explicit external ZooKeeper quorum wins
 * ({@code kensho.hbase.zookeeper}); else a container if asked ({@code kensho.hbase.container=true});
 * else the embedded mini cluster. See {@link HBaseTarget} for every property.
 */
public final class HBaseTargets {

    private static final String ATTACH = HBaseSettings.ATTACH.key();

    private static HBaseTarget shared;

    private HBaseTargets() {
    }

    /**
     * Validates the JDK and every target property without starting or contacting anything.
     */
    public static void validate() {
        requireSupportedJdk();
        HBaseTarget.namespaceSetting();
        if (HBaseQuorum.current().isEmpty() && !HBaseSettings.CONTAINER.flag()) {
            EmbeddedHBase.regionServers();
        }
    }

    /**
     * {@link #validate()}, and on an external cluster registers the run's claim on its tables, which the launcher
     * takes before the first fork ({@link HBaseOwnershipClaim}); benchmark classes call it from their
     * {@code RULES.preflight}.
     */
    public static void preflight() {
        validate();
        HBaseQuorum.current().ifPresent(HBaseOwnershipClaim::preflight);
    }

    /** Opens a new target by the rule above; the caller closes it. */
    public static HBaseTarget open() {
        validate();
        Optional<HBaseQuorum> quorum = HBaseQuorum.current();
        return switch (Target.choose(quorum.isPresent(), HBaseSettings.CONTAINER.flag())) {
            case EXTERNAL -> {
                ExternalHBase t = new ExternalHBase(quorum.get());
                t.ensureNamespace(); // reaches the cluster now, with a one-line failure if nothing answers
                try {
                    HBaseOwnershipClaim.inFork(t);
                } catch (RuntimeException refused) {
                    t.close();
                    throw refused;
                }
                yield t;
            }
            case CONTAINER -> ContainerHBase.start();
            // the mini cluster the launcher started for this class's forks (ClassServers), else one of our own
            case EMBEDDED -> System.getProperty(ATTACH) != null ? EmbeddedHBase.attach(System.getProperty(ATTACH)) : EmbeddedHBase.start();
        };
    }

    /** The sharing key of {@link #forClass()}: consecutive HBase classes of a run share one cluster. */
    public static final String SHARE_KEY = "embedded-hbase";

    /**
     * For the launcher ({@code ParamRules.classServer}, key {@link #SHARE_KEY}): when the target is the
     * embedded mini cluster, starts one that every fork of the benchmark class (and of the classes after it
     * with the same key) attaches to, instead of ~10 s of cluster start per fork, and warms it
     * ({@link ClusterWarmUp}) so the first case does not meet a colder server than the rest; null for an
     * external cluster or a container (each fork reaches those itself).
     */
    public static ClassServer forClass() {
        validate();
        if (HBaseQuorum.current().isPresent() || HBaseSettings.CONTAINER.flag()) {
            return null;
        }
        EmbeddedHBase e = EmbeddedHBase.startShared();
        double warm;
        try {
            warm = ClusterWarmUp.run(e);
        } catch (RuntimeException failed) {
            e.close();
            throw failed;
        }
        System.err.printf(Locale.ROOT, "kensho: embedded HBase child JVM (pid %d) ready in %.1f s (%.1f CPU s),"
                + " warmed in %.1f s (%,d puts, flush, compaction, %d scans), shared by the forks of this and the next HBase classes%n",
                e.pid(), e.startupSeconds(), e.startupCpuSeconds(), warm, ClusterWarmUp.ROWS, ClusterWarmUp.SCANS);
        return new ClassServer() {
            @Override
            public Map<String, String> attach() {
                return Map.of(ATTACH, e.attachSpec());
            }

            @Override
            public void close() {
                closeShared(); // at -f 0 this JVM attached to it: the next class must not reuse a stopped cluster
                e.close();
            }
        };
    }

    /**
     * The JVM's one target, opened on first use and closed at JVM exit: a mini cluster costs a JVM start and
     * ~10 s to start, so every benchmark trial and test in a JVM shares it (a JMH fork attaches to its class's
     * cluster, {@link #forClass()}). A test JVM's classes share it too, until that JVM exits.
     */
    public static synchronized HBaseTarget shared() {
        if (shared == null) {
            HBaseTarget t = open();
            Runtime.getRuntime().addShutdownHook(new Thread(HBaseTargets::closeShared, "kensho-hbase-stop"));
            shared = t;
        }
        return shared;
    }

    public static synchronized void closeShared() {
        if (shared != null) {
            HBaseTarget t = shared;
            shared = null;
            t.close();
        }
    }

    /** HBase 2.6 runs on JDK 17 and 21; JDK 25 fails deep inside Hadoop ("getSubject is not supported"). */
    public static void requireSupportedJdk() {
        requireSupportedJdk(Runtime.version().feature(), System.getProperty("java.home"));
    }

    static void requireSupportedJdk(int feature, String home) {
        if (feature < 17 || feature > 21) {
            throw new BadInput("java.version=" + feature + " (" + home + ") is not supported by HBase 2.6;"
                    + " allowed: JDK 17 … 21 (set JAVA_HOME to one)");
        }
    }
}
