package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An external HBase cluster's address as one typed value: its ZooKeeper quorum ({@code kensho.hbase.zookeeper}) and
 * znode parent ({@code kensho.hbase.znodeParent}, default {@value HBaseTarget#ZNODE_PARENT_DEFAULT}), checked.
 * {@link #current()} reads the two settings in this one place and parses them once per JVM: target selection, the
 * launcher's claim on the tables and the fork's target are handed the same value.
 */
public record HBaseQuorum(String quorum, String znodeParent) {

    /** How many times this JVM parsed a quorum ({@link #parse}); read by the test that it happens once. */
    static final AtomicInteger PARSES = new AtomicInteger();

    private static final Object LOCK = new Object();
    /** The raw settings {@link #memo} was resolved from: a test that sets other values gets them resolved anew. */
    private static Raw memoFrom;
    private static Optional<HBaseQuorum> memo;

    private record Raw(String quorum, String znodeParent) {
    }

    /**
     * This JVM's external cluster, empty when {@code kensho.hbase.zookeeper} is unset; resolved on first use and
     * remembered. A bad value is one {@link BadInput} line naming the setting and what is allowed.
     */
    public static Optional<HBaseQuorum> current() {
        Raw raw = new Raw(HBaseSettings.ZOOKEEPER.get(), HBaseSettings.ZNODE_PARENT.get(HBaseTarget.ZNODE_PARENT_DEFAULT));
        synchronized (LOCK) {
            if (!raw.equals(memoFrom)) {
                memo = raw.quorum() == null ? Optional.empty() : Optional.of(parse(raw.quorum(), raw.znodeParent()));
                memoFrom = raw;
            }
            return memo;
        }
    }

    /** Forgets the remembered value (tests). */
    static void forget() {
        synchronized (LOCK) {
            memoFrom = null;
            memo = null;
        }
    }

    /** Parses and validates the two settings (no connection yet): the one place a quorum is parsed. */
    static HBaseQuorum parse(String quorum, String znodeParent) {
        PARSES.incrementAndGet();
        String q = quorum.trim();
        String hostPort = "[A-Za-z0-9_.\\-]+(:[0-9]{1,5})?";
        if (!q.matches(hostPort + "(," + hostPort + ")*")) {
            throw BadInput.of(HBaseSettings.ZOOKEEPER.key(), quorum, "host[:port][,host[:port]…] of the cluster's ZooKeeper quorum");
        }
        for (String hp : q.split(",")) {
            int c = hp.indexOf(':');
            if (c > 0) {
                Settings.range(HBaseSettings.ZOOKEEPER.key() + " port", hp.substring(c + 1), 1, 65535);
            }
        }
        String z = znodeParent.trim();
        if (!z.matches("(/[A-Za-z0-9_.\\-]+)+")) {
            throw BadInput.of(HBaseSettings.ZNODE_PARENT.key(), znodeParent, "an absolute znode path such as /hbase");
        }
        return new HBaseQuorum(q, z);
    }
}
