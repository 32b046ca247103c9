package dev.kensho.targets.hbase;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.targets.Lease;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Which run a suite table belongs to. Every table a run creates is named {@code <qualifier>.<tag>} and carries its
 * tag in the table attribute {@value #RUN_KEY} (and who made it, for people, in {@value #BY_KEY}). The tag is
 * {@code r} + 8 hex digits of SHA-256 over the host, the run folder and the shard: the launcher and every fork of a
 * run compute the same one (the forks get the run folder on their command line), while two runs — on two hosts,
 * two checkouts of one host, or two shards of one sharded run — never share one, so they never create, load or
 * drop the same table. A JVM outside any run (a test, a plain JMH {@code Runner}) is its own run, {@link #ADHOC}.
 */
public final class RunTables {

    /** Table attribute: the tag of the run that created the table. */
    public static final String RUN_KEY = "kensho.run";
    /** Table attribute: that run as people read it, "run on host, pid N". */
    public static final String BY_KEY = "kensho.runBy";
    /** The run id of a JVM that runs outside a launcher's run. */
    static final String ADHOC = adhoc();

    private RunTables() {
    }

    private static String adhoc() {
        byte[] b = new byte[4];
        new SecureRandom().nextBytes(b);
        return "adhoc-" + HexFormat.of().formatHex(b);
    }

    /** The run this JVM writes for: its run folder's name (the launcher and its forks), else {@link #ADHOC}. */
    public static String runId() {
        String dir = Setting.RUN_DIR.get();
        return dir != null ? Path.of(dir).getFileName().toString() : ADHOC;
    }

    /** The tag of this JVM's run. */
    public static String tag() {
        return tag(runId());
    }

    /** The tag of run {@code runId} on this host and shard. */
    static String tag(String runId) {
        Shard shard = Shard.current();
        String id = Lease.host() + "\n" + folder(runId) + "\n" + shard.index() + "/" + shard.count();
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
            return "r" + HexFormat.of().formatHex(h, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * The run's folder: the one the launcher gave this JVM when it names that run, else where the launcher puts it
     * (in the launcher itself, whose claim is taken before it sets the property).
     */
    private static Path folder(String runId) {
        String dir = Setting.RUN_DIR.get();
        if (dir != null && Path.of(dir).getFileName().toString().equals(runId)) {
            return Path.of(dir).toAbsolutePath().normalize();
        }
        return Settings.resultsRoot().resolve(runId);
    }

    /** "run on host, pid N": who created a table, as the table says it. */
    static String by(String runId) {
        return runId + " on " + Lease.host() + ", pid " + ProcessHandle.current().pid();
    }

    /** {@code <qualifier>.<tag>}: a table of this JVM's run. */
    static String qualifier(String base) {
        return base + "." + tag();
    }

    /**
     * Throws unless {@code d} is a table of this JVM's run: created by the suite (its mark) and by this run (its tag).
     * Another run's table is never written, flushed, compacted or dropped by this one.
     */
    static void requireThisRun(TableDescriptor d, String action, String where) {
        TableName tn = d.getTableName();
        if (!HBaseTarget.OWNER_VALUE.equals(d.getValue(HBaseTarget.OWNER_KEY))) {
            throw new BadInput("refusing to " + action + " " + tn.getNameAsString() + " on " + where
                    + ": it is in the suite's namespace but not marked as created by the suite (" + HBaseTarget.OWNER_KEY + ")");
        }
        if (!tag().equals(d.getValue(RUN_KEY))) {
            String by = d.getValue(BY_KEY);
            throw new BadInput("refusing to " + action + " " + tn.getNameAsString() + " on " + where + ": it is another"
                    + " kensho run's table (" + (by != null ? by : "made before tables had runs") + "), not this run's ("
                    + tag() + ")");
        }
    }
}
