package dev.kensho.common.targets.hbase;

import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.TempDirs;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStore;

import java.nio.file.Path;
import java.util.List;

/**
 * The default target: an HBase mini cluster inside this JVM ({@code hbase-testing-util}), on the local
 * filesystem under {@code java.io.tmpdir} (Maven points it at {@code target/}), with an in-process
 * ZooKeeper, no HDFS, no info servers (they would take fixed ports 16010/16030). Starts in ~10–14 s;
 * the suite starts it once per JVM ({@link HBaseTargets#shared()}).
 *
 * <p>Client and servers share this JVM and its cores: the numbers are the cost of HBase's code paths
 * (RPC over loopback, memstore, HFile writing, compression), not of a network or a disk array.
 */
public final class EmbeddedHBase extends HBaseTarget {

    private final HBaseTestingUtility util;
    private final Path dir;
    private final int regionServers;
    private final dev.kensho.common.cpu.ServerCpu.Registration cpu;

    /**
     * Threads of the mini cluster's servers (region servers, master, their RPC handlers and event loops, WAL
     * sync, flushes, compactions, procedures, ZooKeeper), by the names HBase 2.6 gives them; the rest of
     * this JVM is the client (its RPC client, connection pools, JMH's threads, GC, JIT).
     */
    static final java.util.regex.Pattern SERVER_THREADS = java.util.regex.Pattern.compile(
            "^(RpcServer\\.|RS-EventLoopGroup|RS:|M:|RS_|RSProcedureDispatcher|PEWorker|ProcedureDispatcher|regionserver/"
                    + "|master/|sync\\.\\d|MemStoreFlusher|HBase-Metrics2|SyncThread|NIOServerCxnFactory|NIOWorkerThread"
                    + "|ProcessThread\\(sid|RequestThrottler|JvmPauseMonitor|LruBlockCache|BucketCache|.*[Cc]ompact|.*Chore)");

    private EmbeddedHBase(HBaseTestingUtility util, Path dir, int regionServers) {
        this.util = util;
        this.dir = dir;
        this.regionServers = regionServers;
        int cores = Runtime.getRuntime().availableProcessors();
        this.cpu = dev.kensho.common.cpu.ServerCpu.register(new dev.kensho.common.cpu.ServerCpu.Probe(describe(),
                dev.kensho.common.cpu.ThreadCpu.matching(SERVER_THREADS), cores, true, true, false));
    }

    /** Starts a mini cluster with {@code kensho.hbase.regionServers} region servers. */
    public static EmbeddedHBase start() {
        HBaseTargets.requireSupportedJdk();
        HBaseTargets.requireAddOpens();
        int rs = (int) Settings.range(REGION_SERVERS_PROPERTY, Settings.get(REGION_SERVERS_PROPERTY, REGION_SERVERS_DEFAULT), 1, 8);
        Path dir = TempDirs.create("kensho-hbase-");
        // HBaseTestingUtility puts its data under this property (default: target/test-data of the working dir)
        System.setProperty("test.build.data.basedirectory", dir.toString());
        Configuration conf = HBaseConfiguration.create();
        conf.setInt("hbase.master.info.port", -1);
        conf.setInt("hbase.regionserver.info.port", -1);
        // the local filesystem has no hflush/hsync capability and no async output stream
        conf.set("hbase.wal.provider", "filesystem");
        conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
        // large batches (the write-up's 10,000 rows per request) are what we measure: don't warn on each
        conf.setInt("hbase.rpc.rows.warning.threshold", 100_000);
        Codecs.configure(conf);
        HBaseTestingUtility util = new HBaseTestingUtility(conf);
        try {
            util.startMiniZKCluster();
            util.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(rs)
                    .createRootDir(true).build());
        } catch (Exception e) {
            try {
                util.shutdownMiniCluster();
            } catch (Exception ignored) {
                // reporting the start failure below
            }
            TempDirs.delete(dir);
            throw new TargetFailure("embedded HBase mini cluster did not start (" + firstLine(e) + ")", e);
        }
        return new EmbeddedHBase(util, dir, rs);
    }

    @Override
    public Kind kind() {
        return Kind.EMBEDDED;
    }

    @Override
    public Configuration configuration() {
        return util.getConfiguration();
    }

    @Override
    public String describe() {
        return "embedded HBase mini cluster (" + regionServers + " region server" + (regionServers == 1 ? "" : "s")
                + ", local filesystem, zookeeper 127.0.0.1:" + util.getConfiguration().get("hbase.zookeeper.property.clientPort") + ")";
    }

    @Override
    public List<HFiles.StoreFile> storeFiles(TableName table) {
        requireSuiteNamespace(table, "inspect");
        // the stores' live files: compacted-away files linger in the directory until the discharger runs
        List<org.apache.hadoop.fs.Path> live = new java.util.ArrayList<>();
        for (HRegion r : util.getMiniHBaseCluster().getRegions(table)) {
            for (HStore s : r.getStores()) {
                s.getStorefiles().forEach(f -> live.add(f.getPath()));
            }
        }
        return HFiles.read(configuration(), table, live);
    }

    @Override
    protected boolean compacted(TableName tn) {
        for (HRegion r : util.getMiniHBaseCluster().getRegions(tn)) {
            for (HStore s : r.getStores()) {
                if (s.getStorefilesCount() > 1 || s.getMemStoreSize().getDataSize() > 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Flushes each region of the table in the region server, on the region's own flush path (the one
     * the memstore flusher takes when a memstore is full), regions in parallel. {@code Admin.flush} would
     * also do it, but through a master procedure whose dispatch adds a fixed ~0.3 s (measured here on an
     * already-empty table) — a cost of the admin call, not of writing HFiles, that a timed flush must not
     * carry. Returns when every memstore of the table is empty.
     */
    @Override
    public void flush(TableName tn) {
        requireSuiteNamespace(tn, "flush");
        util.getMiniHBaseCluster().getRegions(tn).parallelStream().forEach(r -> {
            try {
                while (r.getMemStoreDataSize() > 0) {
                    if (!r.flush(true).isFlushSucceeded() && r.getMemStoreDataSize() > 0) {
                        r.waitForFlushes(); // the memstore flusher is on it: wait, then flush what remains
                    }
                }
            } catch (java.io.IOException e) {
                throw new TargetFailure(describe() + ": cannot flush " + tn + " (" + firstLine(e) + ")", e);
            }
        });
    }

    @Override
    protected boolean flushed(TableName tn) {
        for (HRegion r : util.getMiniHBaseCluster().getRegions(tn)) {
            if (r.getMemStoreDataSize() > 0) {
                return false;
            }
        }
        return true;
    }

    /** The testing utility, for tools that run against the same cluster (PerformanceEvaluation). */
    public HBaseTestingUtility utility() {
        return util;
    }

    @Override
    public void close() {
        super.close();
        cpu.close();
        try {
            util.shutdownMiniHBaseCluster();
            util.shutdownMiniZKCluster();
        } catch (Exception ignored) {
            // shutting down; the temporary directory goes regardless
        }
        TempDirs.delete(dir);
    }
}
