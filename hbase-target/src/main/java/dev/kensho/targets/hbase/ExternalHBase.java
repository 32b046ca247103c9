package dev.kensho.targets.hbase;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;

import java.util.List;

/**
 * An HBase cluster the user runs: {@code -Dkensho.hbase.zookeeper=zk1:2181,zk2:2181} and, if not
 * {@code /hbase}, {@code -Dkensho.hbase.znodeParent=/hbase-unsecure}. The suite creates, flushes,
 * compacts and drops only its own marked tables in its namespace (see {@link HBaseTarget}), named for its run
 * and held under a lease ({@link TableClaims}) so that runs sharing the cluster never touch each other's tables.
 *
 * <p>The HFiles of an external cluster sit on its HDFS, which this client does not mount: there the
 * table's store file size comes from the region servers' metrics (MiB resolution) and the codec in the
 * trailer is not re-read — say so beside such numbers.
 */
public final class ExternalHBase extends HBaseTarget {

    private final HBaseQuorum quorum;
    private final Configuration conf;
    private AutoCloseable heldClaim;

    ExternalHBase(HBaseQuorum quorum) {
        this.quorum = quorum;
        Configuration c = HBaseConfiguration.create();
        c.set("hbase.zookeeper.quorum", quorum.quorum());
        c.set("zookeeper.znode.parent", quorum.znodeParent());
        // fail within seconds, not the client's default of minutes, when nothing answers
        c.setInt("hbase.client.retries.number", 3);
        c.setInt("zookeeper.recovery.retry", 1);
        c.setInt("zookeeper.session.timeout", 10_000);
        c.setInt("hbase.client.operation.timeout", 120_000);
        this.conf = Codecs.configure(c);
    }

    /** Parses and validates the properties (no connection yet); the suite itself goes through {@link HBaseQuorum#current()}. */
    static ExternalHBase parse(String quorum, String znodeParent) {
        return new ExternalHBase(HBaseQuorum.parse(quorum, znodeParent));
    }

    HBaseQuorum quorum() {
        return quorum;
    }

    @Override
    public Kind kind() {
        return Kind.EXTERNAL;
    }

    @Override
    public Configuration configuration() {
        return conf;
    }

    @Override
    public String describe() {
        return "external HBase (zookeeper " + quorum.quorum() + ", znode " + quorum.znodeParent() + ")";
    }

    @Override
    public List<HFiles.StoreFile> storeFiles(TableName table) {
        return RegionMetricsFiles.read(this, table);
    }

    /** This JVM holds its run's claim ({@link HBaseOwnershipClaim#inFork}): {@link #close()} releases it. */
    synchronized void releaseOnClose(AutoCloseable held) {
        heldClaim = held;
    }

    @Override
    public void close() {
        AutoCloseable held;
        synchronized (this) {
            held = heldClaim;
            heldClaim = null;
        }
        if (held != null) {
            try {
                held.close();
            } catch (Exception e) {
                // the lease ends by itself; the next run's claim drops what this one left
            }
        }
        super.close();
    }
}
