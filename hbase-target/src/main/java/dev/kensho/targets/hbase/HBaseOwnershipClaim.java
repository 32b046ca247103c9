package dev.kensho.targets.hbase;

import dev.kensho.common.Setting;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.targets.Claims;

import java.util.List;
import java.util.function.Consumer;

/**
 * {@link TableClaims} wired into a run on an external cluster: the launcher's preflight registers a
 * {@link Claims.Claim}, which the launcher takes once the run has an id, renews while it runs and releases at its
 * end. A benchmark's JVM that opens the cluster and finds no claim of its run (an entry point that bypassed the
 * launcher) holds one itself until its target closes. The claim keeps one connection for its renewals.
 */
final class HBaseOwnershipClaim implements Claims.Claim {

    private final HBaseQuorum quorum;
    private ExternalHBase target;
    /** The run this claim was taken for (for {@link #interrupted()}, which is not told). */
    private volatile String claimedFor;

    private HBaseOwnershipClaim(HBaseQuorum quorum) {
        this.quorum = quorum;
    }

    /**
     * The launcher's preflight on an external cluster, before the run folder exists: looks (writing nothing) and refuses
     * in one line what the claim would refuse ({@link TableClaims#look}), then registers the run's claim.
     */
    static void preflight(HBaseQuorum quorum) {
        // a fork (it has the run folder) runs the class's preflight too: its run's launcher holds the claim already
        if (Setting.RUN_DIR.get() == null) {
            HBaseOwnershipClaim c = new HBaseOwnershipClaim(quorum);
            try {
                c.claims().look(Setting.RUN_ID.get());
            } finally {
                c.close();
            }
            Claims.register(c);
        }
    }

    /** In a benchmark's JVM: its run's claim must be there, else this JVM holds one until {@code t} closes. */
    static void inFork(ExternalHBase t) {
        String runId = RunTables.runId();
        if (TableClaims.on(t).heldBy(runId, RunTables.tag(runId))) {
            return;
        }
        boolean inRun = Setting.RUN_DIR.get() != null;
        Consumer<String> note = line -> {
            System.err.println("kensho: " + line);
            if (inRun) {
                Recorder.note("safety", line);
            }
        };
        t.releaseOnClose(Claims.hold(new HBaseOwnershipClaim(t.quorum()), runId, note));
    }

    private synchronized TableClaims claims() {
        if (target == null) {
            target = new ExternalHBase(quorum);
        }
        return TableClaims.on(target);
    }

    @Override
    public String key() {
        return "hbase " + quorum.quorum() + " " + quorum.znodeParent() + " " + HBaseTarget.namespaceSetting();
    }

    @Override
    public void claim(String runId, Consumer<String> note) {
        claims().claim(runId, RunTables.tag(runId), note);
        claimedFor = runId;
    }

    @Override
    public void renew(String runId) {
        claims().renew(runId, RunTables.tag(runId));
    }

    @Override
    public String release(String runId) {
        try {
            List<?> left = claims().release(runId, RunTables.tag(runId));
            return left.isEmpty() ? null : "dropped " + left.size() + " table(s) the run's benchmarks left on "
                    + target.describe() + " (e.g. " + left.get(0) + ")";
        } catch (RuntimeException e) {
            return "could not drop the run's tables on " + describe() + " (" + e.getMessage() + "); the next run's"
                    + " claim drops them once its lease has ended";
        } finally {
            close();
        }
    }

    @Override
    public void interrupted() {
        String runId = claimedFor;
        try {
            if (runId != null) {
                claims().interrupted(runId, RunTables.tag(runId));
            }
        } finally {
            close();
        }
    }

    private String describe() {
        return "external HBase (zookeeper " + quorum.quorum() + ")";
    }

    private synchronized void close() {
        if (target != null) {
            target.close();
            target = null;
        }
    }
}
