package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.Target;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.VersionInfo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An HBase to benchmark: a mini cluster in a child JVM (default), an external cluster reached through its
 * ZooKeeper quorum, or a container. Obtain one with {@link HBaseTargets#open()} (or the JVM-wide
 * {@link HBaseTargets#shared()}).
 *
 * <p><b>Safety.</b> The suite creates tables only in its own namespace ({@code kensho.hbase.namespace},
 * default {@code kensho}), each named for its run and marked with the table attribute {@value #OWNER_KEY} and the
 * run's tag ({@link RunTables}); a run writes, flushes, compacts and drops only tables that are in that namespace,
 * carry the mark <em>and</em> its own tag. Any other table given to {@link #createTable}, {@link #dropTable} or
 * {@link #flushAndCompact} is refused with one line — on every kind of target, so the tests of the embedded one
 * prove the rule for the external one. On an external cluster a run also holds a lease ({@link TableClaims}):
 * another run's tables are dropped only once that run's lease has ended.
 *
 * <table>
 * <caption>HBase target properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@link HBaseSettings#ZOOKEEPER}</td><td>(none)</td><td>host[:port][,host[:port]…] of an external cluster's ZooKeeper; wins over everything</td></tr>
 * <tr><td>{@link HBaseSettings#ZNODE_PARENT}</td><td>{@value #ZNODE_PARENT_DEFAULT}</td><td>its znode parent</td></tr>
 * <tr><td>{@link HBaseSettings#CONTAINER}</td><td>false</td><td>true: an HBase container (Docker hosts only)</td></tr>
 * <tr><td>{@link HBaseSettings#IMAGE}</td><td>{@value #IMAGE_DEFAULT}</td><td>its image</td></tr>
 * <tr><td>{@link HBaseSettings#NAMESPACE}</td><td>{@value #NAMESPACE_DEFAULT}</td><td>the only namespace the suite writes to</td></tr>
 * <tr><td>{@link HBaseSettings#REGION_SERVERS}</td><td>{@value #REGION_SERVERS_DEFAULT}</td><td>region servers of the embedded mini cluster</td></tr>
 * </table>
 */
public abstract class HBaseTarget implements Target {
    public static final String ZNODE_PARENT_DEFAULT = "/hbase";
    public static final String IMAGE_DEFAULT = "harisekhon/hbase:2.1";
    public static final String NAMESPACE_DEFAULT = "kensho";
    public static final String REGION_SERVERS_DEFAULT = "1";

    /** Table attribute marking a table the suite created (and so may drop). */
    public static final String OWNER_KEY = "kensho.owner";
    public static final String OWNER_VALUE = "kensho";


    private final String namespace = namespaceSetting();
    private final SuiteTables tables = new SuiteTables(this);
    private Connection connection;

    public abstract Kind kind();

    /** Client configuration pointing at this cluster (codec keys set). */
    public abstract Configuration configuration();

    /** A description safe to print and record. */
    public abstract String describe();

    /** The HFiles of a suite table, read from their trailers; see {@link HFiles}. */
    public abstract List<HFiles.StoreFile> storeFiles(TableName table);

    /**
     * The paths of a suite table's live HFiles without reading them — cheap enough to sit inside a timed load; empty
     * where the target shows no files (an external cluster's regions are seen through their metrics).
     */
    public List<String> storeFilePaths(TableName table) {
        return storeFiles(table).stream().filter(f -> f.cells() >= 0).map(HFiles.StoreFile::path).toList();
    }

    /** The suite's namespace. */
    public String namespace() {
        return namespace;
    }

    /** {@code <namespace>:<qualifier>.<tag>}: the suite table {@code qualifier} of this JVM's run ({@link RunTables}). */
    public TableName table(String qualifier) {
        if (!qualifier.matches("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,189}")) {
            throw BadInput.of("table", qualifier, "1 … 190 characters of [A-Za-z0-9_.-], not starting with '.' or '-'");
        }
        return TableName.valueOf(namespace, RunTables.qualifier(qualifier));
    }

    /** The shared connection of this target (closed with the target). */
    public synchronized Connection connection() {
        if (connection == null || connection.isClosed()) {
            try {
                connection = ConnectionFactory.createConnection(configuration());
            } catch (IOException e) {
                throw unreachable(e);
            }
        }
        return connection;
    }

    protected TargetFailure unreachable(Throwable e) {
        return new TargetFailure(describe() + ": cannot reach HBase (" + TargetFailure.rootCause(e) + ")", e);
    }

    // ---- the safety rule, kept in SuiteTables ------------------------------------------------------

    /** Throws unless {@code table} is in the suite's namespace. */
    public void requireSuiteNamespace(TableName table, String action) {
        tables.requireSuiteNamespace(table, action);
    }

    /** Throws unless {@code table} is in the suite's namespace and, if it exists, marked as this run's. */
    public void requireOwned(TableName table, String action) {
        tables.requireOwned(table, action);
    }

    /** The table's descriptor, or null when it does not exist. */
    TableDescriptor descriptor(TableName tn) {
        return tables.descriptor(tn);
    }

    /** Creates the suite's namespace if absent (never drops it: it may hold the user's tables too). */
    public void ensureNamespace() {
        tables.ensureNamespace();
    }

    /** Creates a table of this run ({@link #table}), marked as the suite's and the run's; see {@link SuiteTables}. */
    public void createTable(TableDescriptor descriptor, byte[][] splits) {
        tables.create(descriptor, splits);
    }

    public boolean exists(TableName tn) {
        return tables.exists(tn);
    }

    /** True when the suite may drop {@code tn}: in its namespace and carrying its mark. */
    public boolean ownedBySuite(TableName tn) {
        return tables.ownedBySuite(tn);
    }

    /** Drops a table of this run; refuses any table the suite or this run did not create. Absent: nothing to do. */
    public void dropTable(TableName tn) {
        tables.drop(tn);
    }

    /** Drops every table this JVM's run created in the namespace (never another run's); returns their names. */
    public List<TableName> dropSuiteTables() {
        return tables.dropRunTables(RunTables.tag());
    }

    /** Drops every suite table in the namespace tagged {@code tag}; returns their names. */
    List<TableName> dropRunTables(String tag) {
        return tables.dropRunTables(tag);
    }

    /**
     * Flushes the memstores of a suite table and major-compacts it, waiting until the compaction is
     * over, so its HFiles are final (one per store) and their sizes comparable across codecs.
     */
    public void flushAndCompact(TableName tn) {
        flush(tn);
        majorCompact(tn);
    }

    /** Flushes every memstore of a suite table to HFiles; returns when the data is in HFiles. */
    public void flush(TableName tn) {
        requireOwned(tn, "flush");
        try (Admin admin = connection().getAdmin()) {
            // region by region, each an RPC to its region server, not Admin.flush(table): HBase 2.6 runs that as a master
            // procedure whose remote part can be lost on a loaded machine, and its caller then polls for ten minutes (a
            // verify beside two busy loops: two runs flushing one cluster, one fork waiting in waitProcedureResult with
            // every procedure worker and flusher idle). Where the target lets us see the memstores, wait until they are empty
            for (RegionInfo r : admin.getRegions(tn)) {
                admin.flushRegion(r.getRegionName());
            }
            waitUntil(() -> flushed(tn), "flush of " + tn);
        } catch (IOException e) {
            throw new TargetFailure(describe() + ": cannot flush " + tn + " (" + firstLine(e) + ")", e);
        }
    }

    /** Major-compacts a suite table and waits until the compaction is over. */
    public void majorCompact(TableName tn) {
        requireOwned(tn, "compact");
        try (Admin admin = connection().getAdmin()) {
            admin.majorCompact(tn);
            // the request is queued: wait until the region servers have picked it up and finished it
            waitUntil(() -> admin.getCompactionState(tn) == CompactionState.NONE && compacted(tn), "major compaction of " + tn);
        } catch (IOException e) {
            throw new TargetFailure(describe() + ": cannot compact " + tn + " (" + firstLine(e) + ")", e);
        }
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private void waitUntil(Condition done, String what) throws IOException {
        long deadline = System.nanoTime() + 600_000_000_000L;
        try {
            while (!done.holds()) {
                Thread.sleep(10); // polling the server's state, not a measurement (a timer around it resolves ~10 ms)
                if (System.nanoTime() > deadline) {
                    throw new TargetFailure(describe() + ": " + what + " did not finish in 10 min");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure(describe() + ": interrupted during " + what);
        }
    }

    /** True when no memstore of the table holds data (where the target lets us see them). */
    protected boolean flushed(TableName tn) {
        return true;
    }

    /** True when every store of the table has at most one HFile (where the target lets us see them). */
    protected boolean compacted(TableName tn) {
        return true;
    }

    // ---- what the results record ------------------------------------------------------------------

    /** Version and the configuration that matters to the experiment. */
    public Map<String, Object> serverInfo() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", describe());
        out.put("hbase_client_version", VersionInfo.getVersion());
        try (Admin admin = connection().getAdmin()) {
            var metrics = admin.getClusterMetrics();
            out.put("hbase_version", metrics.getHBaseVersion());
            out.put("region_servers", metrics.getLiveServerMetrics().size());
        } catch (IOException e) {
            out.put("hbase_version", "unavailable: " + firstLine(e));
        }
        Configuration c = configuration();
        Map<String, String> conf = new LinkedHashMap<>();
        for (String k : List.of("hbase.regionserver.handler.count", "hbase.hregion.memstore.flush.size",
                "hfile.block.cache.size", "hbase.client.write.buffer", "hbase.wal.provider", "hbase.rootdir",
                "hbase.zookeeper.quorum", "zookeeper.znode.parent")) {
            conf.put(k, c.get(k));
        }
        conf.putAll(Codecs.keys(c));
        out.put("config", conf);
        out.put("namespace", namespace);
        out.put("java_version", System.getProperty("java.version"));
        return out;
    }


    @Override
    public void close() {
        synchronized (this) {
            if (connection != null) {
                try {
                    connection.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
                connection = null;
            }
        }
    }

    static String firstLine(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    static String namespaceSetting() {
        String ns = HBaseSettings.NAMESPACE.get(NAMESPACE_DEFAULT);
        if (!ns.matches("[A-Za-z0-9_]{1,64}") || ns.equalsIgnoreCase("default") || ns.equalsIgnoreCase("hbase")) {
            throw BadInput.of(HBaseSettings.NAMESPACE.key(), ns, "1 … 64 characters of [A-Za-z0-9_], not 'default' or 'hbase'");
        }
        return ns;
    }
}
